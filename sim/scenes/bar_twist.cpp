// bar_twist — MGPBD Fig. 8: a 5 x 1 x 1 bar of ARAP tets twisted 180 degrees about its
// long axis (angle growing linearly along it) and released without gravity; it untwists.
// Resolution = cells along the length (one tenth of it across).
#include <algorithm>
#include <cmath>

#include "sim/scenes/scenes.h"
#include "sim/scenes/softbody_common.h"

namespace sim {

namespace {

std::string build(World& world, const SceneParams& params) {
    const int res = params.resolution;
    if (res < 5) return "bar_twist needs at least 5 cells along its length";
    const int across = std::max(1, res / 10);
    const TetMesh bar = makeBoxTets(Vec3(-2.5, 1.5, -0.5), Vec3(5, 1, 1), res, across, across);
    SoftBodyOptions options;
    options.density = 1000;
    options.arapForm = params.arapForm.value_or(options.arapForm);
    if (std::string e = addSoftBody(world, bar, options); !e.empty()) return e;
    const Real pi = 3.14159265358979323846;
    for (Vec3& x : world.particles.x) {
        const Real angle = pi * (x.x() + 2.5) / 5.0;
        const Real y = x.y() - 2.0, z = x.z();
        x.y() = 2.0 + std::cos(angle) * y - std::sin(angle) * z;
        x.z() = std::sin(angle) * y + std::cos(angle) * z;
    }
    world.particles.p = world.particles.x;
    useSoftBodySettings(world.settings, 1e6);
    world.settings.gravity = Vec3::Zero();
    // A ground for scale and for a bar that is thrown down; the untwisting bar never reaches it.
    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    return {};
}

}  // namespace

SceneInfo barTwistScene() {
    return {"bar_twist", "softbody", "a 5x1x1 bar twisted 180 degrees and released (MGPBD Fig. 8)",
            20, build};
}

}  // namespace sim
