// bunny_squash — MGPBD Fig. 13: a closed soft body squashed flat to 10% of its height and
// released on the ground; ARAP tets with mu = 1e9 Pa, dt = 10 ms, 20 iterations. No bunny
// ships yet (assets/README.md), so the body is the procedural capsule (radius 0.25 m,
// cylinder 0.5 m, standing on y) tetrahedralized by tetgen. Resolution = capsule segments.
#include <algorithm>

#include "sim/scenes/scenes.h"
#include "sim/scenes/softbody_common.h"
#include "sim/topology/closed_surfaces.h"

namespace sim {

std::string bunnySquashMesh(int res, TetMesh& rest) {
    const Real r = 0.25, half = 0.25;
    const TriangleMesh surface =
        makeCapsule(Vec3(0, 0.01 + r + half, 0), r, half, res, std::max(2, res / 4));
    TetgenResult tets = tetrahedralize(surface, sceneTetgenOptions());
    if (!tets.error.empty()) return tets.error;
    rest = std::move(tets.mesh);
    return {};
}

namespace {

std::string build(World& world, int res) {
    TetMesh rest;
    if (std::string e = bunnySquashMesh(res, rest); !e.empty()) return e;
    SoftBodyOptions options;
    options.density = 1000;
    if (std::string e = addSoftBody(world, rest, options); !e.empty()) return e;
    Real ymin = world.particles.x[0].y();
    for (const Vec3& x : world.particles.x) ymin = std::min(ymin, x.y());
    for (Vec3& x : world.particles.x) x.y() = ymin + 0.1 * (x.y() - ymin);
    world.particles.p = world.particles.x;
    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    useSoftBodySettings(world.settings, 1e9);
    return {};
}

}  // namespace

SceneInfo bunnySquashScene() {
    return {"bunny_squash", "softbody",
            "a capsule squashed to 10% of its height recovers (MGPBD Fig. 13; ARAP mu 1e9)", 16,
            build};
}

}  // namespace sim
