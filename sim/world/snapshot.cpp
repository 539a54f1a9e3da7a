#include "sim/world/snapshot.h"

#include <algorithm>

#include "sim/solvers/hpbd/hpbd_solver.h"

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
    s.hpbdHierarchy.reset();
    s.hpbdPendingSplits.clear();
    if (!withSolverData || world.settings.solver != SolverKind::HPBD) return;
    const auto* hpbd = dynamic_cast<const HpbdSolver*>(&world.solver());
    if (!hpbd || hpbd->builtVersion() == 0) return;  // not built yet: a load builds it the same way
    // Any change but splits since the build makes the next solve rebuild from the current
    // positions, as a loaded world does: nothing to keep then.
    const auto splits = world.splitsSince(hpbd->builtVersion());
    if (!splits) return;
    s.hpbdHierarchy = hpbd->hierarchy();
    for (const TopologyChange& c : *splits)
        s.hpbdPendingSplits.push_back({c.original, c.duplicate});
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
    if (s.hpbdHierarchy && world.settings.solver == SolverKind::HPBD) {
        static_cast<HpbdSolver&>(world.solver()).setHierarchy(*s.hpbdHierarchy, world.context());
        for (const auto& [original, duplicate] : s.hpbdPendingSplits)
            world.noteSplit(original, duplicate);
    }
}

}  // namespace sim
