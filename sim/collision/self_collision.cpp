#include "sim/collision/self_collision.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "sim/collision/ccd.h"
#include "sim/collision/neighbour_table.h"
#include "sim/collision/sdf.h"

namespace sim {

namespace {

// How far past an edge (in barycentric units) q still counts as over the triangle.
constexpr Real kEdgeSlack = 0.1;

// Self-contact budget per particle and substep, in thicknesses beyond its own motion.
// A smaller budget lets the fold scene cross; 12 keeps it and tearable_cloth stable
// (docs/notes/contacts.md).
constexpr Real kBudget = 12;

}  // namespace

void barycentric(const Vec3& x, const Vec3& a, const Vec3& b, const Vec3& c, Real out[3]) {
    const Vec3 e0 = b - a, e1 = c - a, d = x - a;
    const Real d00 = e0.dot(e0), d01 = e0.dot(e1), d11 = e1.dot(e1);
    const Real d20 = d.dot(e0), d21 = d.dot(e1);
    const Real den = d00 * d11 - d01 * d01;
    if (std::abs(den) < 1e-30) {
        out[0] = 1, out[1] = out[2] = 0;
        return;
    }
    out[1] = (d11 * d20 - d01 * d21) / den;
    out[2] = (d00 * d21 - d01 * d20) / den;
    out[0] = 1 - out[1] - out[2];
}

Real evaluateSelfContact(const Vec3& q, const Vec3& p1, const Vec3& p2, const Vec3& p3, Real side,
                         Real thickness, Vec3* normal, Real bary[3]) {
    const Vec3 cross = (p2 - p1).cross(p3 - p1);
    const Real len = cross.norm();
    if (len < 1e-14) {
        normal->setZero();
        bary[0] = bary[1] = bary[2] = 0;
        return 0;
    }
    *normal = cross / len;
    barycentric(q, p1, p2, p3, bary);
    return side * (q - p1).dot(*normal) - thickness;  // eq. 12
}

void SelfCollision::buildNeighbours(const Particles& P,
                                    const std::vector<DistanceConstraint>& edges) {
    auto originOf = [&](int i) { return i < static_cast<int>(P.origin.size()) ? P.origin[i] : i; };
    buildNeighbourTable(
        P.size(), edges,
        [&](const DistanceConstraint& e) { return std::pair(originOf(e.i), originOf(e.j)); },
        neighbourStart_, neighbours_);
}

int SelfCollision::buildPieces(int particles, const std::vector<std::array<int, 3>>& triangles) {
    piece_.assign(particles, -1);
    auto find = [&](int i) {
        while (piece_[i] != i) i = piece_[i] = piece_[piece_[i]];
        return i;
    };
    for (const auto& t : triangles)
        for (int k : t)
            if (piece_[k] < 0) piece_[k] = k;
    for (const auto& t : triangles)
        piece_[find(t[1])] = find(t[0]), piece_[find(t[2])] = find(t[0]);
    for (int i = 0; i < particles; ++i)
        if (piece_[i] >= 0) piece_[i] = find(i);
    // Dense ids 0 .. pieces - 1 in order of first particle.
    std::vector<int> id(particles, -1);
    int pieces = 0;
    for (int i = 0; i < particles; ++i)
        if (piece_[i] >= 0) {
            if (id[piece_[i]] < 0) id[piece_[i]] = pieces++;
            piece_[i] = id[piece_[i]];
        }
    return pieces;
}

bool SelfCollision::nearOtherPiece(const Aabb& box, int piece) const {
    if (pieces_ > kMaxBroadPhasePieces) return true;
    for (int j = 0; j < pieces_; ++j)
        if (j != piece && pieceBoxes_[j].overlaps(box)) return true;
    return false;
}

bool SelfCollision::restNeighbours(const Particles& P, int q, const std::array<int, 3>& tri) const {
    auto originOf = [&](int i) { return i < static_cast<int>(P.origin.size()) ? P.origin[i] : i; };
    const int oq = originOf(q);
    for (int k : tri) {
        const int o = originOf(k);
        if (o == oq) return true;
        if (o + 1 >= static_cast<int>(neighbourStart_.size())) continue;
        for (int e = neighbourStart_[o]; e < neighbourStart_[o + 1]; ++e)
            if (neighbours_[e] == oq) return true;
    }
    return false;
}

bool SelfCollision::hashTriangles(const Particles& P,
                                  const std::vector<std::array<int, 3>>& triangles, Real thickness,
                                  bool withinPieces) {
    triBoxes_.resize(triangles.size());
    Real edgeSum = 0;
    for (size_t t = 0; t < triangles.size(); ++t) {
        Aabb box;
        for (int k : triangles[t]) box.add(P.x[k]), box.add(P.p[k]);
        box.inflate(thickness);
        triBoxes_[t] = box;
        edgeSum += (P.x[triangles[t][1]] - P.x[triangles[t][0]]).norm();
    }
    const Real cell = std::max(edgeSum / triangles.size(), 4 * thickness);
    // Between pieces only: a triangle is hashed, and a vertex queries, only where its box
    // meets another piece's box (a ball above a cloth costs nothing, one lying on it only
    // the cloth under it).
    hashed_.clear();
    if (withinPieces) {
        hash_.build(triBoxes_, cell);
    } else {
        pieceBoxes_.assign(pieces_, Aabb{});
        for (size_t t = 0; t < triangles.size(); ++t) {
            Aabb& pb = pieceBoxes_[piece_[triangles[t][0]]];
            pb.add(triBoxes_[t].lo), pb.add(triBoxes_[t].hi);
        }
        hashBoxes_.clear();
        for (size_t t = 0; t < triangles.size(); ++t)
            if (nearOtherPiece(triBoxes_[t], piece_[triangles[t][0]])) {
                hashed_.push_back(static_cast<int>(t));
                hashBoxes_.push_back(triBoxes_[t]);
            }
        if (hashed_.empty()) return false;
        hash_.build(hashBoxes_, cell);
    }
    return true;
}

bool SelfCollision::pairContact(const Particles& P, int q, const std::array<int, 3>& tri,
                                Real thickness, const std::vector<Contact>& colliderContacts,
                                SelfContact& sc) const {
    const Vec3 &a = P.x[tri[0]], &b = P.x[tri[1]], &c = P.x[tri[2]];
    Vec3 nrm;
    Real bary[3];
    const Real dist = evaluateSelfContact(P.x[q], a, b, c, 1.0, 0.0, &nrm, bary);
    if (nrm.squaredNorm() == 0) return false;
    // Only pairs that can touch this substep: the true point-triangle distance
    // (not the plane distance, so a vertex beside the triangle that a closing fold
    // brings over it is kept) within their relative motion plus the thickness. The
    // distance at time t is at least d(0) - t max_k |u_q - u_k| (u = p - x), so a
    // piece that flies as a whole gains no contacts from its speed.
    const Vec3 uq = P.p[q] - P.x[q];
    Real relative = 0;
    for (int k : tri) relative = std::max(relative, (uq - (P.p[k] - P.x[k])).norm());
    const Real reach = relative + 2 * thickness;
    if (std::abs(dist) > reach) return false;
    if ((P.x[q] - closestPointOnTriangle(P.x[q], a, b, c)).norm() > reach) return false;
    sc.q = q;
    sc.tri[0] = tri[0], sc.tri[1] = tri[1], sc.tri[2] = tri[2];
    // The side is only known when q starts over the triangle; beside it, the sign
    // of the plane distance is noise and would pull q through the triangle.
    sc.start = dist;
    if (std::min({bary[0], bary[1], bary[2]}) >= -kEdgeSlack) {
        sc.side = dist >= 0 ? 1.0 : -1.0;
        sc.gap = std::min(thickness, std::abs(dist));
    }
    // Bounded by the triangle's size too, so a violent substep cannot feed itself.
    const Real size = std::max({(b - a).norm(), (c - a).norm(), (c - b).norm()});
    sc.maxStep = std::min(relative, 0.5 * size) + 2 * thickness;
    // A vertex is held by its collider when this constraint would push it into it.
    const int verts[4] = {q, tri[0], tri[1], tri[2]};
    for (int k = 0; k < 4; ++k) {
        const int contact = supported_[verts[k]];
        if (contact < 0) continue;
        const Real up = (k == 0 ? 1 : -1) * nrm.dot(colliderContacts[contact].normal);
        if (up < 0) sc.supported[0] |= uint8_t(1u << k);
        if (up > 0) sc.supported[1] |= uint8_t(1u << k);
    }
    return true;
}

void SelfCollision::generate(const Particles& P, const std::vector<std::array<int, 3>>& triangles,
                             const std::vector<DistanceConstraint>& edges, uint64_t topologyVersion,
                             Real thickness, bool withinPieces,
                             const std::vector<Contact>& colliderContacts,
                             std::vector<SelfContact>& contacts, std::vector<Real>& budget) {
    contacts.clear();
    if (triangles.empty()) return;
    if (topologyVersion != neighbourVersion_ || P.size() != neighbourParticles_) {
        buildNeighbours(P, edges);
        pieces_ = buildPieces(P.size(), triangles);
        neighbourVersion_ = topologyVersion;
        neighbourParticles_ = P.size();
    }
    if (!withinPieces && pieces_ < 2) return;
    if (!hashTriangles(P, triangles, thickness, withinPieces)) return;  // no piece near another
    supported_.assign(P.size(), -1);
    // What self contacts may move each particle this substep, summed over projections: its
    // own predicted motion plus kBudget h. Pairs that ask for more (a tangle, where no
    // position satisfies them all) stop there instead of turning the difference into speed
    // through v = (p - x)/dt.
    budget.resize(P.size());
    for (int i = 0; i < P.size(); ++i) budget[i] = kBudget * thickness + (P.p[i] - P.x[i]).norm();
    for (int k = 0; k < static_cast<int>(colliderContacts.size()); ++k)
        supported_[colliderContacts[k].particle] = k;

    const int n = P.size();
    // The work bound (see the header): the boxes the queries examine, summed.
    const size_t workLimit = contactWork_.limit(n);
    size_t work = 0;
    cutShort_ = false;
    for (int q = 0; q < n; ++q) {
        if (P.w[q] == 0) continue;  // a pinned vertex cannot be pushed; the triangle will be
        if (!withinPieces && piece_[q] < 0) continue;
        if (work > workLimit) {
            cutShort_ = true;
            break;
        }
        Aabb box;
        box.add(P.x[q]);
        box.add(P.p[q]);
        if (!withinPieces && !nearOtherPiece(box, piece_[q])) continue;
        work += hash_.query(box, [&](int h) {
            const auto& tri = triangles[hashed_.empty() ? h : hashed_[h]];
            if (!withinPieces && piece_[tri[0]] == piece_[q]) return;
            if (restNeighbours(P, q, tri)) return;  // also covers q being a corner
            SelfContact sc;
            if (pairContact(P, q, tri, thickness, colliderContacts, sc)) contacts.push_back(sc);
        });
    }
    contactWork_.record(work, n, cutShort_);
}

void projectSelfContacts(Particles& P, std::vector<SelfContact>& contacts, Real thickness,
                         std::vector<Real>& budget) {
    for (SelfContact& sc : contacts) {
        Vec3& q = P.p[sc.q];
        Vec3 n;
        Real b[3];
        const Real d =
            evaluateSelfContact(q, P.p[sc.tri[0]], P.p[sc.tri[1]], P.p[sc.tri[2]], 1.0, 0.0, &n, b);
        if (n.squaredNorm() == 0) continue;  // degenerate triangle: no plane to keep q off
        // Over the triangle (a little past an edge still counts: the neighbour's constraint
        // may not hold q alone while it crosses near the edge), or beside it.
        const bool over = b[0] >= -kEdgeSlack && b[1] >= -kEdgeSlack && b[2] >= -kEdgeSlack;
        // Did q's straight path x -> p go through the triangle (paper §4.3: the ray test)?
        // Its plane distance changes sign at t = start / (start - d); the triangle is taken
        // at that time too.
        auto passedThrough = [&] {
            if (sc.start * d >= 0) return false;
            const Real t = sc.start / (sc.start - d);
            Vec3 at[3];
            for (int k = 0; k < 3; ++k)
                at[k] = P.x[sc.tri[k]] + t * (P.p[sc.tri[k]] - P.x[sc.tri[k]]);
            Real bt[3];
            barycentric(P.x[sc.q] + t * (q - P.x[sc.q]), at[0], at[1], at[2], bt);
            return bt[0] >= -kEdgeSlack && bt[1] >= -kEdgeSlack && bt[2] >= -kEdgeSlack;
        };
        if (!over) {
            // Beside the triangle: forget the side, q may come back over it from the other
            // side (around an edge, which is no crossing).
            sc.side = 0;
            continue;
        }
        if (sc.side == 0) {  // first seen over the triangle: the side it came from
            const bool through = passedThrough();
            const Real from = through ? sc.start : d;
            sc.side = from >= 0 ? 1.0 : -1.0;
            sc.gap = std::min(thickness, std::abs(from));
        }
        // Eq. 12 with h replaced by the gap: a pair that starts closer than h is kept from
        // closing further but not pushed apart, which would put (h - d0)/dt of speed into
        // it every substep (and can ask q to be h above one triangle and h below another).
        const Real C = sc.side * d - sc.gap;
        if (C >= 0) continue;
        Real clampedSum = 0;
        for (int k = 0; k < 3; ++k) clampedSum += (b[k] = std::max<Real>(b[k], 0));
        for (int k = 0; k < 3; ++k) b[k] /= clampedSum;
        const uint8_t supported = sc.supported[sc.side < 0 ? 1 : 0];
        Real w[4] = {P.w[sc.q], P.w[sc.tri[0]], P.w[sc.tri[1]], P.w[sc.tri[2]]};
        Real free[4];
        for (int k = 0; k < 4; ++k) free[k] = (supported >> k) & 1 ? 0.0 : w[k];
        const Real bw[4] = {1, b[0], b[1], b[2]};
        auto weighted = [&](const Real* m) {
            Real sum = 0;
            for (int k = 0; k < 4; ++k) sum += m[k] * bw[k] * bw[k];
            return sum;
        };
        // Supported vertices are held only while the free ones can take the correction
        // without a large lever (a free vertex with a tiny weight b would be flung).
        Real sum = weighted(free);
        const Real* wk = free;
        const Real full = weighted(w);
        if (sum < 0.25 * full) sum = full, wk = w;
        if (sum < 1e-12) continue;
        Real s = -C / sum;  // PBD eq. 9 with stiffness 1
        Real largest = 0;
        for (int k = 0; k < 4; ++k) largest = std::max(largest, std::abs(s) * wk[k] * bw[k]);
        if (largest > sc.maxStep) s *= sc.maxStep / largest;
        const int verts[4] = {sc.q, sc.tri[0], sc.tri[1], sc.tri[2]};
        Real excess = 1;  // how far the correction exceeds the budget of its busiest vertex
        for (int k = 0; k < 4; ++k) {
            const Real move = std::abs(s) * wk[k] * bw[k];
            if (move > 0) excess = std::max(excess, move / std::max<Real>(budget[verts[k]], 1e-12));
        }
        s /= excess;
        for (int k = 0; k < 4; ++k) budget[verts[k]] -= std::abs(s) * wk[k] * bw[k];
        q += s * wk[0] * sc.side * n;
        for (int k = 0; k < 3; ++k) P.p[sc.tri[k]] -= s * wk[k + 1] * b[k] * sc.side * n;
    }
}

}  // namespace sim
