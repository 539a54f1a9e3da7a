#include "sim/contact/body_triangle.h"

#include <algorithm>
#include <cmath>

#include "sim/collision/sdf.h"
#include "sim/collision/self_collision.h"
#include "sim/collision/spatial_hash.h"

namespace sim {

namespace {

// How far past an edge (barycentric units) f still counts as over the triangle.
constexpr Real kEdgeSlack = 0.1;

bool over(const Real b[3]) {
    return b[0] >= -kEdgeSlack && b[1] >= -kEdgeSlack && b[2] >= -kEdgeSlack;
}

}  // namespace

int triangleFeatures(const RigidBody& body, Vec3 out[44], Real* radius) {
    int n = 0;
    switch (body.shape) {
        case RigidShape::Box: {
            *radius = 0;
            const Vec3& h = body.halfExtents;
            for (int k = 0; k < 8; ++k)
                out[n++] =
                    Vec3(k & 1 ? h.x() : -h.x(), k & 2 ? h.y() : -h.y(), k & 4 ? h.z() : -h.z());
            // Three points along each of the twelve edges: an edge pressed into a cloth between
            // its vertices has no corner there.
            for (int axis = 0; axis < 3; ++axis)
                for (int k = 0; k < 4; ++k)
                    for (Real t : {-0.5, 0.0, 0.5}) {
                        Vec3 p;
                        p[axis] = t * h[axis];
                        p[(axis + 1) % 3] = (k & 1 ? 1 : -1) * h[(axis + 1) % 3];
                        p[(axis + 2) % 3] = (k & 2 ? 1 : -1) * h[(axis + 2) % 3];
                        out[n++] = p;
                    }
            return n;
        }
        case RigidShape::Sphere:
            *radius = body.radius;
            out[n++] = Vec3::Zero();
            return n;
        case RigidShape::Capsule:
            *radius = body.radius;
            for (Real t : {-1.0, -0.5, 0.0, 0.5, 1.0}) out[n++] = Vec3(0, t * body.halfHeight, 0);
            return n;
    }
    return 0;
}

namespace {

// A body's feature points in its frame and where they start and end the substep, computed
// once per call rather than once per nearby triangle (two quaternion rotations each).
struct BodyFeatures {
    int count = 0;
    Real radius = 0;
    Vec3 local[44], start[44], end[44];
};

// Squared distance from p to the box [lo, hi] (0 inside): a lower bound of its distance to
// anything inside the box.
Real squaredDistanceToBox(const Vec3& p, const Vec3& lo, const Vec3& hi) {
    Real d2 = 0;
    for (int a = 0; a < 3; ++a) {
        const Real d = std::max({lo[a] - p[a], Real(0), p[a] - hi[a]});
        d2 += d * d;
    }
    return d2;
}

}  // namespace

void generateBodyTriangleContacts(const std::vector<RigidBody>& bodies, const Particles& P,
                                  const std::vector<std::array<int, 3>>& triangles, Real thickness,
                                  std::vector<BodyTriangleContact>& contacts) {
    contacts.clear();
    if (bodies.empty()) return;
    // Each body's box swept over the substep; each triangle's box built once for all bodies.
    thread_local std::vector<Aabb> swept;
    thread_local std::vector<BodyFeatures> features;
    swept.assign(bodies.size(), Aabb{});
    features.resize(bodies.size());
    Aabb all;
    for (size_t b = 0; b < bodies.size(); ++b) {
        swept[b].add(bodies[b].x), swept[b].add(bodies[b].xPrev);
        swept[b].inflate(boundingRadius(bodies[b]) + thickness);
        all.add(swept[b].lo), all.add(swept[b].hi);
        BodyFeatures& F = features[b];
        F.count = triangleFeatures(bodies[b], F.local, &F.radius);
        for (int k = 0; k < F.count; ++k) {
            F.start[k] = bodies[b].previousPoint(F.local[k]);
            F.end[k] = bodies[b].worldPoint(F.local[k]);
        }
    }
    for (const auto& tri : triangles) {
        Aabb box;
        for (int k : tri) box.add(P.x[k]), box.add(P.p[k]);
        if (!box.overlaps(all)) continue;
        const Vec3 &a = P.x[tri[0]], &bb = P.x[tri[1]], &c = P.x[tri[2]];
        const Vec3 lo = a.cwiseMin(bb).cwiseMin(c), hi = a.cwiseMax(bb).cwiseMax(c);
        for (int b = 0; b < static_cast<int>(bodies.size()); ++b) {
            if (!box.overlaps(swept[b])) continue;
            const BodyFeatures& F = features[b];
            const Real reach = F.radius + thickness;
            for (int k = 0; k < F.count; ++k) {
                const Vec3 &fs = F.start[k], &fe = F.end[k];
                Real relative = 0;
                for (int v : tri)
                    relative = std::max(relative, ((fe - fs) - (P.p[v] - P.x[v])).norm());
                // The distance to the triangle is at least the distance to its box: most
                // features are rejected without the closest point (a margin covers rounding).
                const Real bound = (reach + relative + thickness) * (1 + 1e-9) + 1e-12;
                if (squaredDistanceToBox(fs, lo, hi) > bound * bound) continue;
                const Real dist0 = (fs - closestPointOnTriangle(fs, a, bb, c)).norm();
                if (dist0 > reach + relative + thickness) continue;
                Vec3 n;
                Real bary[3];
                const Real d0 = evaluateSelfContact(fs, a, bb, c, 1.0, 0.0, &n, bary);
                if (n.squaredNorm() == 0) continue;
                BodyTriangleContact bt;
                bt.body = b;
                bt.tri[0] = tri[0], bt.tri[1] = tri[1], bt.tri[2] = tri[2];
                bt.local = F.local[k];
                bt.reach = reach;
                bt.thickness = thickness;
                bt.round = F.radius > 0;
                bt.besideGap = std::min(reach, dist0);
                bt.start = d0;
                if (over(bary)) {  // the side is only known when f starts over the triangle
                    bt.side = d0 >= 0 ? 1.0 : -1.0;
                    bt.gap = std::min(reach, std::abs(d0));
                }
                contacts.push_back(bt);
            }
        }
    }
}

namespace {

// Projects C >= 0 with gradients dir at f (the body) and -b_k dir at the triangle's vertices.
void exchange(RigidBody& B, Particles& P, const int tri[3], const Vec3& f, const Vec3& dir,
              Real b[3], Real C) {
    Real w = B.inverseMass(f - B.x, dir);
    for (int k = 0; k < 3; ++k) w += P.w[tri[k]] * b[k] * b[k];
    if (w < 1e-12) return;
    const Real dl = -C / w;
    B.applyCorrection(dl * dir, f - B.x);
    for (int k = 0; k < 3; ++k) P.p[tri[k]] -= P.w[tri[k]] * dl * b[k] * dir;
}

// Position-level Coulomb friction (Macklin et al. 2014 eq. 24-25): the tangential motion over
// the substep of the body's touching point q relative to the triangle's point under it is
// undone while below mu_s * pushed, else reduced by mu_k * pushed.
void friction(RigidBody& B, Particles& P, const BodyTriangleContact& bt, const Vec3& q,
              const Vec3& dir, Real b[3], Real muStatic, Real muKinetic) {
    Vec3 under = Vec3::Zero(), underStart = Vec3::Zero();
    for (int k = 0; k < 3; ++k) {
        under += b[k] * P.p[bt.tri[k]];
        underStart += b[k] * P.x[bt.tri[k]];
    }
    const Vec3 rel = (q - B.previousPoint(B.localPoint(q))) - (under - underStart);
    const Vec3 t = rel - rel.dot(dir) * dir;
    const Real len = t.norm();
    if (len < 1e-12) return;
    const Real undo = len < muStatic * bt.pushed ? len : std::min(len, muKinetic * bt.pushed);
    exchange(B, P, bt.tri, q, t / len, b, undo);
}

}  // namespace

void projectBodyTriangleContacts(std::vector<RigidBody>& bodies, Particles& P,
                                 std::vector<BodyTriangleContact>& contacts, Real muStatic,
                                 Real muKinetic) {
    for (BodyTriangleContact& bt : contacts) {
        RigidBody& B = bodies[bt.body];
        const Vec3 f = B.worldPoint(bt.local);
        const Vec3 &p1 = P.p[bt.tri[0]], &p2 = P.p[bt.tri[1]], &p3 = P.p[bt.tri[2]];
        Vec3 n;
        Real b[3];
        const Real d = evaluateSelfContact(f, p1, p2, p3, 1.0, 0.0, &n, b);
        if (n.squaredNorm() == 0) continue;
        if (!over(b)) {
            // Beside it: no side (f may come round the edge, which is no crossing). A round
            // feature (sphere, capsule) still keeps its distance from the triangle's closest
            // point, C = |f - c| - g (a sphere can overlap a triangle its centre is beside).
            bt.side = 0;
            if (!bt.round) continue;  // a corner: nothing to keep beside
            const Vec3 c = closestPointOnTriangle(f, p1, p2, p3);
            const Real dist = (f - c).norm();
            const Real C = dist - bt.besideGap;
            if (C >= 0 || dist < 1e-12) continue;
            barycentric(c, p1, p2, p3, b);
            const Vec3 dir = (f - c) / dist;
            exchange(B, P, bt.tri, f, dir, b, C);
            bt.pushed -= C;
            const Vec3 q = B.worldPoint(bt.local) - (bt.reach - bt.thickness) * dir;
            friction(B, P, bt, q, dir, b, muStatic, muKinetic);
            continue;
        }
        if (bt.side == 0) {  // first over the triangle: the side it came from
            // Its start side if its straight path went through the triangle (PBD §3.4's ray).
            Real from = d;
            if (bt.start * d < 0) {
                const Real t = bt.start / (bt.start - d);
                Vec3 at[3];
                for (int k = 0; k < 3; ++k)
                    at[k] = P.x[bt.tri[k]] + t * (P.p[bt.tri[k]] - P.x[bt.tri[k]]);
                const Vec3 fs = B.previousPoint(bt.local);
                Real bs[3];
                barycentric(fs + t * (f - fs), at[0], at[1], at[2], bs);
                if (over(bs)) from = bt.start;
            }
            bt.side = from >= 0 ? 1.0 : -1.0;
            bt.gap = std::min(bt.reach, std::abs(from));
        }
        const Real C = bt.side * d - bt.gap;
        if (C >= 0) continue;
        Real sum = 0;
        for (int k = 0; k < 3; ++k) sum += (b[k] = std::max<Real>(b[k], 0));
        for (int k = 0; k < 3; ++k) b[k] /= sum;
        const Vec3 dir = bt.side * n;
        exchange(B, P, bt.tri, f, dir, b, C);
        bt.pushed -= C;
        const Vec3 q = B.worldPoint(bt.local) - (bt.reach - bt.thickness) * dir;
        friction(B, P, bt, q, dir, b, muStatic, muKinetic);
    }
}

}  // namespace sim
