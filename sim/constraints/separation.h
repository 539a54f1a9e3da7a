#pragma once
// Particle-particle separation, the unilateral distance constraint paper 004 uses for
// collisions between bodies (its eq. 15 with l0 a chosen contact distance, acting only
// when the particles are closer than that; PBD §3.4 inequality handling):
//     C = |p1 - p2| - d >= 0,   grad_p1 C = n,  grad_p2 C = -n.
// Pairs are found near the body surfaces each substep (collision/particle_pairs.h).
#include "sim/constraints/distance.h"

namespace sim {

struct SeparationConstraint {
    int i = 0, j = 0;
    Real minDistance = 0;      // d [m]
    Real complianceScale = 1;  // contacts are stiff: the family material is {k = 1, alpha = 0}
};

template <>
struct ConstraintTraits<SeparationConstraint> : TraitsDefaults<SeparationConstraint, 2> {
    static constexpr const char* name = "separation";
    static constexpr SplitRule split = SplitRule::Drop;
    static constexpr bool unilateral = true;
    static std::array<int*, 2> refs(SeparationConstraint& c) { return {&c.i, &c.j}; }
    static Real evaluate(const SeparationConstraint& c, const std::vector<Vec3>& p, Vec3 (&g)[2]) {
        return evaluateDistance(p[c.i], p[c.j], c.minDistance, g);
    }
    static const Material& material(const Settings&) {
        static const Material contact{1.0, 0.0};
        return contact;
    }
    // Its stored fields in file order (state files). The size check stops the build when a
    // field is added to the type and not here.
    template <class V>
    static void fields(SeparationConstraint& c, V& v) {
        static_assert(sizeof(SeparationConstraint) == 24,
                      "SeparationConstraint changed: update fields()");
        v(c.i), v(c.j), v(c.minDistance), v(c.complianceScale);
    }
};

}  // namespace sim
