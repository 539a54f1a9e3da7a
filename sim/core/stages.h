#pragma once
// The per-particle stages of the PBD step (paper §3.1, algorithm lines 5-7 and 12-15).
#include <vector>

#include "sim/core/particles.h"
#include "sim/core/settings.h"

namespace sim {

// Line 5: v += dt w f_ext, with gravity applied as an acceleration and wind as a drag on
// each triangle along its normal, shared by its three corners.
void applyExternalForces(Particles& P, const std::vector<std::array<int, 3>>& triangles,
                         const Settings& settings, Real dt);

// Line 6, §3.5: damps each velocity's deviation from the rigid motion (v_cm + w x r) by
// k_damping; rigid translation and rotation are untouched.
void dampVelocities(Particles& P, Real kDamping);

// Line 7: p = x + dt v.
void predictPositions(Particles& P, Real dt);

// Lines 13-14: v = (p - x)/dt, x = p.
void updateVelocities(Particles& P, Real dt);

}  // namespace sim
