#include "bench/mgpbd_bench_util.h"

#include "bench/bench_util.h"
#include "sim/collision/collision_stage.h"
#include "sim/core/stages.h"

namespace bench {

void preSolveStages(sim::World& world) {
    const sim::Real dt = world.settings.substepDt();
    sim::applyExternalForces(world.particles, world.triangles, world.settings, dt);
    sim::dampVelocities(world.particles, world.settings.damping);
    sim::predictPositions(world.particles, dt);
    sim::generateContacts(world.particles, world.colliders, world.settings.collisionThickness,
                          world.contacts);
}

sim::World worldBeforeSolve(const std::string& scene, int res, int frame) {
    sim::World world = loadSceneOrDie(scene, res);
    for (int f = 0; f < frame; ++f) world.step();
    preSolveStages(world);
    return world;
}

void firstIterationSystem(const sim::World& world, sim::DualSystem& system) {
    system.update(world);
    const sim::Vector lambda(system.rows(), 0.0);
    system.assemble(world, world.settings.substepDt(), lambda);
}

}  // namespace bench
