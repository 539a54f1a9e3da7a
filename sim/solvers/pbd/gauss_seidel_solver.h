#pragma once
// Gauss-Seidel constraint projection, PBD paper §3.2-3.3 (algorithm lines 9-11), in both
// projection modes:
//   pbd  — each correction scaled by k' = 1-(1-k)^(1/n_s), so the stiffness does not
//          depend on the iteration count (§3.3);
//   xpbd — compliance alpha with a Lagrange multiplier per constraint accumulated over the
//          substep's iterations (Macklin et al. 2016), so the stiffness depends on neither
//          the iteration count nor the time step.
// Each iteration visits every constraint array (constraint_types.h) in rounds
// (sweep_order.h: array order made one-iteration PBD gain energy), then the collision
// contacts (stiffness 1). Corrections are applied immediately, which is what
// makes it Gauss-Seidel. lambda buffers are reused across steps (no allocation in the loop).
#include <vector>

#include "sim/solvers/edge_chains.h"
#include "sim/solvers/solver.h"
#include "sim/solvers/sweep_order.h"

namespace sim {

// One lambda array per constraint type, in visitConstraints order.
using LambdaSet = std::vector<std::vector<Real>>;

class GaussSeidelSolver final : public Solver {
  public:
    explicit GaussSeidelSolver(ProjectionMode mode) : mode_(mode) {}
    const char* name() const override {
        return mode_ == ProjectionMode::Stiffness ? "pbd" : "xpbd";
    }
    void solve(const StepContext& ctx, Real dt) override;

    // Sizes the lambda set for the world's constraints and zeroes it.
    static void resetLambdas(const StepContext& ctx, LambdaSet& lambdas);
    // One pass over every constraint, forward or backward through the arrays, then the
    // contacts. `iterations` is n_s for k'. HPBD's level-0 smoothing uses this too.
    // order: the round order (null: array order, as the MGPBD bench's XPBD-GS baseline).
    // chains: distance constraints in a chain are projected a chain at a time (edge_chains.h),
    // after the others; null: each on its own, as the papers' sweeps.
    static void sweep(const StepContext& ctx, ProjectionMode mode, Real dt, int iterations,
                      LambdaSet& lambdas, bool backward = false, const SweepOrder* order = nullptr,
                      const EdgeChains* chains = nullptr);
    // One hard (stiffness 1) pass over the unilateral constraint types only (separation
    // pairs): MGPBD leaves them out of its dual system and projects them after its loop.
    static void projectUnilateral(const StepContext& ctx);
    // `passes` XPBD passes over the dense types only (a closed surface's pressure,
    // constraint_traits.h), lambda from zero: MGPBD and the GPU solvers leave them out of
    // their global systems and project them after their loops, before the unilateral ones.
    static void projectDense(const StepContext& ctx, Real dt, int passes);

  private:
    ProjectionMode mode_;
    LambdaSet lambdas_;
    SweepOrder order_;
};

}  // namespace sim
