#pragma once
// Surface decimation with meshoptimizer's edge-collapse simplifier (quadric error), used
// to bring a scanned mesh (the 75k-triangle bunny) down to a few thousand triangles before
// TetGen: tetgen -pq1.414 on the full bunny gives ~939k tets. Unused vertices are dropped.
// The result is not guaranteed closed or free of self-intersections: callers check it.
#include "sim/topology/triangle_mesh.h"

namespace sim {

TriangleMesh decimateSurface(const TriangleMesh& mesh, int targetTriangles);

}  // namespace sim
