#pragma once
// The Gauss-Seidel sweep machinery every solver shares as equals (PBD §3.2-3.3, algorithm
// lines 9-11): PBD and XPBD iterate it, HPBD smooths its finest level with it, MGPBD's
// fallback and local sweeps are it, and the GPU path mirrors it. Each sweep visits every
// constraint array (constraint_types.h) in rounds (sweep_order.h), then the contacts
// (stiffness 1); corrections are applied immediately, which is what makes it Gauss-Seidel.
#include <vector>

#include "sim/constraints/projection.h"
#include "sim/sweeps/edge_chains.h"
#include "sim/sweeps/sweep_order.h"

namespace sim {

class StepContext;

// One lambda array per constraint type, in visitConstraints order.
using LambdaSet = std::vector<std::vector<Real>>;

// How one sweep runs.
struct SweepOptions {
    ProjectionMode mode = ProjectionMode::Compliance;
    Real dt = 0;            // the substep
    int iterations = 1;     // n_s, for PBD's k'
    bool backward = false;  // through the arrays from their ends
    // The round order (null: array order, as the MGPBD bench's XPBD-GS baseline).
    const SweepOrder* order = nullptr;
    // The chainable type's constraints in a chain are projected a chain at a time
    // (edge_chains.h), after the others; null: each on its own, as the papers' sweeps.
    const EdgeChains* chains = nullptr;
};

// Sizes the lambda set for the world's constraints and zeroes it.
void resetLambdas(const StepContext& ctx, LambdaSet& lambdas);
// One pass over every constraint, then the contacts.
void sweep(const StepContext& ctx, LambdaSet& lambdas, const SweepOptions& options);
// One hard (stiffness 1) pass over the unilateral constraint types only: MGPBD leaves them
// out of its dual system and projects them after its loop.
void projectUnilateral(const StepContext& ctx);
// `passes` XPBD passes over the dense types only (a closed surface's pressure,
// constraint_traits.h), lambda from zero: MGPBD and the GPU solvers leave them out of their
// global systems and project them after their loops, before the unilateral ones.
void projectDense(const StepContext& ctx, Real dt, int passes);

}  // namespace sim
