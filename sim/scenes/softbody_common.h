#pragma once
// What the soft-body scenes share: tetrahedralizing a procedural surface with the scene
// tetgen options, and their default material (MGPBD Table 1: ARAP, dt = 10 ms).
#include <string>

#include "sim/io/tetgen_runner.h"
#include "sim/scenes/scene_table.h"
#include "sim/world/softbody_builder.h"
#include "sim/world/world.h"

namespace sim {

// Tetrahedralizes `surface` with the scene's tetgen options and adds it as a soft body
// (with the scene parameters' ARAP form when one is given).
std::string addTetgenSoftBody(World& world, const TriangleMesh& surface, const SceneParams& params,
                              const SoftBodyOptions& options, SoftBodyHandle* handle = nullptr,
                              TetMesh* restMesh = nullptr);

// XPBD, one 10 ms substep per frame, 20 iterations, ARAP with mu [Pa]; MGPBD's relaxation
// omega = 0.1 (the paper's soft-body value) for when MGPBD is selected.
void useSoftBodySettings(Settings& settings, Real mu);

}  // namespace sim
