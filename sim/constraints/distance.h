#pragma once
// Distance (stretch) constraint, PBD paper eq. 10-11 and §4.1:
//     C(p1, p2) = |p1 - p2| - l0,   grad_p1 C = n,  grad_p2 C = -n,  n = (p1-p2)/|p1-p2|.
#include <cmath>

#include "sim/constraints/constraint_traits.h"
#include "sim/core/types.h"

namespace sim {

struct DistanceConstraint {
    int i = 0, j = 0;
    Real restLength = 0;
    Real complianceScale = 1;  // multiplies the family compliance (1 for cloth edges)
};

// Writes C's gradients; returns C. A zero-length pair has no direction: C is returned with
// zero gradients so that nothing moves (no NaN).
inline Real evaluateDistance(const Vec3& p1, const Vec3& p2, Real restLength, Vec3 grad[2]) {
    const Vec3 d = p1 - p2;
    const Real len2 = d.squaredNorm();
    if (len2 < 1e-24) {
        grad[0].setZero();
        grad[1].setZero();
        return -restLength;
    }
    const Real len = std::sqrt(len2);
    grad[0] = d * (1.0 / len);  // one division, not three
    grad[1] = -grad[0];
    return len - restLength;
}

template <>
struct ConstraintTraits<DistanceConstraint> : TraitsDefaults<DistanceConstraint, 2> {
    static constexpr const char* name = "distance";
    static constexpr SplitRule split = SplitRule::DuplicateShared;
    static constexpr bool chainable = true;  // edge chains (sim/sweeps/edge_chains.h)
    static std::array<int*, 2> refs(DistanceConstraint& c) { return {&c.i, &c.j}; }
    static Real evaluate(const DistanceConstraint& c, const std::vector<Vec3>& p, Vec3 (&g)[2]) {
        return evaluateDistance(p[c.i], p[c.j], c.restLength, g);
    }
    static const Material& material(const Settings& s) { return s.stretch; }
    // Its stored fields in file order (state files). The size check stops the build when a
    // field is added to the type and not here.
    template <class V>
    static void fields(DistanceConstraint& c, V& v) {
        static_assert(sizeof(DistanceConstraint) == 24,
                      "DistanceConstraint changed: update fields()");
        v(c.i), v(c.j), v(c.restLength), v(c.complianceScale);
    }
};

}  // namespace sim
