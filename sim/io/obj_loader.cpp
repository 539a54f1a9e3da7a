#include "sim/io/obj_loader.h"

#include <tiny_obj_loader.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace sim {

namespace {

ObjResult convert(const tinyobj::ObjReader& reader, bool ok, const std::string& name) {
    ObjResult result;
    result.warnings = reader.Warning();
    if (!ok) {
        result.error = name + ": " + (reader.Error().empty() ? "could not parse" : reader.Error());
        while (!result.error.empty() && result.error.back() == '\n') result.error.pop_back();
        return result;
    }
    const auto& attrib = reader.GetAttrib();
    const size_t nv = attrib.vertices.size() / 3;
    for (size_t i = 0; i < nv; ++i)
        result.mesh.vertices.emplace_back(attrib.vertices[3 * i], attrib.vertices[3 * i + 1],
                                          attrib.vertices[3 * i + 2]);
    for (const auto& shape : reader.GetShapes()) {
        const auto& m = shape.mesh;
        size_t offset = 0;
        for (size_t f = 0; f < m.num_face_vertices.size(); ++f) {
            const int count = m.num_face_vertices[f];
            if (count == 3)
                result.mesh.triangles.push_back({m.indices[offset].vertex_index,
                                                 m.indices[offset + 1].vertex_index,
                                                 m.indices[offset + 2].vertex_index});
            offset += count;
        }
    }
    if (std::string problem = checkTriangleMesh(result.mesh); !problem.empty())
        result.error = name + ": " + problem;
    return result;
}

tinyobj::ObjReaderConfig config() {
    tinyobj::ObjReaderConfig cfg;
    cfg.triangulate = true;
    cfg.vertex_color = false;
    return cfg;
}

}  // namespace

ObjResult loadObj(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        ObjResult result;
        result.error = path + ": no such file";
        return result;
    }
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return parseObj(text.str(), path);
}

ObjResult parseObj(const std::string& objText, const std::string& nameForMessages) {
    tinyobj::ObjReader reader;
    bool ok = reader.ParseFromString(objText, "", config());
    return convert(reader, ok, nameForMessages);
}

}  // namespace sim
