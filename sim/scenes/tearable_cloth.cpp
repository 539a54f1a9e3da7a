// tearable_cloth — PBD paper Fig. 10: a cloth of 4,264 vertices and 8,262 triangles
// (81 x 51 quads) hangs from its top edge; a cube attached to the middle of its lower edge
// sinks and tears it, then a thrown ball rips through it. Tearing is on (strain 0.6).
// Resolution = quads along the width (rows = width * 51 / 81).
#include <algorithm>
#include <vector>

#include "sim/scenes/scenes.h"
#include "sim/topology/cloth_builder.h"

namespace sim {

namespace {

constexpr Real kCube = 0.12;         // half size of the cube [m]
constexpr Real kCubeSpeed = 0.25;    // how fast the cube sinks [m/s]
constexpr Real kBallRadius = 0.15;   // [m]
constexpr Real kBallThrow = 2.0;     // when the ball is thrown [s]
constexpr Real kBallSpeed = 9.0;     // [m/s], 0.15 m a frame: its own radius

std::string build(World& world, const SceneParams& params) {
    const int res = params.resolution;
    GridSpec grid;
    grid.cols = res;
    grid.rows = std::max(1, res * 51 / 81);
    grid.width = 2.0;
    grid.height = 1.26;
    grid.origin = Vec3(-1.0, 2.2, 0.0);
    grid.vAxis = -Vec3::UnitY();  // row 0 is the top edge
    std::string error = addCloth(world, makeGridMesh(grid), ClothOptions{});
    if (!error.empty()) return error;
    for (int c = 0; c <= grid.cols; ++c) world.pin(gridIndex(grid, 0, c), true);

    // The cube holds the middle of the lower edge: those particles are pinned and move with it.
    std::vector<int> held;
    const Real bottomY = grid.origin.y() - grid.height;
    for (int c = 0; c <= grid.cols; ++c) {
        const int i = gridIndex(grid, grid.rows, c);
        if (std::abs(world.particles.x[i].x()) <= kCube) {
            world.pin(i, true);
            held.push_back(i);
        }
    }
    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    const Vec3 cubeStart(0, bottomY - kCube - 0.02, 0);
    world.colliders.push_back(Collider::box(cubeStart, Vec3::Constant(kCube)));
    world.colliders.push_back(Collider::sphere(Vec3(0.3, 1.6, -3.0), kBallRadius));
    world.settings.tearStrain = 0.6;
    // Poses are set for the end of the substep that follows (t + dt).
    world.animate = [held, cubeStart](World& w, Real t0) {
        const Real dt = w.settings.substepDt();
        const Real t = t0 + dt;
        Collider& cube = w.colliders[1];
        const Real floor = kCube + 0.05;
        const Real y = std::max(floor, cubeStart.y() - kCubeSpeed * t);
        const Vec3 next(0, y, 0);
        const Vec3 move = next - cube.center;
        cube.velocity = move / dt;
        cube.center = next;
        for (int i : held) {  // pinned: they move with the cube (the kinematics stage runs
            w.particles.x[i] += move;  // after predict, so p follows too)
            w.particles.p[i] += move;
        }
        Collider& ball = w.colliders[2];
        const Real flight = std::max<Real>(0, t - kBallThrow);
        const Vec3 ballNext(0.3, 1.6, -3.0 + kBallSpeed * flight);
        ball.velocity = t > kBallThrow ? Vec3(0, 0, kBallSpeed) : Vec3::Zero();
        ball.center = ballNext;
    };
    return {};
}

}  // namespace

SceneInfo tearableClothScene() {
    return {"tearable_cloth", "tearing",
            "PBD Fig. 10: cloth torn by an attached sinking cube and ripped by a thrown ball", 81,
            build};
}

}  // namespace sim
