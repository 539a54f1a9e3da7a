// moving_sphere — a sphere sweeps back and forth through the lower part of a curtain at 3 m/s
// (an eighth of its diameter every frame, 1.3 cloth edges): the continuous test in the
// sphere's frame must push the cloth aside instead of letting it tunnel, and the curtain
// swings aside and back without going over its pin line. Resolution = quads along the width.
//
// Why 3 m/s: a ball that crosses a diameter per frame, or a good share of one, flings the
// curtain over its pin line whatever the substeps, tethers or friction, and with one long
// substep a particle rides the ball's front, carried by static friction. At 3 m/s, 4
// substeps x 5 iterations with tethers keep the curtain stretched little and below its pins.
#include <algorithm>
#include <cmath>

#include "sim/scenes/scenes.h"
#include "sim/world/cloth_builder.h"

namespace sim {

namespace {

constexpr Real kRadius = 0.2;
constexpr Real kSpeed = 3.0;  // [m/s]: a quarter radius per 1/60 s frame
constexpr Real kReach = 2.0;  // sweeps z in [-kReach, kReach]

std::string build(World& world, const SceneParams& params) {
    const int res = params.resolution;
    GridSpec grid;
    grid.cols = res;
    grid.rows = res;
    grid.width = 1.2;
    grid.height = 1.2;
    grid.origin = Vec3(-0.6, 1.8, 0.0);
    grid.vAxis = -Vec3::UnitY();
    std::string error = addCloth(world, makeGridMesh(grid), ClothOptions{});
    if (!error.empty()) return error;
    for (int c = 0; c <= grid.cols; ++c) world.pin(gridIndex(grid, 0, c), true);
    world.settings.substeps = 4;  // small steps and tethers: see the top of the file
    world.settings.iterations = 5;
    world.settings.tethers = true;
    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    world.colliders.push_back(Collider::sphere(Vec3(0, 0.85, -kReach), kRadius));
    world.animate = [](World& w, Real t0) {
        const Real t = t0 + w.settings.substepDt();  // pose at the end of the substep
        // Triangle wave: across and back every 2 * (2 kReach / kSpeed) seconds.
        const Real period = 2 * (2 * kReach / kSpeed);
        const Real phase = std::fmod(t, period) / period;
        const Real dir = phase < 0.5 ? 1.0 : -1.0;
        const Real z =
            phase < 0.5 ? -kReach + 4 * kReach * phase : kReach - 4 * kReach * (phase - 0.5);
        Collider& ball = w.colliders[1];
        ball.center = Vec3(0, 0.85, z);
        ball.velocity = Vec3(0, 0, dir * kSpeed);
    };
    return {};
}

}  // namespace

SceneInfo movingSphereScene() {
    return {"moving_sphere", "collision", "a sphere sweeps through a curtain and pushes it aside",
            32, build};
}

}  // namespace sim
