#pragma once
// A mesh collider's distance field from an OBJ file (sdf.h builds it from a mesh).
#include <memory>
#include <string>

#include "sim/collision/sdf.h"

namespace sim {

// Loads an OBJ and builds its field; null with `error` naming the file on failure.
std::shared_ptr<const SignedDistanceField> loadSdfFromObj(const std::string& path, Real cell,
                                                          Real padding, std::string* error);

}  // namespace sim
