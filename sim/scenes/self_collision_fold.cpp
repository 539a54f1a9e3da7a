// self_collision_fold — PBD paper Fig. 6: a square cloth, tilted a little from vertical,
// drops onto the ground and folds onto itself; vertex-triangle self collision (§4.3) keeps
// the layers apart. Resolution = quads per side.
#include <algorithm>
#include <cmath>

#include "sim/scenes/scenes.h"
#include "sim/world/cloth_builder.h"

namespace sim {

namespace {

std::string build(World& world, const SceneParams& params) {
    const int res = params.resolution;
    const Real tilt = 0.35;  // [rad] from vertical, so it folds one way
    GridSpec grid = squareGrid(res, 1.0, Vec3(-0.5, 1.2, 0.0));
    grid.vAxis = Vec3(0, -std::cos(tilt), std::sin(tilt));
    std::string error = addCloth(world, makeGridMesh(grid), ClothOptions{});
    if (!error.empty()) return error;
    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    world.settings.selfCollision = true;
    world.settings.selfThickness = 0.01;
    // 4 substeps at the default resolution 24: with the sweep in rounds (sweep_order.h) 2
    // let the sheet cross itself now and then as bending or iterations varied, 4 kept it
    // uncrossed over the sliders' range (smaller moves per substep for vertex-triangle
    // contacts). Finer sheets have shorter edges against the same fall speed, so the substeps
    // grow with the resolution, about one per 6 quads (res 40:
    // docs/notes/scene-defaults.md).
    world.settings.substeps = std::max(4, (res + 5) / 6);
    world.settings.friction = 0.3;
    world.settings.damping = 0.01;
    // Bending slider 0.2 rather than the default 0.1: with 0.1 the crease that forms where
    // the sheet lands is sharper than two edges, and a 2-ring neighbour of the crease passed
    // through it. Finer sheets still cross
    // (docs/notes/scene-defaults.md).
    world.settings.bend = materialFromSlider(0.2, kBendCompliance);
    return {};
}

}  // namespace

SceneInfo selfCollisionFoldScene() {
    return {"self_collision_fold", "collision",
            "PBD Fig. 6: a cloth falls on the ground and folds onto itself (self collision)", 24,
            build};
}

}  // namespace sim
