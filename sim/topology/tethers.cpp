#include "sim/topology/tethers.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <iterator>
#include <optional>
#include <queue>
#include <tuple>

namespace sim {

namespace {
// Pins each particle is tethered to. With the nearest only, a span between two pins (the
// top edge of hanging_cloth) sags by stretching the edge where the two pins' basins meet,
// and no tether holds that edge; with two it cannot.
using Triangle = std::array<int, 3>;
constexpr int kAnchors = 2;

using Edge = std::pair<int, int>;

// A tether may use the straight rest distance when the sheet is flat at rest and the straight
// segment between the two rest positions stays on it: it crosses no boundary edge (the rim, a
// cut, a tear). Off a flat rest sheet the edge path is used: it overestimates the geodesic (the
// path zigzags along the triangles, by up to 41 % across a grid's diagonals), and a tether
// nearly perpendicular to the load is only as tight as its length: with path lengths the
// second row of hanging_cloth dropped 10 cm.

// The unit normal of the rest shape when it is one flat sheet, else zero.
Vec3 flatRestNormal(const Particles& P, const std::vector<Triangle>& triangles) {
    if (triangles.empty() || P.rest.size() != P.x.size()) return Vec3::Zero();  // no rest shape
    const Vec3& a = P.rest[triangles[0][0]];
    Vec3 normal = (P.rest[triangles[0][1]] - a).cross(P.rest[triangles[0][2]] - a);
    if (normal.norm() < 1e-12) return Vec3::Zero();
    normal.normalize();
    Real extent = 0;
    for (const Vec3& r : P.rest) extent = std::max(extent, (r - a).norm());
    for (const Vec3& r : P.rest)
        if (std::abs((r - a).dot(normal)) > 1e-6 * (1 + extent)) return Vec3::Zero();  // not flat
    return normal;
}

// An ordered pair of indices as one sortable key, and back.
uint64_t pairKey(int a, int b) {
    return static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32 | static_cast<uint32_t>(b);
}
Edge pairOfKey(uint64_t key) {
    return {static_cast<int>(key >> 32), static_cast<int>(key & 0xffffffffu)};
}

// Edges used by one triangle, in (min, max) order.
std::vector<Edge> boundaryEdges(const std::vector<Triangle>& triangles) {
    std::vector<uint64_t> keys;
    keys.reserve(3 * triangles.size());
    for (const Triangle& t : triangles)
        for (int k = 0; k < 3; ++k) {
            const auto [lo, hi] = std::minmax(t[k], t[(k + 1) % 3]);
            keys.push_back(pairKey(lo, hi));
        }
    std::sort(keys.begin(), keys.end());
    std::vector<Edge> boundary;
    for (size_t k = 0; k < keys.size();) {
        size_t end = k;
        while (end < keys.size() && keys[end] == keys[k]) ++end;
        if (end - k == 1) boundary.push_back(pairOfKey(keys[k]));
        k = end;
    }
    return boundary;
}

// Whether rest segments cross a set of boundary edges of a flat sheet. The edges sit in a
// uniform grid over the rest plane, so a segment is tested only against the edges near it.
// Testing every edge (every tether against every boundary edge) made each rebuild a hitch at
// every tear of tearable_cloth (docs/notes/tearing.md).
class StraightRest {
  public:
    // normal: the sheet's unit normal; origin: a point of its plane.
    StraightRest(const Particles& P, const Vec3& normal, const Vec3& origin,
                 std::vector<Edge> boundary)
        : P_(P), normal_(normal), boundary_(std::move(boundary)) {
        buildGrid(origin);
    }
    // Whether the rest segment from i to the pin crosses one of the edges.
    bool crosses(int i, int pin) const {
        const Vec3 a = P_.rest[i], b = P_.rest[pin];
        // Cells of points at most h/2 apart along the segment, with their neighbours: every
        // point of the segment lies within h/4 of one of them, so every cell it touches is
        // visited, and an edge it crosses is in the cell of the crossing point.
        const auto [ax, ay] = plane(a);
        const auto [bx, by] = plane(b);
        const int samples =
            1 + static_cast<int>(std::ceil(
                    2 * std::sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay)) * invH_));
        ++visit_;
        for (int s = 0; s <= samples; ++s) {
            const Real f = static_cast<Real>(s) / samples;
            const int cx = cell(ax + f * (bx - ax), 0), cy = cell(ay + f * (by - ay), 1);
            for (int y = std::max(cy - 1, 0); y <= std::min(cy + 1, n_[1] - 1); ++y)
                for (int x = std::max(cx - 1, 0); x <= std::min(cx + 1, n_[0] - 1); ++x) {
                    const int c = y * n_[0] + x;
                    if (cellVisited_[c] == visit_) continue;
                    cellVisited_[c] = visit_;
                    for (int k = cellStart_[c]; k < cellStart_[c + 1]; ++k) {
                        const int e = cellEdges_[k];
                        if (edgeVisited_[e] == visit_) continue;
                        edgeVisited_[e] = visit_;
                        const auto [u, v] = boundary_[e];
                        if (u == i || v == i || u == pin || v == pin) continue;
                        if (segmentsCross(a, b, P_.rest[u], P_.rest[v])) return true;
                    }
                }
        }
        return false;
    }

