// curtain — a vertical cloth pinned along its whole top edge, moved by a steady wind.
// Resolution = quads along the width.
#include "sim/scenes/scenes.h"
#include "sim/world/cloth_builder.h"

namespace sim {

namespace {

std::string build(World& world, const SceneParams& params) {
    const int res = params.resolution;
    GridSpec grid;
    grid.cols = res;
    grid.rows = std::max(1, res * 3 / 4);
    grid.width = 2.0;
    grid.height = 1.5;
    grid.origin = Vec3(-1.0, 2.0, 0.0);
    grid.vAxis = -Vec3::UnitY();  // row 0 is the top edge
    std::string error = addCloth(world, makeGridMesh(grid), ClothOptions{});
    if (!error.empty()) return error;
    for (int c = 0; c <= grid.cols; ++c) world.pin(gridIndex(grid, 0, c), true);
    world.settings.wind = Vec3(0.0, 0.0, 3.0);
    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    // Small steps, 2 substeps x 5 iterations: the same projections a frame as one substep,
    // at the same cost, with less strain (docs/notes/scene-defaults.md).
    world.settings.substeps = 2;
    world.settings.iterations = 5;
    return {};
}

}  // namespace

SceneInfo curtainScene() {
    return {"curtain", "cloth", "curtain pinned along its top edge, blown by wind", 32, build};
}

}  // namespace sim
