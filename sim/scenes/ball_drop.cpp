// ball_drop — MGPBD Fig. 12: three soft balls of the same size at three resolutions
// (icosphere subdivided r-2, r-1 and r times, at least 0, tetrahedralized by tetgen) fall on
// the ground. Resolution = the finest ball's subdivision level.
#include <algorithm>

#include "sim/scenes/scenes.h"
#include "sim/scenes/softbody_common.h"
#include "sim/topology/closed_surfaces.h"

namespace sim {

namespace {

std::string build(World& world, const SceneParams& params) {
    const int res = params.resolution;
    if (res > 4) return "ball_drop resolution " + std::to_string(res) + " is too large (max 4)";
    SoftBodyOptions options;
    options.density = 1000;
    for (int k = 0; k < 3; ++k) {
        const int level = std::max(0, res - 2 + k);
        const Vec3 center(-0.8 + 0.8 * k, 0.8, 0.0);
        if (std::string e =
                addTetgenSoftBody(world, makeIcosphere(center, 0.25, level), params, options);
            !e.empty())
            return e;
    }
    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    useSoftBodySettings(world.settings, 1e5);
    world.settings.restitution = 0.0;
    // Real time at the default resolution (issue 14): 8 iterations fit a 60 Hz frame on one
    // core since ARAP's rotation is a Newton iteration, and the ball comes to the same rest
    // as with 20 (docs/notes/soft-bodies.md).
    world.settings.iterations = 8;
    return {};
}

}  // namespace

SceneInfo ballDropScene() {
    return {"ball_drop", "softbody",
            "soft balls at three resolutions fall on the ground (MGPBD Fig. 12; 8 iterations)", 3,
            build};
}

}  // namespace sim
