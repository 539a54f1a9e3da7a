#pragma once
// Isometric bending, the quadratic bending energy of Bergou, Wardetzky, Harmon, Zorin and
// Grinspun 2006 ("A Quadratic Bending Model for Inextensible Surfaces"; survey 003 lists it
// as isometric bending): for a flat rest pose and (near-)isometric deformations the discrete
// bending energy is quadratic in the positions, E = 1/2 x^T Q x with a constant Q summed over
// interior edges. For the edge (x0, x1) with wings x2 (triangle t0 = x0 x1 x2) and x3 (t1):
//     Q_e = 3/(A0 + A1) K^T K (x) I3,   K = (c03 + c04, c01 + c02, -c01 - c03, -c02 - c04),
// A0, A1 the rest areas, c0k / c1k the cotangents of the rest angles at x0 / x1 between the
// edge and the edge to x_{k+1} (c01, c03 in t0; c02, c04 in t1). K x = sum_k K_k x_k vanishes
// on every planar (indeed affine) image of the rest stencil and |K x| = 2 |e| sin(theta/2)
// when one wing folds by theta about the edge.
//
// As a constraint (our choice): one per interior edge,
//     C = sqrt(x^T Q_e x) = |sum_k w_k x_k|,  w = sqrt(3/(A0+A1)) K,  grad_k C = w_k (w.x)/|w.x|,
// so the XPBD energy C^2 / (2 alpha) is Bergou's E_e / alpha: the projection is the usual
// rule (projection.h) and XPBD converges to the quadratic energy, whose Hessian Q_e / alpha
// is constant (the energy form E = C itself would make the XPBD energy quartic). C is a norm
// of a linear map, so one Newton step (PBD) lands on C = 0 like a zero-length distance
// constraint; at C = 0 the gradient is undefined and zero is returned (nothing to move).
//
// Stiffness matched to the dihedral hinge (bending.h): complianceScale = 3 |e|^2 / (A0 + A1),
// so C^2 / (2 alpha complianceScale) = (2 sin(theta/2))^2 / (2 alpha) ~ theta^2 / (2 alpha) for
// small bends: the same `bend` material gives every hinge the dihedral constraint's stiffness
// about a flat rest. (PBD's k' does not see the scale; its step is the same for any multiple
// of C.) The rest pose is taken flat: on a curved rest mesh (a balloon) the energy pulls each
// hinge toward flat, unlike the dihedral constraint's rest angle.
#include <cmath>

#include "sim/constraints/constraint_traits.h"
#include "sim/core/types.h"

namespace sim {

struct IsometricBendingConstraint {
    int i[4] = {0, 0, 0, 0};   // x0, x1 the edge, x2, x3 the wings (BendingConstraint's i1..i4)
    Real w[4] = {0, 0, 0, 0};  // sqrt(3/(A0+A1)) K at rest [1/m]
    Real complianceScale = 1;  // 3 |e|^2 / (A0 + A1): the dihedral hinge's stiffness (above)
    Real maxStep = 1e30;       // largest move of a particle in one projection [m] (bending.h)
};

// Writes grad C; returns C = |sum_k w_k x_k| (>= 0).
inline Real evaluateIsometricBending(const Vec3& x0, const Vec3& x1, const Vec3& x2, const Vec3& x3,
                                     const Real (&w)[4], Vec3 grad[4]) {
    const Vec3 v = w[0] * x0 + w[1] * x1 + w[2] * x2 + w[3] * x3;
    const Real C = v.norm();
    if (!(C > 1e-14)) {
        for (int k = 0; k < 4; ++k) grad[k].setZero();
        return 0.0;
    }
    const Vec3 n = v / C;
    for (int k = 0; k < 4; ++k) grad[k] = w[k] * n;
    return C;
}

// The stencil of the hinge (x0, x1 | x2, x3) at its rest positions: w, complianceScale and
// maxStep (a quarter of the edge, as the cloth builder's dihedral hinges). A degenerate rest
// triangle (no area) gives zero weights: that hinge does not bend.
IsometricBendingConstraint makeIsometricBending(int i0, int i1, int i2, int i3, const Vec3& x0,
                                                const Vec3& x1, const Vec3& x2, const Vec3& x3);

template <>
struct ConstraintTraits<IsometricBendingConstraint>
    : TraitsDefaults<IsometricBendingConstraint, 4> {
    static constexpr const char* name = "isometric bending";
    static constexpr SplitRule split = SplitRule::DropShared;  // as the dihedral hinge
    static std::array<int*, 4> refs(IsometricBendingConstraint& c) {
        return {&c.i[0], &c.i[1], &c.i[2], &c.i[3]};
    }
    static Real evaluate(const IsometricBendingConstraint& c, const std::vector<Vec3>& p,
                         Vec3 (&g)[4]) {
        return evaluateIsometricBending(p[c.i[0]], p[c.i[1]], p[c.i[2]], p[c.i[3]], c.w, g);
    }
    static const Material& material(const Settings& s) { return s.bend; }
    static Real maxStep(const IsometricBendingConstraint& c) { return c.maxStep; }
    static const char* check(const IsometricBendingConstraint& c) {
        for (Real v : c.w)
            if (!std::isfinite(v)) return "stencil weight is not finite";
        return c.complianceScale >= 0 && std::isfinite(c.complianceScale)
                   ? nullptr
                   : "compliance scale is not finite and >= 0";
    }
    // Its stored fields in file order (state files). The size check stops the build when a
    // field is added to the type and not here.
    template <class V>
    static void fields(IsometricBendingConstraint& c, V& v) {
        static_assert(sizeof(IsometricBendingConstraint) == 64,
                      "IsometricBendingConstraint changed: update fields()");
        for (int& i : c.i) v(i);
        for (Real& x : c.w) v(x);
        v(c.complianceScale), v(c.maxStep);
    }
};

}  // namespace sim
