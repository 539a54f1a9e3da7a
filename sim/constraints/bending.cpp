#include "sim/constraints/bending.h"

#include <cmath>
#include <numbers>

#include "sim/core/fast_atan2.h"

namespace sim {

namespace {

constexpr Real kTiny = 1e-20;

// The hinge arithmetic on plain doubles rather than Eigen::Vector3d: Eigen's packet code
// for 3-vectors stored to the stack here stalled on store forwarding (a 16-byte load of
// two 8-byte stores), which perf showed as a third of the bending time.
struct V3 {
    Real x, y, z;
};
inline V3 sub(const Vec3& a, const Vec3& b) {
    return {a.x() - b.x(), a.y() - b.y(), a.z() - b.z()};
}
inline V3 cross(const V3& a, const V3& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline Real dot(const V3& a, const V3& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

// The hinge in the frame of p1: e = p2 - p1 and the unnormalised wing normals
// n1 = (p3-p1) x (p3-p2) = e x a3, n2 = (p4-p2) x (p4-p1) = a4 x e.
struct Hinge {
    V3 e, a3, a4;  // p2 - p1, p3 - p1, p4 - p1
    V3 n1, n2;
    Real e2, n1sq, n2sq;
    bool degenerate;
};

inline Hinge makeHinge(const Vec3& p1, const Vec3& p2, const Vec3& p3, const Vec3& p4) {
    Hinge h;
    h.e = sub(p2, p1);
    h.a3 = sub(p3, p1);
    h.a4 = sub(p4, p1);
    h.n1 = cross(h.e, h.a3);
    h.n2 = cross(h.a4, h.e);
    h.e2 = dot(h.e, h.e);
    h.n1sq = dot(h.n1, h.n1);
    h.n2sq = dot(h.n2, h.n2);
    h.degenerate = h.e2 < 1e-24 || h.n1sq < kTiny || h.n2sq < kTiny;
    return h;
}

// atan2((n1^ x n2^) . e^, n1^ . n2^) with the unit vectors' positive scale |n1||n2||e|
// divided out of both arguments: no normalisation needed.
inline Real angleOf(const Hinge& h, Real elen) {
    return fastAtan2(dot(cross(h.n1, h.n2), h.e), dot(h.n1, h.n2) * elen);
}

}  // namespace

Real dihedralAngle(const Vec3& p1, const Vec3& p2, const Vec3& p3, const Vec3& p4) {
    const Hinge h = makeHinge(p1, p2, p3, p4);
    return h.degenerate ? 0.0 : angleOf(h, std::sqrt(h.e2));
}

Real evaluateBending(const Vec3& p1, const Vec3& p2, const Vec3& p3, const Vec3& p4, Real restAngle,
                     Vec3 grad[4]) {
    const Hinge h = makeHinge(p1, p2, p3, p4);
    if (h.degenerate) {
        for (int k = 0; k < 4; ++k) grad[k].setZero();
        return 0.0;
    }
    const Real elen = std::sqrt(h.e2);
    Real C = angleOf(h, elen) - restAngle;
    if (C > std::numbers::pi) C -= 2 * std::numbers::pi;
    if (C <= -std::numbers::pi) C += 2 * std::numbers::pi;

    // Bridson et al. 2003: wing gradients along the normals, hinge gradients by the
    // projections of the wings onto the edge, so that the four sum to zero:
    //   g3 = -|e| n1/|n1|^2, g4 = -|e| n2/|n2|^2, g2 = (a3.e/|e|^2) u3 + (a4.e/|e|^2) u4.
    const Real s3 = elen / h.n1sq, s4 = elen / h.n2sq;
    const Real invE2 = 1.0 / h.e2;
    const Real t3 = dot(h.a3, h.e) * invE2 * s3, t4 = dot(h.a4, h.e) * invE2 * s4;
    const V3 g1{t3 * h.n1.x + t4 * h.n2.x, t3 * h.n1.y + t4 * h.n2.y, t3 * h.n1.z + t4 * h.n2.z};
    const V3 g2{-s3 * h.n1.x, -s3 * h.n1.y, -s3 * h.n1.z};
    const V3 g3{-s4 * h.n2.x, -s4 * h.n2.y, -s4 * h.n2.z};
    grad[0] = Vec3(-(g1.x + g2.x + g3.x), -(g1.y + g2.y + g3.y), -(g1.z + g2.z + g3.z));
    grad[1] = Vec3(g1.x, g1.y, g1.z);
    grad[2] = Vec3(g2.x, g2.y, g2.z);
    grad[3] = Vec3(g3.x, g3.y, g3.z);
    return C;
}

Real paperBendingQ(const Vec3& p1, const Vec3& p2, const Vec3& p3, const Vec3& p4, Vec3 q[4]) {
    const Vec3 a = p2 - p1, b = p3 - p1, c = p4 - p1;
    const Vec3 c23 = a.cross(b), c24 = a.cross(c);
    const Real l23 = c23.norm(), l24 = c24.norm();
    const Vec3 n1 = c23 / l23, n2 = c24 / l24;
    const Real d = n1.dot(n2);
    q[2] = (a.cross(n2) + n1.cross(a) * d) / l23;  // eq. 25
    q[3] = (a.cross(n1) + n2.cross(a) * d) / l24;  // eq. 26
    q[1] = -(b.cross(n2) + n1.cross(b) * d) / l23 - (c.cross(n1) + n2.cross(c) * d) / l24;  // 27
    q[0] = -q[1] - q[2] - q[3];  // eq. 28
    return d;
}

}  // namespace sim
