#pragma once
// Wavefront OBJ reading through tinyobjloader. All shapes are merged into one mesh,
// polygons triangulated. Every failure — missing file, parse error, bad index, empty or
// degenerate mesh — comes back as a message that names the file.
#include <string>

#include "sim/topology/triangle_mesh.h"

namespace sim {

struct ObjResult {
    TriangleMesh mesh;
    std::string error;     // empty on success
    std::string warnings;  // tinyobjloader's warnings, if any
};

ObjResult loadObj(const std::string& path);
ObjResult parseObj(const std::string& objText, const std::string& nameForMessages);

}  // namespace sim
