#include "sim/topology/tethers.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <queue>
#include <tuple>

namespace sim {

namespace {
// Pins each particle is tethered to. With the nearest only, a span between two pins (the
// top edge of hanging_cloth) sags by stretching the edge where the two pins' basins meet
// (measured: max strain 1.08 there at 10 PBD iterations); with two it cannot.
using Triangle = std::array<int, 3>;
constexpr int kAnchors = 2;

// Decides whether a tether may use the straight rest distance: on a sheet that is flat at
// rest, the straight segment between two rest positions lies on the sheet unless it crosses
// a boundary edge (the rim, a cut, a tear). Off a flat rest sheet the edge path is used: it
// overestimates the geodesic (the path zigzags along the triangles, by up to 41 % across a
// grid's diagonals), and a tether nearly perpendicular to the load is only as tight as its
// length: with path lengths the second row of hanging_cloth dropped 10 cm.
class StraightRest {
  public:
    StraightRest(const Particles& P, const std::vector<Triangle>& triangles) : P_(P) {
        if (triangles.empty() || P.rest.size() != P.x.size()) return;  // no rest shape: paths
        const Vec3& a = P.rest[triangles[0][0]];
        normal_ = (P.rest[triangles[0][1]] - a).cross(P.rest[triangles[0][2]] - a);
        if (normal_.norm() < 1e-12) return;
        normal_.normalize();
        Real extent = 0;
        for (const Vec3& r : P.rest) extent = std::max(extent, (r - a).norm());
        for (const Vec3& r : P.rest)
            if (std::abs((r - a).dot(normal_)) > 1e-6 * (1 + extent)) return;  // not flat
        std::map<std::pair<int, int>, int> uses;
        for (const Triangle& t : triangles)
            for (int k = 0; k < 3; ++k)
                ++uses[{std::min(t[k], t[(k + 1) % 3]), std::max(t[k], t[(k + 1) % 3])}];
        for (const auto& [edge, count] : uses)
            if (count == 1) boundary_.push_back(edge);
        flat_ = true;
    }
    // The straight rest distance from i to the pin when the segment stays on the sheet.
    Real length(int i, int pin, Real pathLength) const {
        if (!flat_) return pathLength;
        const Vec3 a = P_.rest[i], b = P_.rest[pin];
        for (const auto& [u, v] : boundary_) {
            if (u == i || v == i || u == pin || v == pin) continue;
            if (segmentsCross(a, b, P_.rest[u], P_.rest[v])) return pathLength;
        }
        return (a - b).norm();
    }

  private:
    // Proper crossing of two segments in the sheet's plane.
    bool segmentsCross(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) const {
        auto side = [&](const Vec3& p, const Vec3& q, const Vec3& r) {
            return (q - p).cross(r - p).dot(normal_);
        };
        const Real d1 = side(a, b, c), d2 = side(a, b, d), d3 = side(c, d, a), d4 = side(c, d, b);
        return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0)) && d1 != 0 && d2 != 0 && d3 != 0 &&
               d4 != 0;
    }
    const Particles& P_;
    Vec3 normal_ = Vec3::Zero();
    bool flat_ = false;
    std::vector<std::pair<int, int>> boundary_;
};
}  // namespace

void buildTethers(const Particles& P, const std::vector<DistanceConstraint>& edges,
                  const std::vector<std::array<int, 3>>& triangles,
                  std::vector<TetherConstraint>& tethers) {
    const StraightRest straight(P, triangles);
    const int n = P.size();
    tethers.clear();
    // Adjacency by counting sort (CSR), weights = rest lengths.
    std::vector<int> start(n + 1, 0), next;
    std::vector<Real> weight;
    for (const DistanceConstraint& e : edges) ++start[e.i + 1], ++start[e.j + 1];
    for (int i = 0; i < n; ++i) start[i + 1] += start[i];
    next.resize(start[n]);
    weight.resize(start[n]);
    std::vector<int> fill(start.begin(), start.end() - 1);
    for (const DistanceConstraint& e : edges) {
        next[fill[e.i]] = e.j, weight[fill[e.i]++] = e.restLength;
        next[fill[e.j]] = e.i, weight[fill[e.j]++] = e.restLength;
    }
    // Each particle records its nearest kAnchors distinct pins: a Dijkstra whose queue items
    // carry their source pin, where a particle accepts a source once and at most kAnchors.
    std::vector<int> count(n, 0);
    std::vector<std::array<int, kAnchors>> source(n);
    using Item = std::tuple<Real, int, int>;  // distance, particle, pin
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    for (int i = 0; i < n; ++i)
        if (P.pinned[i]) queue.push({0, i, i});
    while (!queue.empty()) {
        const auto [d, i, pin] = queue.top();
        queue.pop();
        const auto& seen = source[i];
        if (count[i] == kAnchors ||
            std::find(seen.begin(), seen.begin() + count[i], pin) != seen.begin() + count[i])
            continue;
        source[i][count[i]++] = pin;
        if (i != pin && !P.pinned[i]) tethers.push_back({i, pin, straight.length(i, pin, d), 1.0});
        for (int k = start[i]; k < start[i + 1]; ++k)
            if (count[next[k]] < kAnchors) queue.push({d + weight[k], next[k], pin});
    }
}

}  // namespace sim
