#include "sim/solvers/mgpbd/mgpbd_params.h"

namespace sim {

std::vector<SolverParam> mgpbdParameters(MgpbdSettings& s) {
    using K = SolverParam::Kind;
    return {
        {"max iterations", K::Int, &s.maxIterations, 1, 500, "outer iterations per substep (Alg. 1 line 3)"},
        {"time budget ms", K::Real, &s.timeBudgetMs, 0, 1000, "stop the outer loop after this long; 0 = none"},
        {"atol", K::LogReal, &s.atol, 1e-10, 1e-1, "stop when ||b|| < atol (line 12)"},
        {"rtol", K::Real, &s.rtol, 0, 0.5, "or when ||b|| < rtol ||b0||; 0 = off"},
        {"relaxation omega", K::Real, &s.relaxation, 0.01, 1, "x += omega dx (line 11): 0.25 cloth, 0.1 soft"},
        {"backtracking", K::Bool, &s.backtracking, 0, 1, "halve omega while the dual residual grows"},
        {"line search", K::Bool, &s.lineSearch, 0, 1,
         "each iteration from omega; halve it and retry while the step raises ||b||"},
        {"inexact solves", K::Bool, &s.inexactSolves, 0, 1,
         "PCG only as accurate as the atol stop needs: tol max(pcg tol, min(0.1, atol / 2||b||))"},
        {"primal residual", K::Bool, &s.primalResidual, 0, 1,
         "keep M(x - x~) - grad C^T lambda in the Newton step (converges to implicit Euler)"},
        {"setup interval", K::Int, &s.setupInterval, 1, 200, "frames between AMG setups (lazy setup, §4.2)"},
        {"strength theta", K::Real, &s.strengthTheta, 0, 0.9, "strong if |Aij| >= theta sqrt(|Aii||Ajj|)"},
        {"candidates", K::Int, &s.candidateCount, 1, 8, "near-kernel vectors B (§4.3)"},
        {"candidate sweeps", K::Int, &s.candidateSweeps, 0, 100, "Gauss-Seidel sweeps on A x = 0 per vector"},
        {"smoothed aggregation", K::Bool, &s.smoothedAggregation, 0, 1, "SA instead of UA (to compare)"},
        {"coarse size", K::Int, &s.coarseSize, 10, 3000, "stop coarsening below this many unknowns"},
        {"pcg tolerance", K::LogReal, &s.pcgTolerance, 1e-10, 1e-1, "relative residual of each linear solve"},
        {"pcg max iterations", K::Int, &s.pcgMaxIterations, 1, 1000, "PCG iteration cap"},
        {"smoothing sweeps", K::Int, &s.smoothingSweeps, 1, 10, "pre and post sweeps each"},
        {"chebyshev degree", K::Int, &s.chebyshevDegree, 1, 32, "Chebyshev smoother degree"},
        {"coarse chebyshev degree", K::Int, &s.coarseChebyshevDegree, 0, 32, "degree below the finest level; 0 = same"},
        {"chebyshev lower", K::LogReal, &s.chebyshevLowerRatio, 1e-5, 0.5, "Chebyshev interval [lower rho, 1.1 rho]"},
        {"float v-cycle", K::Bool, &s.floatVCycle, 0, 1, "V-cycle in float (PCG stays double, flexible beta)"},
        {"primal system", K::Bool, &s.primalSystem, 0, 1,
         "solve K y = J^T D^-1 b (SA-AMG by particle) instead of the dual A (needs compliance > 0)"},
        {"primal candidates", K::Int, &s.primalCandidates, 3, 6, "3 translations or 6 rigid-body modes"},
        {"primal SA", K::Bool, &s.primalSmoothedAggregation, 0, 1, "smoothed aggregation on K (else UA)"},
        {"primal chebyshev degree", K::Int, &s.primalChebyshevDegree, 1, 32, "smoother degree on K"},
        {"primal float v-cycle", K::Bool, &s.primalFloatVCycle, 0, 1, "K's V-cycle in float"},
        {"jacobi lambda min", K::Real, &s.jacobiLambdaMin, 0, 1, "lambda_min estimate for omega-Jacobi; 0 = lambda_max"},
    };
}

}  // namespace sim
