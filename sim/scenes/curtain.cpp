// curtain — a vertical cloth pinned along its whole top edge, moved by a steady wind.
// Resolution = quads along the width.
#include "sim/scenes/scenes.h"
#include "sim/world/cloth_builder.h"

namespace sim {

namespace {

std::string build(World& world, const SceneParams& params) {
    const int res = params.resolution;
    std::string error =
        addCurtain(world, res, std::max(1, res * 3 / 4), 2.0, 1.5, Vec3(-1.0, 2.0, 0.0));
    if (!error.empty()) return error;
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
