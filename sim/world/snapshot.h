#pragma once
// The simulated state of a world, in memory: what a state file holds (sim/io/state_file.h),
// and what undo and reset go back to. Settings, the scene's scripts (World::animate) and the
// solver choice are not part of it: a snapshot is restored into the world of the scene that
// made it. No solver keeps Lagrange multipliers across steps (Gauss-Seidel, HPBD and MGPBD
// all start each substep at lambda = 0), so there are none to keep; solver data that changes
// results and cannot be rebuilt from the state (HPBD's hierarchy, built from the positions at
// the time it was built, then patched by tears) is the solver's checkpoint, kept on request.
// Restoring creates a fresh solver, so a restored world continues exactly as one that loaded
// the scene and ran to the same frame (MGPBD: see restore()).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sim/solvers/solver.h"
#include "sim/world/world.h"

namespace sim {

struct Snapshot {
    Particles particles;
    ConstraintSet constraints;
    std::vector<Triangle> triangles;
    std::vector<Collider> colliders;  // poses, velocities, motions (mesh SDFs shared)
    RigidWorld rigid;                 // rigid bodies and their attachments (no state file yet)
    std::optional<Grab> grab;
    std::optional<ColliderDrag> colliderDrag;
    Real time = 0;
    long frame = 0;
    // The active solver's checkpoint (taken with solver data; null when it keeps none).
    std::shared_ptr<const SolverCheckpoint> solverData;
};

// withSolverData: also keep the active solver's checkpoint (Solver::checkpoint):
// state files need it for bit-exact continuation, undo does not.
Snapshot takeSnapshot(const World& world, bool withSolverData = false);
// Copies into an existing snapshot, reusing its buffers (no allocation once sized).
void takeSnapshot(const World& world, Snapshot& into, bool withSolverData = false);

// Puts the snapshot's state back into the world and gives it a fresh solver of the kind its
// settings name, resumed from the snapshot's checkpoint when it is that solver's. MGPBD sets up its
// AMG again at the restored frame; a run that never stopped set it up at its own schedule (every
// setupInterval frames and at topology changes), so continuation is bit-exact when the
// restored frame is one where the uninterrupted run also set up (Solver::inexactResumeNote).
void restore(World& world, const Snapshot& snapshot);

}  // namespace sim
