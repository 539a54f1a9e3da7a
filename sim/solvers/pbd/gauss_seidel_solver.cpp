#include "sim/solvers/pbd/gauss_seidel_solver.h"

#include "sim/contact/step_context.h"
#include "sim/sweeps/residual.h"

namespace sim {

void GaussSeidelSolver::solve(const StepContext& ctx, Real dt) {
    resetLambdas(ctx, lambdas_);
    order_.update(ctx);
    const int iterations = ctx.settings.iterations;
    for (int it = 0; it < iterations; ++it)
        sweep(ctx, lambdas_, {.mode = mode_, .dt = dt, .iterations = iterations, .order = &order_});
    stats_.iterations = iterations;
    if (ctx.residualWanted()) stats_.residual = dualResidual(ctx, mode_, dt, lambdas_);
}

std::unique_ptr<Solver> makePbdSolver() {
    return std::make_unique<GaussSeidelSolver>(ProjectionMode::Stiffness);
}

std::unique_ptr<Solver> makeXpbdSolver() {
    return std::make_unique<GaussSeidelSolver>(ProjectionMode::Compliance);
}

}  // namespace sim
