#pragma once
// The "imported" scene: the ground plane and the user's own meshes (sim/io/mesh_import.h),
// with the soft-body settings when any body is a soft body (XPBD, 10 ms steps, ARAP mu =
// 1e6 Pa), else 4 substeps, and self collision on when there is a cloth: an imported mesh
// draped as a cloth stretches and crosses itself with one substep, far less with these.
// The iterations are budgeted by the mesh's size (importedIterations), so that a mesh of any
// size under its import budget keeps the default real time. --cloth / --softbody, scene files
// that list imports and a file dropped on the window all build it here.
#include <span>
#include <string>

#include "sim/io/mesh_import.h"

namespace sim {

inline constexpr Real kImportedSoftBodyMu = 1e6;  // [Pa]
inline constexpr int kImportedClothSubsteps = 4;
// Constraint projections a step may spend, counted in rows of the cheapest kind: a tet's ARAP
// projection (an SVD) costs about six distance constraints.
inline constexpr double kImportedWorkPerStep = 160'000;
inline constexpr int kImportedMinIterations = 4;

// The iterations of an imported scene's world: its settings' count, lowered until a step's
// projections (constraints x substeps x iterations, tets weighted) fit kImportedWorkPerStep,
// but not below kImportedMinIterations.
int importedIterations(const World& world);

// Replaces the world by the scene; on error (any body failed) the world is left untouched.
std::string buildImportedScene(World& world, std::span<const PreparedImport> bodies);

}  // namespace sim
