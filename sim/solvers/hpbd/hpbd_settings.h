#pragma once
// Settings of the hierarchical solver (HPBD, Müller 2008), its block of sim::Settings
// (settings.block<HpbdSettings>()); their ranges, units and help are in hpbd_params.cpp (the
// parameter table, sim/core/params.h).
#include <span>

#include "sim/core/settings.h"

namespace sim {

struct ParamDesc;

struct HpbdSettings {
    int levels = 5;          // coarse levels above the mesh (0 = plain PBD/XPBD), §6
    int parents = 2;         // k of §6.2: least number of parents per fine particle
    int passesPerLevel = 1;  // Gauss-Seidel passes on each coarse level, §7 step 3
    bool restPoseLengths =
        false;  // coarse rest length: false = geodesic sum (Fig. 2b), true = rest-pose distance
    int minLevelParticles = 8;  // stop adding levels once a level would be smaller than this
    Real weightEpsilon = 1e-3;  // epsilon of eq. 6
    int showLevel = 0;          // level drawn by debugDraw (0 = nothing drawn)
    // How a constraint's strength enters the projection on every level.
    ProjectionMode projection = ProjectionMode::Stiffness;
};

// HPBD's parameter rows (hpbd_params.cpp), named by the solver list.
std::span<const ParamDesc> hpbdParams();

}  // namespace sim
