#include "sim/world/checks.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "sim/world/world.h"

namespace sim {

int countPenetrations(const World& world) {
    const Real h = world.settings.collisionThickness;
    int count = 0;
    for (const Vec3& x : world.particles.x)
        for (const Collider& c : world.colliders)
            if (signedDistance(c, x, 0.0) < -h) {
                ++count;
                break;
            }
    return count;
}

Real releasableEnergy(const World& world) {
    const Particles& P = world.particles;
    Real mass = 0, moment = 0;
    for (int i = 0; i < P.size(); ++i)
        if (P.w[i] > 0) mass += P.m[i], moment += P.m[i] * P.x[i].y();
    return mass > 0 ? world.settings.gravity.norm() * std::max<Real>(moment, 0) : 0;
}

std::vector<int> componentRoots(const World& world) {
    const int n = world.particles.size();
    std::vector<int> parent(n);
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](int i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    };
    auto unite = [&](int a, int b) { parent[find(a)] = find(b); };
    // Every constraint joins its particles (a soft body is held by its tets, not edges);
    // contact-like ones (regenerated every substep) join nothing.
    visitConstraints(world.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        if constexpr (!Traits::unilateral)
            for (const auto& c : array) {
                const auto idx = Traits::indices(c);
                for (int k : idx) unite(k, *idx.begin());
            }
    });
    for (const Triangle& t : world.triangles) unite(t[0], t[1]), unite(t[1], t[2]);
    for (int i = 0; i < n; ++i) parent[i] = find(i);
    return parent;
}

int countComponents(const World& world) {
    const std::vector<int> root = componentRoots(world);
    int roots = 0;
    for (int i = 0; i < static_cast<int>(root.size()); ++i) roots += root[i] == i;
    return roots;
}

Real volumeRatio(const World& world) {
    Real volume = 0, target = 0;
    for (const PressureConstraint& c : world.constraints.pressure) {
        volume += enclosedVolume(c, world.particles.x);
        target += c.pressure * c.restVolume;
    }
    return target > 0 ? volume / target : 0;
}

namespace {

// Brings the positions of the last call up to the world's particle count: a particle new
// since then (a tear's duplicate) is traced back by its velocity. False on the first call.
bool extendPrevious(const World& world, std::vector<Vec3>& previous) {
    const std::vector<Vec3>& x = world.particles.x;
    const bool had = !previous.empty();
    if (previous.size() > x.size()) previous.clear();
    for (size_t i = previous.size(); i < x.size(); ++i)
        previous.push_back(x[i] - world.settings.frameDt * world.particles.v[i]);
    return had;
}

}  // namespace

int CrossingMonitor::update(const World& world) {
    const std::vector<Vec3>& x = world.particles.x;
    const bool had = extendPrevious(world, previous_);
    truncated_ = false;
    lastWork_ = 0;
    const long elements = static_cast<long>(x.size() + world.triangles.size());
    const long projections = static_cast<long>(world.settings.substeps) *
                             world.settings.iterations *
                             static_cast<long>(world.constraints.size() + x.size());
    const long budget = std::max(kFloorPerElement * elements, kPerProjection * projections);
    const int crossings = had ? count(previous_, x, world.triangles, budget) : 0;
    truncatedUpdates_ += truncated_;
    previous_ = x;
    return crossings;
}

int EdgeCrossingMonitor::update(const World& world) {
    const std::vector<Vec3>& x = world.particles.x;
    const bool had = extendPrevious(world, previous_);
    // The edge list changes only with the topology (a tear, a cut, a scene change).
    const std::pair<uint64_t, size_t> key{world.topologyVersion(), world.triangles.size()};
    if (edgesFor_ != key) {
        uniqueEdges(world.triangles, edges_);
        edgesFor_ = key;
    }
    const int crossings =
        had ? counter_.countEdges(previous_, x, edges_, world.particles.origin) : 0;
    truncatedUpdates_ += had && counter_.truncated();
    previous_ = x;
    return crossings;
}

namespace {

struct Grid {
    Real inv = 1;
    std::array<int64_t, 3> cell(const Vec3& p) const {
        return {static_cast<int64_t>(std::floor(p.x() * inv)),
                static_cast<int64_t>(std::floor(p.y() * inv)),
                static_cast<int64_t>(std::floor(p.z() * inv))};
    }
    // Cells a box covers, or kMaxCells + 1 when more (or not finite).
    long cells(const Aabb& b, std::array<int64_t, 3>& lo, std::array<int64_t, 3>& hi) const {
        if (!b.lo.allFinite() || !b.hi.allFinite() || ((b.hi - b.lo) * inv).maxCoeff() > 1e6)
            return CrossingMonitor::kMaxCells + 1;
        lo = cell(b.lo), hi = cell(b.hi);
        return (hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1) * (hi[2] - lo[2] + 1);
    }
    static uint64_t key(int64_t i, int64_t j, int64_t k) {
        return static_cast<uint64_t>(i) * 73856093u ^ static_cast<uint64_t>(j) * 19349663u ^
               static_cast<uint64_t>(k) * 83492791u;
    }
};

}  // namespace

