#include "sim/constraints/bending.h"

#include <cmath>
#include <numbers>

namespace sim {

namespace {

constexpr Real kTiny = 1e-20;

struct Hinge {
    Vec3 e;          // p2 - p1
    Vec3 n1, n2;     // unnormalised wing normals
    Real elen = 0;
    Real n1sq = 0, n2sq = 0;
    bool degenerate = true;
};

Hinge makeHinge(const Vec3& p1, const Vec3& p2, const Vec3& p3, const Vec3& p4) {
    Hinge h;
    h.e = p2 - p1;
    h.elen = h.e.norm();
    h.n1 = (p3 - p1).cross(p3 - p2);
    h.n2 = (p4 - p2).cross(p4 - p1);
    h.n1sq = h.n1.squaredNorm();
    h.n2sq = h.n2.squaredNorm();
    h.degenerate = h.elen < 1e-12 || h.n1sq < kTiny || h.n2sq < kTiny;
    return h;
}

Real angleOf(const Hinge& h) {
    Vec3 a = h.n1 / std::sqrt(h.n1sq);
    Vec3 b = h.n2 / std::sqrt(h.n2sq);
    return std::atan2(a.cross(b).dot(h.e / h.elen), a.dot(b));
}

}  // namespace

Real dihedralAngle(const Vec3& p1, const Vec3& p2, const Vec3& p3, const Vec3& p4) {
    Hinge h = makeHinge(p1, p2, p3, p4);
    return h.degenerate ? 0.0 : angleOf(h);
}

Real evaluateBending(const Vec3& p1, const Vec3& p2, const Vec3& p3, const Vec3& p4,
                     Real restAngle, Vec3 grad[4]) {
    Hinge h = makeHinge(p1, p2, p3, p4);
    if (h.degenerate) {
        for (int k = 0; k < 4; ++k) grad[k].setZero();
        return 0.0;
    }
    Real C = angleOf(h) - restAngle;
    if (C > std::numbers::pi) C -= 2 * std::numbers::pi;
    if (C <= -std::numbers::pi) C += 2 * std::numbers::pi;

    // Bridson et al. 2003: wing gradients along the normals, hinge gradients by the
    // projections of the wings onto the edge, so that the four sum to zero.
    const Vec3 u3 = h.elen * h.n1 / h.n1sq;
    const Vec3 u4 = h.elen * h.n2 / h.n2sq;
    const Real t3 = (p3 - p1).dot(h.e) / h.elen;
    const Real t4 = (p4 - p1).dot(h.e) / h.elen;
    grad[2] = -u3;
    grad[3] = -u4;
    grad[1] = (t3 / h.elen) * u3 + (t4 / h.elen) * u4;
    grad[0] = -(grad[1] + grad[2] + grad[3]);
    return C;
}

Real paperBendingQ(const Vec3& p1, const Vec3& p2, const Vec3& p3, const Vec3& p4, Vec3 q[4]) {
    const Vec3 a = p2 - p1, b = p3 - p1, c = p4 - p1;
    const Vec3 c23 = a.cross(b), c24 = a.cross(c);
    const Real l23 = c23.norm(), l24 = c24.norm();
    const Vec3 n1 = c23 / l23, n2 = c24 / l24;
    const Real d = n1.dot(n2);
    q[2] = (a.cross(n2) + n1.cross(a) * d) / l23;                        // eq. 25
    q[3] = (a.cross(n1) + n2.cross(a) * d) / l24;                        // eq. 26
    q[1] = -(b.cross(n2) + n1.cross(b) * d) / l23 - (c.cross(n1) + n2.cross(c) * d) / l24;  // 27
    q[0] = -q[1] - q[2] - q[3];                                          // eq. 28
    return d;
}

}  // namespace sim
