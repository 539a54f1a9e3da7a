// rotating_barrel — PBD paper Fig. 9: a cloth tumbling inside a barrel that turns about
// its horizontal axis; friction with the wall carries the cloth up until it falls. The
// barrel is 12 box staves and two end plates, all kinematic, rotating together.
// Resolution = quads per side of the cloth.
#include <cmath>
#include <numbers>

#include "sim/scenes/scenes.h"
#include "sim/world/cloth_builder.h"

namespace sim {

namespace {

constexpr int kStaves = 12;
constexpr Real kRadius = 0.6;       // inner radius of the barrel [m]
constexpr Real kHalfLength = 0.45;  // half its length along z [m]
constexpr Real kOmega = 1.2;        // [rad/s]
const Vec3 kAxis(0, 0.8, 0);        // a point on the barrel's axis

// Pose of every barrel part at angle theta.
void placeBarrel(World& w, Real theta) {
    const Vec3 omega(0, 0, kOmega);
    for (int k = 0; k < kStaves + 2; ++k) {
        Collider& c = w.colliders[k];
        const Mat3 R = Eigen::AngleAxisd(theta + 2 * std::numbers::pi * k / kStaves, Vec3::UnitZ())
                           .toRotationMatrix();
        if (k < kStaves) {
            c.rotation = R;
            c.center = kAxis + R * Vec3(0, -(kRadius + 0.05), 0);
        } else {
            c.rotation = R;
            c.center = kAxis + Vec3(0, 0, (k == kStaves ? 1 : -1) * (kHalfLength + 0.05));
        }
        c.angularVelocity = omega;
        c.velocity = omega.cross(c.center - kAxis);
    }
}

std::string build(World& world, const SceneParams& params) {
    const int res = params.resolution;
    GridSpec grid;
    grid.cols = grid.rows = res;
    grid.width = 0.7;
    grid.height = 0.7;
    grid.origin = Vec3(-0.35, 0.9, -0.35);
    std::string error = addCloth(world, makeGridMesh(grid), ClothOptions{});
    if (!error.empty()) return error;
    const Real staveHalfWidth = kRadius * std::tan(std::numbers::pi / kStaves) + 0.03;
    for (int k = 0; k < kStaves; ++k)
        world.colliders.push_back(
            Collider::box(Vec3::Zero(), Vec3(staveHalfWidth, 0.05, kHalfLength + 0.1)));
    // The end plates are drawn see-through, so the camera sees the cloth inside the drum.
    for (int k = 0; k < 2; ++k) {
        world.colliders.push_back(
            Collider::box(Vec3::Zero(), Vec3(kRadius + 0.1, kRadius + 0.1, 0.05)));
        world.colliders.back().seeThrough = true;
    }
    placeBarrel(world, 0);
    // The ground under the barrel, after its parts (placeBarrel addresses them by index).
    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    world.settings.friction = 0.5;
    world.settings.staticFriction = 0.7;
    // Small steps, 5 substeps x 4 iterations (the same projections a frame as fewer, longer
    // substeps): less strain, and no crossings but under HPBD, which crosses far less
    // (docs/notes/scene-defaults.md).
    world.settings.substeps = 5;
    world.settings.iterations = 4;
    world.animate = [](World& w, Real t) { placeBarrel(w, kOmega * (t + w.settings.substepDt())); };
    return {};
}

}  // namespace

SceneInfo rotatingBarrelScene() {
    return {"rotating_barrel", "collision",
            "PBD Fig. 9: cloth tumbling in a rotating barrel (box staves) with friction", 24,
            build};
}

}  // namespace sim
