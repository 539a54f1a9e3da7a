#pragma once
// Wavefront OBJ reading: vertices (`v x y z`) and faces (`f a b c ...`, each index `i`,
// `i/t`, `i/t/n` or `i//n`, negative = relative to the last vertex); every other statement
// (vt, vn, o, g, s, usemtl, ...) is skipped. All objects are merged into one mesh. Polygons
// are fanned from their first corner, which is linear in their size and exact for the
// convex polygons exporters write. Every failure — missing file, a coordinate that is not
// a finite number, an index out of range, an empty or degenerate mesh — comes back as a
// message naming the file and, where there is one, the line.
#include <string>

#include "sim/topology/triangle_mesh.h"

namespace sim {

struct ObjResult {
    TriangleMesh mesh;
    std::string error;     // empty on success
    std::string warnings;  // what was read but not used, if anything
};

ObjResult loadObj(const std::string& path);
ObjResult parseObj(const std::string& objText, const std::string& nameForMessages);

}  // namespace sim
