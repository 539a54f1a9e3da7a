#pragma once
// Gauss-Seidel constraint projection, PBD paper §3.2-3.3 (algorithm lines 9-11), in both
// projection modes:
//   pbd  — each correction scaled by k' = 1-(1-k)^(1/n_s), so the stiffness does not
//          depend on the iteration count (§3.3);
//   xpbd — compliance alpha with a Lagrange multiplier per constraint accumulated over the
//          substep's iterations (Macklin et al. 2016), so the stiffness depends on neither
//          the iteration count nor the time step.
// Each iteration is one sweep (sim/sweeps/sweeps.h) in rounds (sweep_order.h: array order
// made one-iteration PBD gain energy). lambda buffers are reused across steps.
#include <vector>

#include "sim/solvers/solver.h"
#include "sim/sweeps/sweeps.h"

namespace sim {

class GaussSeidelSolver final : public Solver {
  public:
    explicit GaussSeidelSolver(ProjectionMode mode) : mode_(mode) {}
    const char* name() const override {
        return mode_ == ProjectionMode::Stiffness ? "pbd" : "xpbd";
    }
    void solve(const StepContext& ctx, Real dt) override;

  private:
    ProjectionMode mode_;
    LambdaSet lambdas_;
    SweepOrder order_;
};

}  // namespace sim
