// pendulum_chain — the chained multi-pendulum of the XPBD course report (paper 004,
// Fig. 9-10): equal point masses joined by stiff distance constraints, the first one
// pinned, released from horizontal. Chaotic, so it shows energy drift and solver damping.
// Resolution = number of links. Runs XPBD with 10 substeps as in the report.
#include "sim/scenes/scenes.h"
#include "sim/world/world.h"

namespace sim {

namespace {

std::string build(World& world, const SceneParams& params) {
    const int links = params.resolution;
    const Real length = 0.15;
    const Vec3 anchor(0.0, 2.0, 0.0);
    int prev = world.particles.add(anchor, 1.0);
    world.particles.setPinned(prev, true);
    for (int k = 1; k <= links; ++k) {
        int next = world.particles.add(anchor + Vec3(length * k, 0.0, 0.0), 1.0);
        world.constraints.distance.push_back({prev, next, length, 1.0});
        prev = next;
    }
    // A ground just below the chain's reach, so it is seen to swing above something and a
    // hanging chain of any length never touches it.
    world.colliders.push_back(
        Collider::plane(Vec3(0, anchor.y() - length * links - 0.1, 0), Vec3::UnitY()));
    world.settings.solver = SolverKind::XPBD;
    world.settings.substeps = 10;
    world.settings.iterations = 1;
    world.bumpTopology();
    return {};
}

}  // namespace

SceneInfo pendulumChainScene() {
    return {"pendulum_chain", "basics", "chain of pendulums released from horizontal (XPBD)", 5,
            build};
}

}  // namespace sim
