// Edge-edge contacts of self_collision.h: edges that passed through each other in the solve
// are put back (the within-pieces sweep and prune, and the pairs between pieces).
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "sim/collision/ccd.h"
#include "sim/collision/neighbour_table.h"
#include "sim/collision/self_collision.h"

namespace sim {

Real evaluateEdgeContact(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d, Vec3* n,
                         Real* u, Real* v) {
    const Vec3 cross = (b - a).cross(d - c);
    const Real len = cross.norm();
    if (len < 1e-14 || closestLineParameters(a, b, c, d, u, v) == 0) {
        n->setZero();
        *u = *v = 0;
        return 0;
    }
    *n = cross / len;
    return (a - c).dot(*n);  // both lines are perpendicular to n
}

namespace {

// The edge-edge inequality of self_collision.h for a pair whose paths x -> p crossed; true
// when it moved a particle.
bool projectEdgeCrossing(Particles& P, int a, int b, int c, int d, Real thickness,
                         std::vector<Real>& budget, Real* largestMove) {
    // The side: the sign f(t) = (b - a) x (d - c) . (c - a) (ccd.h) had at x, which is
    // -|(b - a) x (d - c)| times the signed distance (a - c) . n. A pair that ends with f of
    // the same sign crossed an even number of times (or never): it is on its side, and is
    // left alone; otherwise the exact test says whether the lines met within both segments.
    const Vec3 cross0 = (P.x[b] - P.x[a]).cross(P.x[d] - P.x[c]);
    const Real f0 = cross0.dot(P.x[c] - P.x[a]);
    const Real f1 = (P.p[b] - P.p[a]).cross(P.p[d] - P.p[c]).dot(P.p[c] - P.p[a]);
    if ((f0 <= 0) == (f1 <= 0)) return false;
    // Sharing a vertex, or an origin: the two sides of a tear start together.
    if (sharesOrigin(P.origin, a, b, c, d)) return false;
    const int verts[4] = {a, b, c, d};
    if (P.w[a] + P.w[b] + P.w[c] + P.w[d] == 0) return false;
    if (!edgeEdgeCrossing(P.x[a], P.p[a], P.x[b], P.p[b], P.x[c], P.p[c], P.x[d], P.p[d]))
        return false;
    Vec3 n;
    Real u, v;
    const Real dist = evaluateEdgeContact(P.p[a], P.p[b], P.p[c], P.p[d], &n, &u, &v);
    const Real len0 = cross0.norm();
    if (n.squaredNorm() == 0 || len0 < 1e-14) return false;  // parallel: no normal
    const Real side = f0 <= 0 ? 1.0 : -1.0;
    const Real gap = std::min(thickness, std::abs(f0) / len0);  // the distance the lines started at
    const Real C = side * dist - gap;
    if (C >= 0) return false;
    u = std::clamp<Real>(u, 0, 1), v = std::clamp<Real>(v, 0, 1);
    const Real bw[4] = {1 - u, u, -(1 - v), -v};  // grad_k C = side bw[k] n
    Real sum = 0;
    for (int k = 0; k < 4; ++k) sum += P.w[verts[k]] * bw[k] * bw[k];
    if (sum < 1e-12) return false;
    Real s = -C / sum;  // PBD eq. 9 with stiffness 1
    // At most the pair's relative motion (at most half the longer edge) plus 2h per vertex.
    Real relative = 0;
    for (int i = 0; i < 2; ++i)
        for (int j = 2; j < 4; ++j)
            relative = std::max(
                relative,
                ((P.p[verts[i]] - P.x[verts[i]]) - (P.p[verts[j]] - P.x[verts[j]])).norm());
    const Real size = std::max((P.x[b] - P.x[a]).norm(), (P.x[d] - P.x[c]).norm());
    const Real maxStep = std::min(relative, 0.5 * size) + 2 * thickness;
    Real largest = 0;
    for (int k = 0; k < 4; ++k) largest = std::max(largest, s * P.w[verts[k]] * std::abs(bw[k]));
    if (largest > maxStep) s *= maxStep / largest;
    // And within what the self contacts may still move each particle this substep (the budget
    // projectSelfContacts spends): pairs that cannot all hold stop there.
    Real excess = 1;
    for (int k = 0; k < 4; ++k) {
        const Real move = s * P.w[verts[k]] * std::abs(bw[k]);
        if (move > 0) excess = std::max(excess, move / std::max<Real>(budget[verts[k]], 1e-12));
    }
    s /= excess;
    largest = 0;
    for (int k = 0; k < 4; ++k) {
        const Real move = s * P.w[verts[k]] * std::abs(bw[k]);
        budget[verts[k]] -= move;
        largest = std::max(largest, move);
        P.p[verts[k]] += s * P.w[verts[k]] * bw[k] * side * n;
    }
    *largestMove = largest;
    return largest > 0;
}

}  // namespace

void SelfCollision::updateMeshEdges(const std::vector<std::array<int, 3>>& triangles,
                                    uint64_t topologyVersion, int particles) {
    if (topologyVersion == meshEdgesVersion_ && triangles.size() == meshEdgesTriangles_ &&
        particles == meshEdgesParticles_)
        return;
    uniqueEdges(triangles, meshEdges_);
    buildNeighbourTable(
        particles, meshEdges_, [](const std::array<int, 2>& e) { return std::pair(e[0], e[1]); },
        edgeNeighbourStart_, edgeNeighbours_);
    meshEdgesVersion_ = topologyVersion;
    meshEdgesTriangles_ = triangles.size();
    meshEdgesParticles_ = particles;
}

int SelfCollision::resolveEdgePair(Particles& P, int a, int b, int c, int d, Real thickness,
                                   std::vector<Real>& budget, Real* drift) {
    Real move = 0;
    if (!projectEdgeCrossing(P, a, b, c, d, thickness, budget, &move)) return 0;
    *drift = std::max(*drift, move);
    marked_[a] = marked_[b] = marked_[c] = marked_[d] = 1;
    return 1;
}

int SelfCollision::resolveEdgesOfPairs(Particles& P, Real thickness,
                                       const std::vector<SelfContact>& pairs,
                                       std::vector<Real>& budget) {
    // Between pieces the pairs are few, so a sweep over their edges costs more than pair tests
    // (docs/notes/contacts.md): each pair's vertex q tests its own edges (q, r) against its
    // triangle's edges (c, d), another piece's, until a pass moves nothing. The screen is
    // projectEdgeCrossing's first test, the sign of f = (r - q) x (d - c) . (c - q) at x and
    // at p, written as (r - q) . g with g = (d - c) x (c - q) taken once per pair and edge.
    int projections = 0;
    Vec3 gx[3], gp[3];
    for (int pass = 0; pass < kEdgePasses; ++pass) {
        const int before = projections;
        for (const SelfContact& sc : pairs) {
            const int q = sc.q;
            auto prepare = [&] {
                for (int k = 0; k < 3; ++k) {
                    const int c = sc.tri[k], d = sc.tri[(k + 1) % 3];
                    gx[k] = (P.x[d] - P.x[c]).cross(P.x[c] - P.x[q]);
                    gp[k] = (P.p[d] - P.p[c]).cross(P.p[c] - P.p[q]);
                }
            };
            prepare();
            for (int e = edgeNeighbourStart_[q]; e < edgeNeighbourStart_[q + 1]; ++e) {
                const int r = edgeNeighbours_[e];
                const Vec3 ux = P.x[r] - P.x[q];
                Vec3 up = P.p[r] - P.p[q];
                for (int k = 0; k < 3; ++k) {
                    if ((ux.dot(gx[k]) <= 0) == (up.dot(gp[k]) <= 0)) continue;
                    Real move = 0;
                    if (projectEdgeCrossing(P, q, r, sc.tri[k], sc.tri[(k + 1) % 3], thickness,
                                            budget, &move))
                        ++projections, prepare(), up = P.p[r] - P.p[q];  // p moved
                }
            }
        }
        if (projections == before) break;
    }
    return projections;
}

Aabb SelfCollision::sweptEdgeBox(const Particles& P, int e) const {
    Aabb box;
    for (int k : meshEdges_[e]) box.add(P.x[k]), box.add(P.p[k]);
    return box;
}

Aabb SelfCollision::boxEdgesOfPairs(const Particles& P, const std::vector<SelfContact>& pairs) {
    // The particles of this substep's vertex-triangle pairs (see the header: where edges can
    // cross); the edges with one of them are boxed by their sweeps x -> p.
    for (const SelfContact& sc : pairs)
        marked_[sc.q] = marked_[sc.tri[0]] = marked_[sc.tri[1]] = marked_[sc.tri[2]] = 1;
    edgesTested_.clear();
    edgeBoxes_.clear();
    Aabb all;
    for (int e = 0; e < static_cast<int>(meshEdges_.size()); ++e) {
        if (!marked_[meshEdges_[e][0]] && !marked_[meshEdges_[e][1]]) continue;
        const Aabb box = sweptEdgeBox(P, e);
        if (!box.lo.allFinite() || !box.hi.allFinite()) continue;  // (the sort needs an order)
        edgesTested_.push_back(e);
        edgeBoxes_.push_back(box);
        all.add(box.lo), all.add(box.hi);
    }
    return all;
}

Real SelfCollision::sortEdgeBoxes(int axis) {
    const int tested = static_cast<int>(edgeBoxes_.size());
    // Long boxes (a stretched sliver of a rip, an edge flung across the scene) would meet every
    // box on the axis: they are kept aside, tested after the short ones, so that the sweep and a
    // later pass's window stay as narrow as the short boxes make them.
    Real extentSum = 0;
    for (const Aabb& box : edgeBoxes_) extentSum += box.hi[axis] - box.lo[axis];
    const Real longExtent = kLongBox * extentSum / tested;
    Real maxShort = 0;
    edgeLong_.assign(tested, 0);
    longEdges_.clear();
    for (int i = 0; i < tested; ++i) {
        const Real extent = edgeBoxes_[i].hi[axis] - edgeBoxes_[i].lo[axis];
        if (extent > longExtent)
            edgeLong_[i] = 1, longEdges_.push_back(i);
        else
            maxShort = std::max(maxShort, extent);
    }
    edgeOrder_.resize(tested);
    for (int i = 0; i < tested; ++i) edgeOrder_[i] = {edgeBoxes_[i].lo[axis], i};
    std::sort(edgeOrder_.begin(), edgeOrder_.end());
    return maxShort;
}

int SelfCollision::resolveEdgeCrossings(Particles& P,
                                        const std::vector<std::array<int, 3>>& triangles,
                                        uint64_t topologyVersion, Real thickness, bool withinPieces,
                                        const std::vector<SelfContact>& pairs,
                                        std::vector<Real>& budget) {
    cutShort_ = false;
    if (pairs.empty() || static_cast<int>(budget.size()) != P.size()) return 0;
    updateMeshEdges(triangles, topologyVersion, P.size());
    if (!withinPieces) return resolveEdgesOfPairs(P, thickness, pairs, budget);
    marked_.assign(P.size(), 0);
    const Aabb all = boxEdgesOfPairs(P, pairs);
    const int tested = static_cast<int>(edgesTested_.size());
    if (tested == 0) return 0;
    // Sweep and prune along the longest axis of their extent: sorted by the boxes' low end, each
    // box meets only those that start before it ends (a contact region holds a few hundred to a
    // few thousand edges; a spatial hash of them cost softbody_on_cloth ~10 % more per frame).
    EdgeSweep sweep{P, budget, thickness};
    (all.hi - all.lo).maxCoeff(&sweep.axis);
    sweep.maxShort = sortEdgeBoxes(sweep.axis);
    // The work bound (see the header): pairs of boxes looked at, over all passes.
    sweep.workLimit = edgeWork_.limit(tested);
    std::fill(marked_.begin(), marked_.end(), 0);  // from here: moved by the last pass
    firstEdgePass(sweep);
    for (int pass = 1; pass < kEdgePasses && sweep.projections > 0 && !cutShort_; ++pass)
        if (!laterEdgePass(sweep)) break;
    edgeWork_.record(sweep.work, tested, cutShort_);
    return sweep.projections;
}

bool SelfCollision::spent(EdgeSweep& sweep) {
    if (++sweep.work <= sweep.workLimit) return false;
    cutShort_ = true;
    return true;
}

void SelfCollision::resolve(EdgeSweep& sweep, int a, int b, int e) {
    sweep.projections += resolveEdgePair(sweep.P, a, b, meshEdges_[e][0], meshEdges_[e][1],
                                         sweep.thickness, sweep.budget, &sweep.drift);
}

void SelfCollision::firstEdgePass(EdgeSweep& sweep) {
    const int tested = static_cast<int>(edgesTested_.size());
    const int axis = sweep.axis;
    for (int k = 0; k < tested && !cutShort_; ++k) {
        const int i = edgeOrder_[k].second;
        if (edgeLong_[i]) continue;
        const Aabb& box = edgeBoxes_[i];
        const int a = meshEdges_[edgesTested_[i]][0], b = meshEdges_[edgesTested_[i]][1];
        for (int l = k + 1; l < tested && edgeOrder_[l].first <= box.hi[axis]; ++l) {
            const int j = edgeOrder_[l].second;
            if (edgeLong_[j]) continue;
            if (spent(sweep)) break;
            if (edgeBoxes_[j].overlaps(box)) resolve(sweep, a, b, edgesTested_[j]);
        }
    }
    // Each long box against every other box (a pair of two long ones once).
    for (size_t k = 0; k < longEdges_.size() && !cutShort_; ++k) {
        const int i = longEdges_[k];
        const Aabb& box = edgeBoxes_[i];
        const int a = meshEdges_[edgesTested_[i]][0], b = meshEdges_[edgesTested_[i]][1];
        for (int j = 0; j < tested; ++j) {
            if (j == i || (edgeLong_[j] && j < i)) continue;
            if (spent(sweep)) break;
            if (edgeBoxes_[j].overlaps(box)) resolve(sweep, a, b, edgesTested_[j]);
        }
    }
}

// Later passes re-test the edges a pass moved against the same boxes: only the moved edges'
// own boxes are stale, by at most the drift, so their query boxes grow by it. A short box
// that meets the query starts at most maxShort before it.
bool SelfCollision::laterEdgePass(EdgeSweep& sweep) {
    const int m = static_cast<int>(meshEdges_.size());
    const int axis = sweep.axis;
    edgesMoved_.clear();
    for (int e = 0; e < m; ++e)
        if (marked_[meshEdges_[e][0]] || marked_[meshEdges_[e][1]]) edgesMoved_.push_back(e);
    if (edgesMoved_.empty()) return false;
    std::fill(marked_.begin(), marked_.end(), 0);
    const int before = sweep.projections;
    for (int e : edgesMoved_) {
        if (cutShort_) break;
        const int a = meshEdges_[e][0], b = meshEdges_[e][1];
        Aabb box = sweptEdgeBox(sweep.P, e);
        box.inflate(sweep.drift);
        if (!box.lo.allFinite() || !box.hi.allFinite()) continue;
        auto test = [&](int j) {
            const int f = edgesTested_[j];
            if (f != e && edgeBoxes_[j].overlaps(box)) resolve(sweep, a, b, f);
        };
        // A pair of two moved edges may be tested twice: the second test finds it resolved.
        const auto first = std::lower_bound(
            edgeOrder_.begin(), edgeOrder_.end(),
            std::pair<Real, int>{box.lo[axis] - sweep.maxShort, std::numeric_limits<int>::min()});
        for (auto it = first; it != edgeOrder_.end() && it->first <= box.hi[axis]; ++it) {
            if (edgeLong_[it->second]) continue;
            if (spent(sweep)) break;
            test(it->second);
        }
        for (int j : longEdges_) {
            if (cutShort_ || spent(sweep)) break;
            test(j);
        }
    }
    return sweep.projections != before;
}

}  // namespace sim
