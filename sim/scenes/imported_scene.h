#pragma once
// The "imported" scene: the ground plane and the user's own meshes (sim/io/mesh_import.h),
// with the soft-body settings when any body is a soft body (XPBD, 10 ms steps, 20
// iterations, ARAP mu = 1e6 Pa), else 4 substeps, and self collision on when there is a
// cloth: an imported mesh draped as a cloth stretches and crosses itself with one substep,
// far less with these. --cloth / --softbody, scene files that list imports and a file
// dropped on the window all build it here.
#include <span>
#include <string>

#include "sim/io/mesh_import.h"

namespace sim {

inline constexpr Real kImportedSoftBodyMu = 1e6;  // [Pa]
inline constexpr int kImportedClothSubsteps = 4;

// Replaces the world by the scene; on error (any body failed) the world is left untouched.
std::string buildImportedScene(World& world, std::span<const PreparedImport> bodies);

}  // namespace sim