Real CrossingMonitor::boxTriangles(const std::vector<Vec3>& x0, const std::vector<Vec3>& x1,
                                   const std::vector<Triangle>& triangles) {
    Real edges = 0;
    triBoxes_.resize(triangles.size());
    for (size_t t = 0; t < triangles.size(); ++t) {
        Aabb box;
        for (int k : triangles[t]) box.add(x0[k]), box.add(x1[k]);
        triBoxes_[t] = box;
        const Real e = (x0[triangles[t][1]] - x0[triangles[t][0]]).norm();
        if (std::isfinite(e)) edges += e;
    }
    return edges;
}

uint64_t CrossingMonitor::sortCells() {
    size_t buckets = 1;
    while (buckets < 2 * cellOf_.size() + 1) buckets *= 2;
    const uint64_t mask = buckets - 1;
    start_.assign(buckets + 1, 0);
    for (const auto& [key, t] : cellOf_) ++start_[(key & mask) + 1];
    for (size_t b = 0; b < buckets; ++b) start_[b + 1] += start_[b];
    entries_.resize(cellOf_.size());
    fill_.assign(start_.begin(), start_.end() - 1);
    for (const auto& [key, t] : cellOf_) entries_[fill_[key & mask]++] = t;
    return mask;
}

int CrossingMonitor::count(const std::vector<Vec3>& x0, const std::vector<Vec3>& x1,
                           const std::vector<Triangle>& triangles, long budget) {
    long work = 0;
    if (triangles.empty()) return 0;
    Grid grid;
    grid.inv = 1.0 / std::max(2 * boxTriangles(x0, x1, triangles) / triangles.size(), Real(1e-6));
    // Hashed grid as one array sorted by bucket (counting sort): entries of bucket b are
    // entries_[start_[b], start_[b + 1]).
    std::array<int64_t, 3> lo{}, hi{};
    large_.clear();
    cellOf_.clear();
    for (int t = 0; t < static_cast<int>(triangles.size()); ++t) {
        if (grid.cells(triBoxes_[t], lo, hi) > kMaxCells) {
            large_.push_back(t);
            continue;
        }
        for (int64_t i = lo[0]; i <= hi[0]; ++i)
            for (int64_t j = lo[1]; j <= hi[1]; ++j)
                for (int64_t k = lo[2]; k <= hi[2]; ++k) cellOf_.push_back({Grid::key(i, j, k), t});
    }
    const uint64_t mask = sortCells();
    work += static_cast<long>(cellOf_.size() + triangles.size());
    seen_.assign(triangles.size(), 0);
    stamp_ = 0;
    int crossings = 0;
    // Box test, then the exact test, of vertex q against triangle t (each pair once).
    auto test = [&](int q, const Aabb& qb, int t) {
        if (seen_[t] == stamp_) return;
        seen_[t] = stamp_;
        ++work;
        const Triangle& tri = triangles[t];
        if (tri[0] == q || tri[1] == q || tri[2] == q || !triBoxes_[t].overlaps(qb)) return;
        work += kExactCost;
        if (vertexTriangleCrossing(x0[q], x1[q], x0[tri[0]], x1[tri[0]], x0[tri[1]], x1[tri[1]],
                                   x0[tri[2]], x1[tri[2]]))
            ++crossings;
    };
    for (int q = 0; q < static_cast<int>(x0.size()); ++q) {
        Aabb qb;
        qb.add(x0[q]);
        qb.add(x1[q]);
        const long span = grid.cells(qb, lo, hi);
        const long cost = span > kMaxCells ? static_cast<long>(triangles.size())
                                           : span + static_cast<long>(large_.size());
        if (work + cost > budget) {
            truncated_ = true;
            break;
        }
        ++stamp_;
        if (span > kMaxCells) {
            for (int t = 0; t < static_cast<int>(triangles.size()); ++t) test(q, qb, t);
        } else {
            for (int t : large_) test(q, qb, t);
            for (int64_t i = lo[0]; i <= hi[0]; ++i)
                for (int64_t j = lo[1]; j <= hi[1]; ++j)
                    for (int64_t k = lo[2]; k <= hi[2]; ++k) {
                        ++work;
                        const uint64_t b = Grid::key(i, j, k) & mask;
                        for (uint32_t e = start_[b]; e < start_[b + 1]; ++e)
                            test(q, qb, entries_[e]);
                    }
        }
    }
    lastWork_ = work;
    return crossings;
}

}  // namespace sim
