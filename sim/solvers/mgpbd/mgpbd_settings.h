#pragma once
// Every MGPBD parameter (Li et al. 2025, §4-§5, Algorithm 1) with its default. Lives in
// Settings as `settings.mgpbd`; ranges, units and help are in mgpbd_params.cpp (the
// parameter table, sim/core/params.h).
#include <string>

#include "sim/core/types.h"

namespace sim {

enum class MgpbdSmoother { Jacobi, Chebyshev, GaussSeidel };
// Near-kernel B: §4.3's relaxed random vectors, all ones, or the strain modes grad C (E x)
// of the six symmetric affine displacement fields E x (the dual system's analogue of
// rigid-body modes; an addition to the paper, see docs/architecture.md).
enum class MgpbdCandidates { Relaxed, Constant, Strain };
enum class MgpbdCoarseSolve { Cholesky, Smooth };

struct MgpbdSettings {
    // Outer loop (Algorithm 1).
    int maxIterations = 10;       // outer iterations per substep (line 3); interactive default
    Real timeBudgetMs = 0;        // stop the outer loop after this much wall time; 0 = none
    Real atol = 1e-4;             // stop when ||b|| < atol (line 12)
    Real rtol = 0;                // or when ||b|| < rtol * ||b_0||; 0 = off
    Real relaxation = 0.25;       // omega of line 11 (0.25 cloth, 0.1 soft bodies)
    bool backtracking = false;    // halve omega while the dual residual grows
    // Line search (an addition to the paper's fixed omega): every outer iteration starts from
    // omega (= relaxation, unless backtracking has halved it); while the dual residual after the step exceeds the one before it,
    // x is put back and the step retried with omega halved (at most lineSearchHalvings
    // times; lambda keeps the whole dlambda as in line 10). Each retry costs one evaluation
    // of C, no solve. With omega = 1 and converged solves this is a damped Gauss-Newton
    // step: measured on mgpbd_cloth N = 256 (docs/architecture.md, MGPBD), one outer
    // iteration reaches 2e-6 where omega = 0.25 needs 2-4 to reach 1e-4.
    bool lineSearch = false;
    int lineSearchHalvings = 5;
    // Inexact solves (an addition): the PCG stops at relative residual
    // max(pcgTolerance, min(0.1, 0.5 atol / ||b||)), i.e. no more accurately than the outer
    // stop ||b|| < atol needs, instead of pcgTolerance alone.
    bool inexactSolves = false;
    // Keep XPBD's primal residual g = M (x - x~) - grad C^T lambda in the Newton system
    // (XPBD paper eq. 9-10, which eq. 2 here drops): b = -C - alpha~ lambda + grad C M^-1 g,
    // dx = M^-1 (grad C^T dlambda - g). The converged step is then implicit Euler whatever
    // omega, PCG accuracy or the curvature of C did to earlier iterations (measured on the
    // beam: without it the converged tip deflection depends on dt). An addition to the paper,
    // off by default (the paper's eq. 2); the beam scene turns it on. With one ARAP norm row
    // per tet it diverges (that row cannot carry g), so it goes with ArapForm::StrainRows.
    bool primalResidual = false;
    // AMG setup (§4.1, §4.3).
    Real strengthTheta = 0.1;     // |Aij| >= theta sqrt(|Aii||Ajj|) is a strong connection
    MgpbdCandidates candidates = MgpbdCandidates::Constant;  // measured best on cloth (docs)
    int candidateCount = 6;       // near-kernel vectors
    int candidateSweeps = 20;     // Gauss-Seidel sweeps on A x = 0 per vector
    bool smoothedAggregation = false;  // smooth P (SA) instead of UA, for comparison
    int coarseSize = 400;         // stop coarsening below this many unknowns
    int maxLevels = 12;
    MgpbdCoarseSolve coarseSolve = MgpbdCoarseSolve::Cholesky;
    int setupInterval = 20;       // frames between rebuilds of P and smoother coefficients
    // Solve phase (§4.4-4.5).
    Real pcgTolerance = 1e-5;     // relative residual of the PCG solve
    int pcgMaxIterations = 100;
    MgpbdSmoother smoother = MgpbdSmoother::Chebyshev;
    bool jacobiPreconditioner = false;  // baseline: diag(A)^-1 instead of the V-cycle
    // Smoothing defaults measured on the cloth dual system (docs/architecture.md, MGPBD):
    // one sweep of degree 16 on [rho/2000, 1.1 rho] needs 55 PCG iterations at N = 512
    // (33 fine-level SpMVs each) against the 2 sweeps of degree 3 on [rho/30, 1.1 rho]
    // (203 iterations, 13 SpMVs each); the values remain settable.
    int smoothingSweeps = 1;      // pre and post sweeps each (issue: 2)
    Real jacobiLambdaMin = 0;     // user estimate of lambda_min(D^-1 A); 0 = lambda_max
    int chebyshevDegree = 16;     // on [rho * chebyshevLowerRatio, 1.1 rho] (issue: 3)
    Real chebyshevLowerRatio = 0.0005;  // lower end of the Chebyshev interval in rho (issue: 1/30)
    int coarseChebyshevDegree = 0;  // degree on the levels below the finest; 0 = chebyshevDegree
    bool floatVCycle = true;      // V-cycle on a float copy of the hierarchy (PCG stays double)

    // Solve each dual system through its primal form K y = J^T D^-1 b, K = M + J^T D^-1 J
    // (PrimalSystem; an addition to the paper): smoothed-aggregation AMG by particle on K,
    // with rigid-body candidates, in PCG stopped on the same dual residual. Measured at
    // N = 512 (docs/architecture.md, MGPBD): 27 PCG iterations where the dual UA-AMG needs
    // 55, setup + solve 6.0 s against CHOLMOD's 9.4 s. Needs alpha~ > 0 on every row; falls
    // back to the dual system otherwise. Needs converged inner solves (an unconverged step
    // is scaled down, see MgpbdSolver::solvePrimal). The fields below replace the smoother and
    // aggregation fields above for K; theta, coarse size, levels, sweeps, float V-cycle,
    // setup interval and PCG tolerance are shared.
    bool primalSystem = false;
    int primalCandidates = 3;          // rigid-body modes: 3 translations, then rotations x, y, z
    bool primalSmoothedAggregation = true;
    int primalChebyshevDegree = 2;
    Real primalChebyshevLowerRatio = 1.0 / 30;
    // K's V-cycle in float: the copies cost more setup (N = 512: 4.6 s against 3.3 s) than
    // the float SpMVs save (2.2 s against 2.3 s), measured; so double by default.
    bool primalFloatVCycle = false;
    // These settings with the primal fields in place of the dual ones (for K's AMG).
    MgpbdSettings primalAmgSettings() const;

    static MgpbdSettings defaults() { return MgpbdSettings{}; }
};

const char* smootherName(MgpbdSmoother s);

}  // namespace sim
