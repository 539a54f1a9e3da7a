#include "sim/constraints/isometric_bending.h"

namespace sim {

namespace {

// cot of the angle between a and b: a.b / |a x b|; 0 for parallel vectors (no area).
Real cotangent(const Vec3& a, const Vec3& b) {
    const Real s = a.cross(b).norm();
    return s > 1e-20 ? a.dot(b) / s : 0.0;
}

}  // namespace

IsometricBendingConstraint makeIsometricBending(int i0, int i1, int i2, int i3, const Vec3& x0,
                                                const Vec3& x1, const Vec3& x2, const Vec3& x3) {
    IsometricBendingConstraint c;
    c.i[0] = i0, c.i[1] = i1, c.i[2] = i2, c.i[3] = i3;
    const Vec3 e0 = x1 - x0, e1 = x2 - x0, e2 = x3 - x0, e3 = x2 - x1, e4 = x3 - x1;
    const Real area = 0.5 * (e0.cross(e1).norm() + e0.cross(e2).norm());  // A0 + A1
    const Real len2 = e0.squaredNorm();
    c.maxStep = 0.25 * std::sqrt(len2);
    if (!(area > 1e-20) || e0.cross(e1).norm() < 1e-20 || e0.cross(e2).norm() < 1e-20)
        return c;  // a degenerate wing: zero weights, nothing bends here
    const Real c01 = cotangent(e0, e1), c02 = cotangent(e0, e2);
    const Real c03 = cotangent(-e0, e3), c04 = cotangent(-e0, e4);
    const Real s = std::sqrt(3.0 / area);
    c.w[0] = s * (c03 + c04);
    c.w[1] = s * (c01 + c02);
    c.w[2] = -s * (c01 + c03);
    c.w[3] = -s * (c02 + c04);
    c.complianceScale = 3.0 * len2 / area;
    return c;
}

}  // namespace sim
