// mgpbd_cloth — the cloth of the MGPBD paper's Fig. 14/17 experiments: an N x N grid on the
// unit square (one diagonal per quad), (N+1)^2 particles of mass 1, hanging in the vertical
// xy plane from its two top corners (the "two top corners pinned"), stretch
// compliance 1e-9, no bending, g = -9.8, one 3 ms step per frame, under MGPBD: the paper's
// cloth opens under the paper's solver (PBD leaves it visibly stretched, HPBD less so).
// Resolution = quads per side.
#include "sim/scenes/scenes.h"
#include "sim/world/cloth_builder.h"

namespace sim {

namespace {

std::string build(World& world, const SceneParams& params) {
    const int res = params.resolution;
    // Row 0 is the top edge and rows go down, so constraints are stored from the pins
    // downwards: the order in which XPBD Gauss-Seidel sweeps converge faster here, since each
    // row then passes the weight it carries to the row above it within one sweep.
    GridSpec grid = squareGrid(res, 1.0, Vec3(-0.5, 2.0, 0.0));
    grid.vAxis = -Vec3::UnitY();
    ClothOptions options;
    options.bending = false;
    std::string error = addCloth(world, makeGridMesh(grid), options);
    if (!error.empty()) return error;
    for (int i = 0; i < world.particles.size(); ++i) {
        world.particles.m[i] = 1.0;
        world.particles.w[i] = 1.0;
    }
    world.pin(gridIndex(grid, 0, 0), true);
    world.pin(gridIndex(grid, 0, res), true);
    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    Settings& s = world.settings;
    s.frameDt = 0.003;
    s.substeps = 1;
    s.gravity = Vec3(0, -9.8, 0);
    s.stretch = Material{1.0, 1e-9};
    s.solver = SolverKind::MGPBD;
    return {};
}

}  // namespace

SceneInfo mgpbdClothScene() {
    return {"mgpbd_cloth", "cloth",
            "MGPBD paper cloth: unit grid hanging from its top corners, mass 1 per particle, "
            "compliance 1e-9, dt 3 ms",
            64, build};
}

}  // namespace sim
