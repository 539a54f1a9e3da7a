// self_collision_fold — PBD paper Fig. 6: a square cloth, tilted a little from vertical,
// drops onto the ground and folds onto itself; vertex-triangle self collision (§4.3) keeps
// the layers apart. Resolution = quads per side.
#include <cmath>

#include "sim/scenes/scenes.h"
#include "sim/topology/cloth_builder.h"

namespace sim {

namespace {

std::string build(World& world, int res) {
    GridSpec grid;
    grid.cols = grid.rows = res;
    grid.width = grid.height = 1.0;
    const Real tilt = 0.35;  // [rad] from vertical, so it folds one way
    grid.origin = Vec3(-0.5, 1.2, 0.0);
    grid.vAxis = Vec3(0, -std::cos(tilt), std::sin(tilt));
    std::string error = addCloth(world, makeGridMesh(grid), ClothOptions{});
    if (!error.empty()) return error;
    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    world.settings.selfCollision = true;
    world.settings.selfThickness = 0.01;
    world.settings.substeps = 2;
    world.settings.friction = 0.3;
    world.settings.damping = 0.01;
    return {};
}

}  // namespace

SceneInfo selfCollisionFoldScene() {
    return {"self_collision_fold", "collision",
            "PBD Fig. 6: a cloth falls on the ground and folds onto itself (self collision)", 24,
            build};
}

}  // namespace sim
