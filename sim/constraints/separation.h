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

}  // namespace sim
