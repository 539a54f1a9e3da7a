#pragma once
// The exact continuous vertex-triangle test the checks use, independent of any solver.
// With every point moving linearly over t in [0, 1], q(t) is coplanar with the triangle
// when f(t) = (b(t) - a(t)) x (c(t) - a(t)) . (q(t) - a(t)) = 0, a cubic in t. Each root
// where f changes sign is a moment q passes through the plane; it is a crossing when q(t)
// then lies inside the triangle (barycentric coordinates >= 0).
#include <vector>

#include "sim/collision/spatial_hash.h"
#include "sim/core/types.h"

namespace sim {

// True (and the first crossing time in *t) when q passes through the moving triangle.
bool vertexTriangleCrossing(const Vec3& q0, const Vec3& q1, const Vec3& a0, const Vec3& a1,
                            const Vec3& b0, const Vec3& b1, const Vec3& c0, const Vec3& c1,
                            Real* t = nullptr);

// Counts the (vertex, triangle) pairs, vertex not in the triangle, that cross between the
// positions x0 and x1 (same particle order). Uses a spatial hash of swept boxes.
class CrossingCounter {
  public:
    int count(const std::vector<Vec3>& x0, const std::vector<Vec3>& x1,
              const std::vector<std::array<int, 3>>& triangles);

  private:
    std::vector<Aabb> boxes_;
    SpatialHash hash_;
};

}  // namespace sim
