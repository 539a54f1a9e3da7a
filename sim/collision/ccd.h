#pragma once
// The exact continuous vertex-triangle test the checks use, independent of any solver.
// With every point moving linearly over t in [0, 1], q(t) is coplanar with the triangle
// when f(t) = (b(t) - a(t)) x (c(t) - a(t)) . (q(t) - a(t)) = 0, a cubic in t. Each root
// where f changes sign is a moment q passes through the plane; it is a crossing when q(t)
// then lies inside the triangle (barycentric coordinates >= 0).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

#include "sim/collision/spatial_hash.h"
#include "sim/core/types.h"

namespace sim {

// True (and the first crossing time in *t) when q passes through the moving triangle.
bool vertexTriangleCrossing(const Vec3& q0, const Vec3& q1, const Vec3& a0, const Vec3& a1,
                            const Vec3& b0, const Vec3& b1, const Vec3& c0, const Vec3& c1,
                            Real* t = nullptr);

// The parameters u, v of the closest points a + u (b - a), c + v (d - c) of the two lines;
// returns sin^2 of the angle between them, or 0 (u, v untouched) when they are parallel.
Real closestLineParameters(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d, Real* u,
                           Real* v);

// True (and the first crossing time in *t) when segment (a, b) passes through segment
// (c, d): f(t) = (b - a) x (d - c) . (c - a), a cubic, changes sign while the lines' closest
// points lie on both segments.
bool edgeEdgeCrossing(const Vec3& a0, const Vec3& a1, const Vec3& b0, const Vec3& b1,
                      const Vec3& c0, const Vec3& c1, const Vec3& d0, const Vec3& d1,
                      Real* t = nullptr);

// True when edges (a, b) and (c, d) share a vertex, or two of their vertices the same origin
// (Particles::origin: the copies a tear makes start at the same point, so their edges "meet"
// there without crossing). `origin` may be empty (every particle its own origin).
inline bool sharesOrigin(const std::vector<int>& origin, int a, int b, int c, int d) {
    if (a == c || a == d || b == c || b == d) return true;
    const int n = static_cast<int>(origin.size());
    auto o = [&](int i) { return i < n ? origin[i] : i; };
    const int oa = o(a), ob = o(b), oc = o(c), od = o(d);
    return oa == oc || oa == od || ob == oc || ob == od;
}

// The triangles' edges, each once, as (smaller index, larger index), sorted.
void uniqueEdges(const std::vector<std::array<int, 3>>& triangles,
                 std::vector<std::array<int, 2>>& edges);

// Counts the (vertex, triangle) pairs, vertex not in the triangle, that cross between the
// positions x0 and x1 (same particle order). Uses a spatial hash of swept boxes.
class CrossingCounter {
  public:
    int count(const std::vector<Vec3>& x0, const std::vector<Vec3>& x1,
              const std::vector<std::array<int, 3>>& triangles);
    // Counts the pairs of edges, sharing no vertex, that pass through each other; at most
    // kMaxPairsPerEdge exact tests per edge (truncated() then says it is a lower bound).
    // Pairs sharing an origin (sharesOrigin) are skipped.
    int countEdges(const std::vector<Vec3>& x0, const std::vector<Vec3>& x1,
                   const std::vector<std::array<int, 2>>& edges,
                   const std::vector<int>& origin = {});
    bool truncated() const { return truncated_; }
    static constexpr long kMaxPairsPerEdge = 16;

  private:
    // Boxes each element's sweep x0 -> x1 and hashes the boxes in cells of the larger of its
    // mean first edge and its mean box side (an element: triangle or edge, its particle
    // indices): cells of the edge length alone put every box of a fast-moving mesh in the
    // hash's scanned list of large boxes, and each query then visits all of them.
    template <std::size_t N>
    void hashSwept(const std::vector<Vec3>& x0, const std::vector<Vec3>& x1,
                   const std::vector<std::array<int, N>>& elements) {
        boxes_.resize(elements.size());
        Real lengthSum = 0, sideSum = 0;
        for (std::size_t e = 0; e < elements.size(); ++e) {
            Aabb box;
            for (int k : elements[e]) box.add(x0[k]), box.add(x1[k]);
            boxes_[e] = box;
            lengthSum += (x0[elements[e][1]] - x0[elements[e][0]]).norm();
            sideSum += (box.hi - box.lo).maxCoeff();
        }
        const Real n = static_cast<Real>(elements.size());
        // A non-finite side (an exploded run) keeps the edge length, as before.
        const Real cell = std::isfinite(sideSum) ? std::max(lengthSum, sideSum) / n : lengthSum / n;
        hash_.build(boxes_, std::max<Real>(cell, 1e-6));
    }

    std::vector<Aabb> boxes_;
    SpatialHash hash_;
    bool truncated_ = false;
};

}  // namespace sim
