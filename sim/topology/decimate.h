#pragma once
// Surface decimation with meshoptimizer's edge-collapse simplifier (quadric error), used
// to bring a scanned mesh (the 75k-triangle bunny) down to a few thousand triangles before
// TetGen: tetgen -pq1.414 on the full bunny gives ~939k tets. Unused vertices are dropped.
// Triangle pairs the simplifier folds flat (same three vertices, opposite windings) are
// dropped. The result is not guaranteed closed or free of self-intersections: callers check it.
#include <functional>
#include <string>

#include "sim/topology/triangle_mesh.h"

namespace sim {

TriangleMesh decimateSurface(const TriangleMesh& mesh, int targetTriangles);

// A closed surface decimated to about `targetTriangles` that is still closed and that
// `accept` (if given) takes, e.g. TetGen: an edge collapse can pinch a thin part (the bunny
// at 400 triangles is closed but TetGen aborts on it, at 401 it does not), so budgets near
// the target are tried, nearest first (target, +1, -1, +2, ...), up to kClosedTries of them.
// `accept` returns empty or why not. `error` (if given): empty, or why the target's own result
// was not taken when none was.
inline constexpr int kClosedTries = 16;
using AcceptSurface = std::function<std::string(const TriangleMesh&)>;
TriangleMesh decimateClosedSurface(const TriangleMesh& mesh, int targetTriangles,
                                   const AcceptSurface& accept = {}, std::string* error = nullptr);

}  // namespace sim
