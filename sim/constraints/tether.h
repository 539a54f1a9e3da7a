#pragma once
// Long-range attachment (tether; Kim, Chentanez and Müller 2012, the remedy FleX and Obi use
// for PBD's stretch at pins): particle i stays within its rest geodesic distance L of the
// pinned particle `anchor` nearest to it along the mesh. Unilateral, acting only when
//     C = L - |p_i - p_anchor| < 0,   grad_i C = -n,  grad_anchor C = n,  n = (p_i - p_a)/|p_i -
//     p_a|,
// so it never pulls a particle that is closer than L (the cloth can fold and swing freely)
// and never moves the pin (w = 0). Tethers are derived from the topology and the pins
// (sim/topology/tethers.h): World rebuilds them when either changes, so a split drops them.
#include "sim/constraints/constraint_traits.h"
#include "sim/constraints/distance.h"

namespace sim {

struct TetherConstraint {
    int i = 0;
    int anchor = 0;
    Real length = 0;           // L: rest geodesic distance to the anchor [m]
    Real complianceScale = 1;  // tethers are hard: the family material is {k = 1, alpha = 0}
};

template <>
struct ConstraintTraits<TetherConstraint> : TraitsDefaults<TetherConstraint, 2> {
    static constexpr const char* name = "tether";
    static constexpr SplitRule split = SplitRule::Drop;  // rebuilt with the new topology
    static constexpr bool unilateral = true;
    static std::array<int*, 2> refs(TetherConstraint& c) { return {&c.i, &c.anchor}; }
    static Real evaluate(const TetherConstraint& c, const std::vector<Vec3>& p, Vec3 (&g)[2]) {
        const Real C = evaluateDistance(p[c.i], p[c.anchor], c.length, g);  // |d| - L
        g[0] = -g[0];
        g[1] = -g[1];
        return -C;
    }
    static const Material& material(const Settings&) {
        static const Material hard{1.0, 0.0};
        return hard;
    }
    // Its stored fields in file order (state files). The size check stops the build when a
    // field is added to the type and not here.
    template <class V>
    static void fields(TetherConstraint& c, V& v) {
        static_assert(sizeof(TetherConstraint) == 24, "TetherConstraint changed: update fields()");
        v(c.i), v(c.anchor), v(c.length), v(c.complianceScale);
    }
};

}  // namespace sim
