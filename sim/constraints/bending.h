#pragma once
// Dihedral bending constraint, PBD paper §4.1 and appendix A:
//     C(p1..p4) = phi - phi0
// on the hinge (p1, p2) with wing vertices p3, p4. The paper measures phi as
// arccos(n1 . n2) (eq. 21-29), which is unsigned and whose gradient is singular exactly at
// flat cloth (d = n1.n2 = +-1). We use the same angle with its sign,
//     phi = atan2((n1 x n2) . e, n1 . n2),   e = (p2 - p1)/|p2 - p1|,
// so |phi| = pi - arccos(d_paper) and the gradient stays finite and nonzero at flat rest
// (Bridson et al. 2003 give its closed form). Degenerate hinges — a zero-length edge or a
// zero-area wing triangle — return zero gradients instead of NaN.
#include "sim/constraints/constraint_traits.h"
#include "sim/core/types.h"

namespace sim {

struct BendingConstraint {
    int i1 = 0, i2 = 0;  // hinge edge
    int i3 = 0, i4 = 0;  // wing vertices, one in each adjacent triangle
    Real restAngle = 0;  // phi0 [rad], signed, 0 for a flat pair
    Real complianceScale = 1;
    // Largest move of a particle in one projection [m]; the cloth builder sets a fraction
    // of the hinge's rest length so a wildly stretched hinge cannot fling its vertices.
    Real maxStep = 1e30;
};

// The signed dihedral angle of the hinge; 0 for a degenerate hinge.
Real dihedralAngle(const Vec3& p1, const Vec3& p2, const Vec3& p3, const Vec3& p4);

// Writes the gradients of C = phi - phi0 (wrapped into (-pi, pi]); returns C.
Real evaluateBending(const Vec3& p1, const Vec3& p2, const Vec3& p3, const Vec3& p4, Real restAngle,
                     Vec3 grad[4]);

// The appendix's q vectors (eq. 25-28) for the paper's unsigned form, with p1 the origin
// of the paper's frame; q_i = -dd/dp_i, so grad arccos(d) = q_i / sqrt(1-d^2). Kept so a
// test can check that our gradient is the paper's up to that scale and the sign.
// Returns d = n1 . n2.
Real paperBendingQ(const Vec3& p1, const Vec3& p2, const Vec3& p3, const Vec3& p4, Vec3 q[4]);

template <>
struct ConstraintTraits<BendingConstraint> : TraitsDefaults<BendingConstraint, 4> {
    static constexpr const char* name = "bending";
    static constexpr SplitRule split = SplitRule::DropShared;
    static std::array<int*, 4> refs(BendingConstraint& c) { return {&c.i1, &c.i2, &c.i3, &c.i4}; }
    static Real evaluate(const BendingConstraint& c, const std::vector<Vec3>& p, Vec3 (&g)[4]) {
        return evaluateBending(p[c.i1], p[c.i2], p[c.i3], p[c.i4], c.restAngle, g);
    }
    static const Material& material(const Settings& s) { return s.bend; }
    static Real maxStep(const BendingConstraint& c) { return c.maxStep; }
    // Its stored fields in file order (state files). The size check stops the build when a
    // field is added to the type and not here.
    template <class V>
    static void fields(BendingConstraint& c, V& v) {
        static_assert(sizeof(BendingConstraint) == 40,
                      "BendingConstraint changed: update fields()");
        v(c.i1), v(c.i2), v(c.i3), v(c.i4), v(c.restAngle), v(c.complianceScale), v(c.maxStep);
    }
};

}  // namespace sim
