#pragma once
// Gauss-Seidel constraint projection, PBD paper §3.2-3.3 (algorithm lines 9-11), in both
// projection modes:
//   pbd  — each correction scaled by k' = 1-(1-k)^(1/n_s), so the stiffness does not
//          depend on the iteration count (§3.3);
//   xpbd — compliance alpha with a Lagrange multiplier per constraint accumulated over the
//          substep's iterations (Macklin et al. 2016), so the stiffness depends on neither
//          the iteration count nor the time step.
// Each iteration visits distance, bending and attachment constraints in array order, then
// the collision contacts (stiffness 1). Corrections are applied immediately, which is what
// makes it Gauss-Seidel. lambda buffers are reused across steps (no allocation in the loop).
#include <vector>

#include "sim/solvers/solver.h"

namespace sim {

class GaussSeidelSolver final : public Solver {
public:
    explicit GaussSeidelSolver(ProjectionMode mode) : mode_(mode) {}
    const char* name() const override {
        return mode_ == ProjectionMode::Stiffness ? "pbd" : "xpbd";
    }
    void solve(World& world, Real dt) override;

    // One forward pass over every constraint; used by HPBD's level-0 smoothing too.
    static void sweep(World& world, ProjectionMode mode, Real dt, int iterations,
                      std::vector<Real>& lambdaDistance, std::vector<Real>& lambdaBending,
                      std::vector<Real>& lambdaAttach);

private:
    ProjectionMode mode_;
    std::vector<Real> lambdaDistance_, lambdaBending_, lambdaAttach_;
};

}  // namespace sim