  private:
    // About sqrt(edges) cells a side over the rest positions' box, edges stored by cell (CSR).
    void buildGrid(const Vec3& origin) {
        origin_ = origin;
        axis_[0] = normal_.unitOrthogonal();
        axis_[1] = normal_.cross(axis_[0]);
        Real lo[2] = {0, 0}, hi[2] = {0, 0};
        for (const Vec3& r : P_.rest) {
            const auto [x, y] = plane(r);
            lo[0] = std::min(lo[0], x), hi[0] = std::max(hi[0], x);
            lo[1] = std::min(lo[1], y), hi[1] = std::max(hi[1], y);
        }
        const int side = std::clamp(static_cast<int>(std::sqrt(Real(boundary_.size()))), 1, 512);
        h_ = std::max({hi[0] - lo[0], hi[1] - lo[1], Real(1e-9)}) / side;
        invH_ = 1 / h_;
        for (int d = 0; d < 2; ++d) {
            lo_[d] = lo[d];
            n_[d] = std::clamp(static_cast<int>((hi[d] - lo[d]) / h_) + 1, 1, 1024);
        }
        cellStart_.assign(n_[0] * n_[1] + 1, 0);
        // An edge goes into the cells its box touches, the box grown by far more than a
        // rounding error, so that a crossing point's cell is among them.
        const Real grow = 1e-6 * h_;
        auto forCells = [&](const Edge& e, auto&& f) {
            const auto [ux, uy] = plane(P_.rest[e.first]);
            const auto [vx, vy] = plane(P_.rest[e.second]);
            const int x0 = cell(std::min(ux, vx) - grow, 0), x1 = cell(std::max(ux, vx) + grow, 0);
            const int y0 = cell(std::min(uy, vy) - grow, 1), y1 = cell(std::max(uy, vy) + grow, 1);
            for (int y = y0; y <= y1; ++y)
                for (int x = x0; x <= x1; ++x) f(y * n_[0] + x);
        };
        for (const auto& e : boundary_) forCells(e, [&](int c) { ++cellStart_[c + 1]; });
        for (size_t c = 1; c < cellStart_.size(); ++c) cellStart_[c] += cellStart_[c - 1];
        cellEdges_.resize(cellStart_.back());
        std::vector<int> fill(cellStart_.begin(), cellStart_.end() - 1);
        for (size_t e = 0; e < boundary_.size(); ++e)
            forCells(boundary_[e], [&](int c) { cellEdges_[fill[c]++] = static_cast<int>(e); });
        edgeVisited_.assign(boundary_.size(), 0);
        cellVisited_.assign(n_[0] * n_[1], 0);
    }
    std::pair<Real, Real> plane(const Vec3& r) const {
        return {(r - origin_).dot(axis_[0]), (r - origin_).dot(axis_[1])};
    }
    // Truncation is floor here: below 0 both clamp to cell 0 (std::floor is a libm call).
    int cell(Real coordinate, int d) const {
        const Real u = std::clamp((coordinate - lo_[d]) * invH_, Real(0), Real(n_[d] - 1));
        return static_cast<int>(u);
    }
    // Proper crossing of two segments in the sheet's plane.
    bool segmentsCross(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) const {
        auto side = [&](const Vec3& p, const Vec3& q, const Vec3& r) {
            return (q - p).cross(r - p).dot(normal_);
        };
        const Real d1 = side(a, b, c), d2 = side(a, b, d);
        if ((d1 > 0) == (d2 > 0) || d1 == 0 || d2 == 0) return false;  // c, d on one side of ab
        const Real d3 = side(c, d, a), d4 = side(c, d, b);
        return (d3 > 0) != (d4 > 0) && d3 != 0 && d4 != 0;
    }
    const Particles& P_;
    Vec3 normal_;
    std::vector<Edge> boundary_;
    // The grid: cells of side h_ from lo_ along axis_ (in the plane through origin_).
    Vec3 origin_ = Vec3::Zero(), axis_[2] = {Vec3::Zero(), Vec3::Zero()};
    Real lo_[2] = {0, 0}, h_ = 1, invH_ = 1;
    int n_[2] = {1, 1};
    std::vector<int> cellStart_, cellEdges_;
    // visit_ marks the cells and edges one query has tested.
    mutable std::vector<uint32_t> cellVisited_, edgeVisited_;
    mutable uint32_t visit_ = 0;
};
}  // namespace

