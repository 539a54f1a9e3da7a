#include "sim/io/sdf_file.h"

#include "sim/io/obj_loader.h"

namespace sim {

std::shared_ptr<const SignedDistanceField> loadSdfFromObj(const std::string& path, Real cell,
                                                          Real padding, std::string* error) {
    ObjResult obj = loadObj(path);
    if (!obj.error.empty()) {
        if (error) *error = obj.error;
        return nullptr;
    }
    std::string e;
    auto field = SignedDistanceField::build(obj.mesh, cell, padding, &e);
    if (!field && error) *error = path + ": " + e;
    return field;
}

}  // namespace sim
