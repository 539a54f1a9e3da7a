#pragma once
// Broad phase for particle-particle separation constraints between two particle ranges
// (a soft body and a cloth): a uniform hash grid of cell size `reach` over range B, queried
// by every particle of range A. Pairs closer than `reach` at the start of the substep
// become SeparationConstraints with contact distance d (reach = d + a margin for motion
// within the substep).
#include <vector>

#include "sim/constraints/separation.h"
#include "sim/core/particles.h"

namespace sim {

struct ParticleRange {
    int first = 0;
    int count = 0;
};

// Replaces `out` with the pairs (a in A, b in B) with |x_a - x_b| < reach, sorted.
void findSeparationPairs(const Particles& particles, ParticleRange a, ParticleRange b,
                         Real distance, Real reach, std::vector<SeparationConstraint>& out);

}  // namespace sim