namespace {

// Decides, tether by tether, whether the straight rest distance may be used: from the cache
// where it holds (see TetherCache), else by the grid over the whole boundary, built on first
// use. `cache` is brought up to this build.
class StraightDecider {
  public:
    StraightDecider(const Particles& P, const std::vector<Triangle>& triangles, TetherCache* cache)
        : P_(P), normal_(flatRestNormal(P, triangles)), cache_(cache) {
        if (normal_.isZero()) {
            if (cache_) cache_->clear();
            return;
        }
        origin_ = P.rest[triangles[0][0]];
        boundary_ = boundaryEdges(triangles);
        if (!cache_) return;
        std::vector<uint64_t> keys;
        keys.reserve(boundary_.size());
        for (const auto& [u, v] : boundary_) {
            const auto [a, b] = std::minmax(P.origin[u], P.origin[v]);
            keys.push_back(pairKey(a, b));
        }
        std::sort(keys.begin(), keys.end());
        keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
        // An extension of the last build: its particles and their rest positions unchanged,
        // its boundary kept.
        const std::vector<Vec3>& rest = cache_->rest;
        const std::vector<uint64_t>& old = cache_->boundary;
        incremental_ = !rest.empty() && rest.size() <= P.rest.size() &&
                       std::equal(rest.begin(), rest.end(), P.rest.begin()) &&
                       std::includes(keys.begin(), keys.end(), old.begin(), old.end());
        if (incremental_) {
            std::vector<uint64_t> added;
            std::set_difference(keys.begin(), keys.end(), old.begin(), old.end(),
                                std::back_inserter(added));
            for (uint64_t k : added)  // an origin is a particle at the edge's rest position
                added_.push_back(pairOfKey(k));
        }
        cache_->rest = P.rest;
        cache_->boundary = std::move(keys);
    }
    bool straight(int i, int pin) {
        if (normal_.isZero()) return false;
        if (!cache_) return !whole().crosses(i, pin);
        const auto [it, inserted] = next_.try_emplace(pairKey(P_.origin[i], P_.origin[pin]), false);
        if (inserted) it->second = decide(i, pin, it->first);
        return it->second;  // else decided earlier in this build (a split copy's twin)
    }
    // Keeps this build's decisions: the ones it did not make were not tested against the
    // edges it added, so they go.
    void finish() {
        if (cache_ && !normal_.isZero()) cache_->straight.swap(next_);
    }

  private:
    bool decide(int i, int pin, uint64_t key) {
        if (incremental_) {
            const auto last = cache_->straight.find(key);
            if (last != cache_->straight.end())
                return last->second && (added_.empty() || !added().crosses(i, pin));
        }
        return !whole().crosses(i, pin);
    }
    const StraightRest& whole() {
        if (!whole_) whole_.emplace(P_, normal_, origin_, boundary_);
        return *whole_;
    }
    const StraightRest& added() {
        if (!addedGrid_) addedGrid_.emplace(P_, normal_, origin_, added_);
        return *addedGrid_;
    }

    const Particles& P_;
    Vec3 normal_, origin_ = Vec3::Zero();
    TetherCache* cache_;  // null: decide without one
    bool incremental_ = false;
    std::vector<Edge> boundary_, added_;
    std::optional<StraightRest> whole_, addedGrid_;
    std::unordered_map<uint64_t, bool> next_;  // this build's decisions
};

}  // namespace

void buildTethers(const Particles& P, const std::vector<DistanceConstraint>& edges,
                  const std::vector<std::array<int, 3>>& triangles,
                  std::vector<TetherConstraint>& tethers, TetherCache* cache, int held) {
    StraightDecider straight(P, triangles, cache);
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
        if (i != pin && (!P.pinned[i] || i == held))
            tethers.push_back(
                {i, pin, straight.straight(i, pin) ? (P.rest[i] - P.rest[pin]).norm() : d, 1.0});
        for (int k = start[i]; k < start[i + 1]; ++k)
            if (count[next[k]] < kAnchors) queue.push({d + weight[k], next[k], pin});
    }
    straight.finish();
}

}  // namespace sim
