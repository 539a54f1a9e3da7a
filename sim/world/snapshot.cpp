#include "sim/world/snapshot.h"

#include <cstring>

namespace sim {

void takeSnapshot(const World& world, Snapshot& s, bool withSolverData) {
    s.particles = world.particles;
    s.constraints = world.constraints;
    s.triangles = world.triangles;
    s.colliders = world.colliders;
    s.rigid = world.rigid;
    s.grab = world.grab();
    s.colliderDrag = world.colliderDrag();
    s.time = world.time();
    s.frame = world.frame();
    s.solverData.reset();
    // The solver the settings name: a switch not yet applied keeps nothing of the old one.
    const Solver& solver = world.solver();
    if (withSolverData && std::strcmp(solver.name(), solverName(world.settings.solver)) == 0)
        s.solverData = solver.checkpoint(world.topologyChanges());
}

Snapshot takeSnapshot(const World& world, bool withSolverData) {
    Snapshot s;
    takeSnapshot(world, s, withSolverData);
    return s;
}

void restore(World& world, const Snapshot& s) {
    world.particles = s.particles;
    world.constraints = s.constraints;
    world.triangles = s.triangles;
    world.colliders = s.colliders;
    world.rigid = s.rigid;
    world.restoreClock(s.time, s.frame);
    world.restoreHolds(s.grab, s.colliderDrag);
    world.contacts().clear();
    world.bumpTopology();
    world.setSolver(world.settings.solver);  // no derived data from before the restore
    const std::shared_ptr<const SolverCheckpoint>& saved = s.solverData;
    if (saved && std::strcmp(saved->solver(), world.solver().name()) == 0) {
        world.solver().resume(*saved, world.context());
        for (const auto& [original, duplicate] : saved->pendingSplits)
            world.noteSplit(original, duplicate);
    }
}

}  // namespace sim
