// MGPBD's parameters (params.h). Basic and Advanced ones are the product's settings (the
// Solver panel, pbd-sandbox's flags, settings files); Bench ones are pbd-bench's knobs for
// reproducing the paper's and our measurements, no setting of the sandbox's.
#include "sim/core/params.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"

namespace sim {

namespace {

using T = ParamType;
using L = ParamLevel;
const char* const kSmoothers[] = {"jacobi", "chebyshev", "gauss-seidel"};
const char* const kCandidates[] = {"relaxed", "constant", "strain"};
const char* const kCoarse[] = {"cholesky", "smooth"};
const char* const kPresets[] = {"live", "paper"};

// Data, not code: one row per parameter.
const ParamDesc kTable[] = {
    // First, so that the flags after it override what it sets.
    {"mgpbd-preset", "mgpbd", T::Choice, L::Basic, 0, 1, false, "",
     "live: the interactive defaults; paper: our additions off (Algorithm 1 as published)",
     kPresets, 2,
     [](const Settings& s) { return s.block<MgpbdSettings>().isPaperPreset() ? 1.0 : 0.0; },
     [](Settings& s, double v) {
         if (v != 0)
             s.block<MgpbdSettings>().applyPaperPreset();
         else
             s.block<MgpbdSettings>().applyLivePreset();
     }},
    // Outer loop (Algorithm 1).
    {"mgpbd-max-iterations", "mgpbd", T::Int, L::Basic, 0, 100000, true, "",
     "outer iterations per substep (line 3)", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().maxIterations)},
    {"mgpbd-atol", "mgpbd", T::Real, L::Basic, 0, 1, true, "", "stop when ||b|| < atol (line 12)",
     nullptr, 0, PBD_FIELD(block<MgpbdSettings>().atol)},
    {"mgpbd-rtol", "mgpbd", T::Real, L::Advanced, 0, 0.999, false, "",
     "or when ||b|| < rtol ||b0||; 0 = off", nullptr, 0, PBD_FIELD(block<MgpbdSettings>().rtol)},
    {"mgpbd-relaxation", "mgpbd", T::Real, L::Basic, 1e-3, 1, true, "",
     "omega of line 11: x += omega dx", nullptr, 0, PBD_FIELD(block<MgpbdSettings>().relaxation)},
    {"mgpbd-line-search", "mgpbd", T::Bool, L::Basic, 0, 1, false, "",
     "halve omega and retry while the step raises ||b||", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().step.lineSearch)},
    {"mgpbd-line-search-halvings", "mgpbd", T::Int, L::Bench, 0, 30, false, "",
     "line-search retries at most", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().step.lineSearchHalvings)},
    {"mgpbd-watchdog", "mgpbd", T::Int, L::Advanced, 0, 1000, false, "",
     "without line search or budget: keep the best ||b|| of the substep, go back to it after "
     "this many steps above it; 0 = off",
     nullptr, 0, PBD_FIELD(block<MgpbdSettings>().step.watchdogSteps)},
    {"mgpbd-inexact", "mgpbd", T::Bool, L::Basic, 0, 1, false, "",
     "PCG only as accurate as the atol stop needs", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.inexactSolves)},
    {"mgpbd-backtracking", "mgpbd", T::Bool, L::Bench, 0, 1, false, "",
     "halve omega for good while the dual residual grows", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().step.backtracking)},
    {"mgpbd-frame-budget-ms", "mgpbd", T::Real, L::Basic, 0, 10000, false, "ms",
     "work per frame, counted in fixed work units (replays exactly); 0 = none", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().budget.frameMs)},
    {"mgpbd-budget-min-pcg", "mgpbd", T::Int, L::Bench, 0, 10000, false, "",
     "PCG iterations the budget must have room for before a global step (else sweeps)", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().budget.minPcgIterations)},
    {"mgpbd-time-budget-ms", "mgpbd", T::Real, L::Bench, 0, 1e6, false, "ms",
     "stop the outer loop after this much wall time (benches; not deterministic); 0 = none",
     nullptr, 0, PBD_FIELD(block<MgpbdSettings>().budget.wallClockMs)},
    {"mgpbd-live-omega", "mgpbd", T::Real, L::Advanced, 0, 1, false, "",
     "omega without line search (live); 0 = mgpbd-relaxation, the paper's", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().step.liveOmega)},
    {"mgpbd-line-search-step", "mgpbd", T::Real, L::Advanced, 1e-3, 1, false, "",
     "first step the line search tries", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().step.lineSearchStep)},
    {"mgpbd-warm-start", "mgpbd", T::Bool, L::Advanced, 0, 1, false, "",
     "start each substep from the last one's lambda when that lowers ||b||", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().step.warmStart)},
    {"mgpbd-local-sweeps", "mgpbd", T::Int, L::Advanced, 0, 1000, false, "",
     "XPBD Gauss-Seidel sweeps after each outer iteration (kept if they lower ||b||)", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().sweeps.local)},
    {"mgpbd-line-sweeps", "mgpbd", T::Bool, L::Advanced, 0, 1, false, "",
     "a free cloth (no contact in play or within reach) under a budget: accelerated line sweeps "
     "alone, no global step (each straight line of edges one block)",
     nullptr, 0, PBD_FIELD(block<MgpbdSettings>().sweeps.lines)},
    {"mgpbd-sweep-chebyshev-rho", "mgpbd", T::Real, L::Advanced, 0, 0.999, false, "",
     "Chebyshev acceleration of the budget sweeps: the sweep's assumed spectral radius; 0 = off",
     nullptr, 0, PBD_FIELD(block<MgpbdSettings>().sweeps.chebyshevRho)},
    {"mgpbd-sweep-chebyshev-delay", "mgpbd", T::Int, L::Advanced, 0, 1000, false, "",
     "plain sweeps before the Chebyshev acceleration starts", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().sweeps.chebyshevDelay)},
    {"mgpbd-hard-row-ratio", "mgpbd", T::Real, L::Advanced, 0, 1, false, "",
     "alpha~ of compliance-0 rows relative to their diagonal of J M^-1 J^T; 0 = off", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.hardRowRatio)},
    {"mgpbd-galerkin-every-iteration", "mgpbd", T::Bool, L::Bench, 0, 1, false, "",
     "refresh the coarse operators at every outer iteration (the paper), else per substep", nullptr,
     0, PBD_FIELD(block<MgpbdSettings>().system.galerkinEveryIteration)},
    {"mgpbd-primal-residual", "mgpbd", T::Bool, L::Advanced, 0, 1, false, "",
     "keep M(x - x~) - grad C^T lambda in b (converges to implicit Euler)", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.primalResidual)},
    {"mgpbd-primal", "mgpbd", T::Bool, L::Basic, 0, 1, false, "",
     "solve K y = J^T D^-1 b (SA-AMG by particle) instead of the dual A", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.primal)},
    // AMG setup (§4.1-4.3).
    {"mgpbd-setup-interval", "mgpbd", T::Int, L::Basic, 1, 100000, true, "frames",
     "frames between AMG setups (lazy setup, §4.2)", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().setupInterval)},
    {"mgpbd-theta", "mgpbd", T::Real, L::Bench, 0, 0.999, false, "",
     "strong if |Aij| >= theta sqrt(|Aii Ajj|)", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.amg.strengthTheta)},
    {"mgpbd-candidates", "mgpbd", T::Choice, L::Bench, 0, 2, false, "",
     "near-kernel vectors B: relaxed random (§4.3), all ones, or strain modes", kCandidates, 3,
     PBD_FIELD(block<MgpbdSettings>().system.amg.candidates)},
    {"mgpbd-candidate-count", "mgpbd", T::Int, L::Bench, 1, 16, false, "", "near-kernel vectors",
     nullptr, 0, PBD_FIELD(block<MgpbdSettings>().system.amg.candidateCount)},
    {"mgpbd-candidate-sweeps", "mgpbd", T::Int, L::Bench, 0, 1000, false, "",
     "Gauss-Seidel sweeps on A x = 0 per vector", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.amg.candidateSweeps)},
    {"mgpbd-sa", "mgpbd", T::Bool, L::Bench, 0, 1, false, "", "smoothed aggregation instead of UA",
     nullptr, 0, PBD_FIELD(block<MgpbdSettings>().system.amg.smoothedAggregation)},
    {"mgpbd-coarse-size", "mgpbd", T::Int, L::Bench, 1, 3000, false, "",
     "stop coarsening below this many unknowns", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.amg.coarseSize)},
    {"mgpbd-max-levels", "mgpbd", T::Int, L::Bench, 1, 30, false, "", "AMG levels at most", nullptr,
     0, PBD_FIELD(block<MgpbdSettings>().system.amg.maxLevels)},
    {"mgpbd-cloth-coarse-levels", "mgpbd", T::Bool, L::Advanced, 0, 1, false, "",
     "AMG levels in the dual V-cycle of a system without tet rows (the paper's), else its "
     "smoother alone",
     nullptr, 0, PBD_FIELD(block<MgpbdSettings>().system.clothCoarseLevels)},
    {"mgpbd-coarse-solve", "mgpbd", T::Choice, L::Bench, 0, 1, false, "",
     "coarsest level: dense Cholesky or smoothing", kCoarse, 2,
     PBD_FIELD(block<MgpbdSettings>().system.amg.coarseSolve)},
    // Solve (§4.4-4.5).
    {"mgpbd-pcg-tol", "mgpbd", T::Real, L::Basic, 1e-12, 0.999, true, "",
     "relative residual of each linear solve", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().pcgTolerance)},
    {"mgpbd-pcg-max", "mgpbd", T::Int, L::Basic, 1, 10000, true, "", "PCG iteration cap", nullptr,
     0, PBD_FIELD(block<MgpbdSettings>().system.pcgMaxIterations)},
    {"mgpbd-smoother", "mgpbd", T::Choice, L::Bench, 0, 2, false, "", "V-cycle smoother",
     kSmoothers, 3, PBD_FIELD(block<MgpbdSettings>().system.amg.smoother)},
    {"mgpbd-jacobi-pcg", "mgpbd", T::Bool, L::Bench, 0, 1, false, "",
     "baseline: diag(A)^-1 instead of the V-cycle", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.jacobiPreconditioner)},
    {"mgpbd-smoothing-sweeps", "mgpbd", T::Int, L::Advanced, 1, 20, false, "",
     "V-cycle pre and post sweeps each", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.amg.smoothingSweeps)},
    {"mgpbd-jacobi-lambda-min", "mgpbd", T::Real, L::Bench, 0, 1e6, false, "",
     "lambda_min estimate of weighted Jacobi; 0 = lambda_max", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.amg.jacobiLambdaMin)},
    {"mgpbd-cheb-degree", "mgpbd", T::Int, L::Advanced, 1, 32, false, "",
     "Chebyshev smoother degree", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.amg.chebyshevDegree)},
    {"mgpbd-cheb-lower", "mgpbd", T::Real, L::Bench, 1e-6, 0.999, true, "",
     "Chebyshev interval [lower rho, 1.1 rho]", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.amg.chebyshevLowerRatio)},
    {"mgpbd-coarse-cheb-degree", "mgpbd", T::Int, L::Bench, 0, 32, false, "",
     "Chebyshev degree below the finest level; 0 = the same", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.amg.coarseChebyshevDegree)},
    {"mgpbd-float-vcycle", "mgpbd", T::Bool, L::Advanced, 0, 1, false, "",
     "dual V-cycle in float (PCG stays double)", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.amg.floatVCycle)},
    // The primal system's AMG (MgpbdLinearSystem::primal).
    {"mgpbd-primal-candidates", "mgpbd", T::Int, L::Bench, 3, 6, false, "",
     "rigid-body candidates on K: 3 translations to 6", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.primalAmg.candidateCount)},
    {"mgpbd-primal-sa", "mgpbd", T::Bool, L::Bench, 0, 1, false, "",
     "smoothed aggregation on K (else UA)", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.primalAmg.smoothedAggregation)},
    {"mgpbd-primal-cheb-degree", "mgpbd", T::Int, L::Bench, 1, 32, false, "",
     "Chebyshev degree of the smoother on K", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.primalAmg.chebyshevDegree)},
    {"mgpbd-primal-cheb-lower", "mgpbd", T::Real, L::Bench, 1e-6, 0.999, true, "",
     "its interval's lower end in rho", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.primalAmg.chebyshevLowerRatio)},
    {"mgpbd-primal-float-vcycle", "mgpbd", T::Bool, L::Bench, 0, 1, false, "",
     "K's V-cycle in float", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.primalAmg.floatVCycle)},
    {"mgpbd-block-vcycle", "mgpbd", T::Bool, L::Bench, 0, 1, false, "",
     "K's V-cycle on 3 x 3 block copies of its levels", nullptr, 0,
     PBD_FIELD(block<MgpbdSettings>().system.amg.blockVCycle)},
};

}  // namespace

std::span<const ParamDesc> mgpbdParams() {
    return kTable;
}

}  // namespace sim
