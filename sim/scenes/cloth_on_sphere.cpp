// cloth_on_sphere — a free square cloth dropped onto a sphere that stands above a ground
// plane: exercises the continuous collision test, the static fallback and friction.
// Resolution = quads per side.
#include "sim/scenes/scenes.h"
#include "sim/world/cloth_builder.h"

namespace sim {

namespace {

std::string build(World& world, const SceneParams& params) {
    const int res = params.resolution;
    GridSpec grid = squareGrid(res, 1.6, Vec3(-0.8, 1.4, -0.8));
    grid.diagonal = GridDiagonal::Alternating;
    std::string error = addCloth(world, makeGridMesh(grid), ClothOptions{});
    if (!error.empty()) return error;
    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    world.colliders.push_back(Collider::sphere(Vec3(0.0, 0.6, 0.0), 0.4));
    world.settings.friction = 0.4;
    // Small steps, 4 substeps x 5 iterations (the same projections a frame as fewer, longer
    // substeps), and self collision (PBD §4.3, h = 0.01), where the cloth folds on the
    // ground: less strain and next to no crossings under every solver, for a modest cost
    // (docs/notes/scene-defaults.md).
    world.settings.substeps = 4;
    world.settings.iterations = 5;
    world.settings.selfCollision = true;
    return {};
}

}  // namespace

SceneInfo clothOnSphereScene() {
    return {"cloth_on_sphere", "collision", "cloth falls onto a sphere above the ground", 32,
            build};
}

}  // namespace sim
