#pragma once
// Every MGPBD parameter (Li et al. 2025, §4-§5, Algorithm 1) with its default and unit.
// Lives in Settings as `settings.mgpbd`. The defaults are the interactive ones, chosen by
// measurement under a per-frame work budget (docs/notes/2026-11-25-mgpbd-live.md);
// paperPreset() gives the settings the paper-figure benches were measured with.
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
    int maxIterations = 10;  // outer iterations per substep (line 3)
    // Per-frame work budget, in milliseconds of this machine's single-thread speed: the solver
    // counts the work it does in deterministic units (sparse multiply-adds, see
    // mgpbd_work.h) and converts at the fixed rate kWorkUnitsPerMs, so a recorded session
    // replays exactly on any machine. Split evenly over the substeps; 0 = no budget.
    // 12 ms of work leaves the frame's other stages room under 16 ms (work units recalibrated
    // 2026-11-26; mgpbd_cloth over 600 frames, idle machine: median 9.1 ms, peak max strain
    // 0.19; PBD and XPBD at 10 iterations 1.42).
    Real frameBudgetMs = 12;
    // PCG iterations the first outer iteration of a substep needs room for in the budget
    // (else the substep is XPBD sweeps), and may always run once started.
    int budgetMinPcgIterations = 3;
    // Wall-clock stop of the outer loop, for the benches' long runs only (not deterministic,
    // so never on in the app); 0 = none.
    Real timeBudgetMs = 0;
    Real atol = 1e-4;        // stop when ||b|| < atol (line 12)
    Real rtol = 0;           // or when ||b|| < rtol * ||b_0||; 0 = off
    Real relaxation = 0.25;  // the paper's omega of line 11 (0.25 cloth, 0.1 soft bodies)
    // omega of line 11 without line search in the live preset (full Gauss-Newton steps, the
    // local sweeps mop up); 0 = `relaxation`, the paper's (the paper preset sets 0).
    Real liveOmega = 1.0;
    bool backtracking = false;  // halve omega while the dual residual grows
    // Line search (an addition to the paper's fixed omega): every outer iteration first tries
    // the step lineSearchStep (or omega, if backtracking has halved it below that); while
    // the dual residual after the step exceeds the one before it, x is put back and the step
    // retried halved (at most lineSearchHalvings times; lambda keeps the whole dlambda as in
    // line 10). Each retry costs one evaluation of C, no solve. With a step of 1 and
    // converged solves this is a damped Gauss-Newton step: measured on mgpbd_cloth N = 256
    // (docs/architecture.md, MGPBD), one outer iteration reaches 2e-6 where omega = 0.25
    // needs 2-4 to reach 1e-4. `relaxation` is the paper's fixed omega, used without it.
    // Off by default, measured (docs/notes/2026-11-25-mgpbd-live.md): under the frame budget
    // the truncated solves' steps are often rejected, and a rejected first step leaves the
    // substep at x~ (the beam at dt 30 ms fell freely: tip 8.7 cm instead of 0.3 um; the
    // hanging cloth's max strain 9.1 against 2.7 without it).
    bool lineSearch = false;
    Real lineSearchStep = 1.0;
    int lineSearchHalvings = 5;
    // Watchdog (Chamberlain et al. 1982; an addition to the paper), without line search: the
    // full steps go on through a rise of ||b||, but the state kept is the best one so far (x,
    // lambda, rigid bodies). When watchdogSteps steps in a row have not gone below it, the
    // state goes back to it and the substep's loop ends; the loop also ends on it. So the
    // substep never ends with a larger ||b|| than it reached, while the truncated solves can
    // still climb out of a rise the line search would stop at (bunny_squash frame 1: the
    // line search stalls at 0.15; full steps reach 1e-2 through rises that last up to 12
    // steps, docs/notes/2026-11-28-bunny-watchdog.md). 0 = off.
    // It acts only on substeps without a work budget (the benches' converged solves, a user's
    // budget 0): under the budget a substep takes one or two truncated steps, and going back
    // from them left mgpbd_cloth near x~ (peak strain over 200 frames 0.095 -> 1.1 with it).
    // So it is on by default and changes nothing live; the paper preset turns it off.
    int watchdogSteps = 20;
    // Inexact solves (an addition): the PCG stops at relative residual
    // max(pcgTolerance, min(0.1, 0.5 atol / ||b||)), i.e. no more accurately than the outer
    // stop ||b|| < atol needs, instead of pcgTolerance alone.
    bool inexactSolves = true;
    // Keep XPBD's primal residual g = M (x - x~) - grad C^T lambda in the Newton system
    // (XPBD paper eq. 9-10, which eq. 2 here drops): b = -C - alpha~ lambda + grad C M^-1 g,
    // dx = M^-1 (grad C^T dlambda - g). The converged step is then implicit Euler whatever
    // omega, PCG accuracy or the curvature of C did to earlier iterations (measured on the
    // beam: without it the converged tip deflection depends on dt). An addition to the paper
    // (eq. 2 drops g), on by default: with it a truncated primal solve is a full step
    // (PrimalSystem::positionStep), which the frame budget needs. Measured with the paper's
    // fixed omega and one ARAP norm row per tet it diverged (that row cannot carry g); the
    // line search keeps ||b|| from growing.
    bool primalResidual = false;
    // Start each substep from the last one's lambda (rescaled by dt^2) and x = x~ + M^-1
    // grad C^T lambda, when the rows are the same and that start has the smaller ||b||
    // (an addition; the paper starts from lambda = 0, line 2). Off by default: the lambda is
    // only a guess of the next one when the rows alone placed the particles, and where
    // contacts, tethers or pressure moved them after the rows it pushed against them again
    // each substep (self_collision_fold res 40, 6 substeps, with it and 1-3 budget sweeps:
    // max strain 78 and 6,249 crossings in 60 frames; without it, 0). hanging_cloth, 120
    // frames: peak strain 0.0819 with and 0.0818 without.
    bool warmStart = false;
    // XPBD Gauss-Seidel sweeps over the same rows and lambda after every outer iteration (an
    // addition; the reference implementation's local steps): the global step removes the
    // low-frequency error, the sweeps the local, nonlinear one. Kept only if they lower ||b||.
    // With 20 (chosen under the old, 3x optimistic work units) no global iteration fitted a
    // 12 ms budget on any cloth scene: MGPBD was XPBD sweeps. mgpbd_cloth at 12 ms: 0, 2, 4
    // sweeps -> max strain 0.18, 0.19, 0.19; sweeps alone 0.36.
    int localSweeps = 2;
    // Accelerated sweeps on a free cloth, an addition: on a substep with no contact in play
    // (collider, body, self, or particle-body attachment) and no collider within a frame's
    // reach, where straight lines hold 90 % of the distance edges, under a budget the solve
    // is sweeps alone, no global step: each straight line of edges (a grid cloth's rows,
    // columns and diagonals) projected as one block, a tridiagonal solve
    // (solvers/edge_chains.h), with the Chebyshev acceleration below, as many as the budget
    // holds. At interactive budgets they leave less strain than a truncated global step (300
    // frames, peak max strain: mgpbd_cloth 0.095 -> 0.0061 at 12 ms; hanging_cloth at 24 ms
    // 0.126 -> 0.0053). With contacts the substep keeps point sweeps after what global steps
    // fit, and its former count (mgpbd_solver.cpp, fallbackSweeps: lines raised one-frame
    // peaks at impacts, and more sweeps changed how rotating_barrel folds); the local sweeps
    // after a global step stay point sweeps (lines there: mgpbd_cloth's peak strain 0.095 ->
    // 0.19). hanging_cloth, 300 frames: peak max strain 0.064 with point sweeps (9 a substep,
    // floored at the scene's 10), 0.0197 with 14 line sweeps, 0.0061 with 14 accelerated
    // ones; PBD 0.068 (docs/notes/2026-12-03-chebyshev-sweeps.md). false: point sweeps, and
    // global steps wherever the budget holds one, as before.
    bool lineSweeps = true;
    // Chebyshev semi-iterative acceleration of the line sweeps (Wang 2015; solvers/
    // chebyshev_sweeps.h): after the first sweepChebyshevDelay sweeps each new iterate is
    // over-relaxed against the one two sweeps back, with the weights of a Chebyshev
    // polynomial for a sweep of spectral radius rho, on the particles lines pass through,
    // where lines hold at least 90 % of the distance edges. Runs no longer than the delay (the
    // 2 local sweeps after a global step) are unchanged. hanging_cloth, 15 line sweeps a
    // substep, 300 frames: rho 0.93-0.97 with delay 3-6 gave peak max strain 0.0053-0.0075,
    // rho 0.97 with delay 4 0.0056. With point sweeps it diverged (rho 0.95: 0.53). 0 = off.
    Real sweepChebyshevRho = 0.97;
    int sweepChebyshevDelay = 4;
    // AMG setup (§4.1, §4.3).
    Real strengthTheta = 0.1;  // |Aij| >= theta sqrt(|Aii||Ajj|) is a strong connection
    MgpbdCandidates candidates = MgpbdCandidates::Constant;  // measured best on cloth (docs)
    int candidateCount = 6;                                  // near-kernel vectors
    int candidateSweeps = 20;          // Gauss-Seidel sweeps on A x = 0 per vector
    bool smoothedAggregation = false;  // smooth P (SA) instead of UA, for comparison
    int coarseSize = 400;              // stop coarsening below this many unknowns
    int maxLevels = 12;
    // The dual V-cycle of a system without tet rows (cloth: distance, bending, attachment
    // rows): with AMG levels below the finest (the paper's), or its smoother alone (a
    // one-level Chebyshev preconditioner). Off in the live preset, by measurement
    // (docs/notes/2026-11-28-dual-coarse-levels.md): on the cloth dual systems the coarse
    // correction leaves the smallest eigenvalue of the preconditioned A where the smoother
    // alone has it (res 10/16: 9.0e-4 both) and adds PCG iterations (mgpbd_cloth res 64,
    // live smoother, to 1e-2: 82 against 69; res 32-256 likewise) at about twice the cost
    // each; live, mgpbd_cloth's peak strain over 200 frames went from 0.20 to 0.095. Systems
    // with tet rows keep their levels (with one, the stiff beam's tip sagged the wrong way,
    // Beam.StrainRowsKeepTheTipDeflectionIndependentOfDt), as does the primal AMG.
    bool clothCoarseLevels = false;
    MgpbdCoarseSolve coarseSolve = MgpbdCoarseSolve::Cholesky;
    int setupInterval = 20;  // frames between rebuilds of P and smoother coefficients
    // Recompute the Galerkin operators (and smoother diagonals) at every outer iteration
    // (the paper, §4.4) or only at the first of each substep; the V-cycle stays a symmetric
    // preconditioner of the live operator either way, only a less accurate one.
    bool galerkinEveryIteration = false;
    // Rows of compliance 0 (infinitely stiff) get alpha~ = hardRowRatio (J M^-1 J^T)_rr, so
    // that A stays definite where rows outnumber the degrees of freedom they act on (a
    // triangulated sheet's self-stresses, six strain rows per tet): with alpha~ = 0 there,
    // A is singular, b is not in its range and PCG stalls at its cap. The row is then met to
    // a relative 1e-8 of its correction; 0 = off (the paper's exact alpha~ = 0).
    Real hardRowRatio = 1e-3;
    // Solve phase (§4.4-4.5).
    Real pcgTolerance = 1e-5;  // relative residual of the PCG solve
    // 200 live, 100 in the paper preset (the paper-figure benches' cap). Without a budget the
    // tet systems need more than 100: bunny_squash frame 1 at 13.7K tets reaches relative
    // ||b|| 1e-2 at outer iteration 70 with 100 and 34 with 200 (bench/scripts/
    // bunny_watchdog.sh). Under the frame budget the cap is what the budget affords, so the
    // live scenes run as with 100 (docs/notes/2026-11-29-watchdog-default.md).
    int pcgMaxIterations = 200;
    MgpbdSmoother smoother = MgpbdSmoother::Chebyshev;
    bool jacobiPreconditioner = false;  // baseline: diag(A)^-1 instead of the V-cycle
    // Smoothing defaults measured on the cloth dual system (docs/architecture.md, MGPBD):
    // one sweep of degree 16 on [rho/2000, 1.1 rho] needs 55 PCG iterations at N = 512
    // (33 fine-level SpMVs each) against the 2 sweeps of degree 3 on [rho/30, 1.1 rho]
    // (203 iterations, 13 SpMVs each); the values remain settable.
    int smoothingSweeps = 1;   // pre and post sweeps each (issue: 2)
    Real jacobiLambdaMin = 0;  // user estimate of lambda_min(D^-1 A); 0 = lambda_max
    int chebyshevDegree = 4;  // on [rho * chebyshevLowerRatio, 1.1 rho] (issue: 3; paper preset 16)
    Real chebyshevLowerRatio =
        0.005;  // lower end of the Chebyshev interval in rho (issue: 1/30; paper preset 0.0005)
    int coarseChebyshevDegree = 0;  // degree on the levels below the finest; 0 = chebyshevDegree
    bool floatVCycle = true;        // V-cycle on a float copy of the hierarchy (PCG stays double)

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
    int primalCandidates = 3;  // rigid-body modes: 3 translations, then rotations x, y, z
    bool primalSmoothedAggregation = true;
    int primalChebyshevDegree = 2;
    Real primalChebyshevLowerRatio = 1.0 / 30;
    // K's V-cycle in float: the copies cost more setup (N = 512: 4.6 s against 3.3 s) than
    // the float SpMVs save (2.2 s against 2.3 s), measured; so double by default.
    bool primalFloatVCycle = false;
    // These settings with the primal fields in place of the dual ones (for K's AMG).
    MgpbdSettings primalAmgSettings() const;
    // These settings as the dual system's AMG reads them: one level, smoothed, for a system
    // without tet rows unless clothCoarseLevels.
    MgpbdSettings dualAmgSettings(bool tetRows) const;

    static MgpbdSettings defaults() { return MgpbdSettings{}; }
    // The settings of the paper-figure benches (Fig. 14/17, linear-solvers, scaling; issue's
    // bracketed values with the measured smoother): the defaults with our interactive
    // additions off (applyPaperPreset).
    static MgpbdSettings paperPreset();
    // Turns the interactive additions off, keeping everything else (a scene's omega):
    // dual system, fixed omega (no line search), PCG to pcgTolerance, no budget, alpha~ = 0
    // kept on compliance-0 rows, no watchdog, PCG cap 100.
    void applyPaperPreset();
    // Puts back the fields applyPaperPreset changes, at their interactive defaults.
    void applyLivePreset();
    // Whether the fields applyPaperPreset sets hold its values.
    bool isPaperPreset() const;
};

const char* smootherName(MgpbdSmoother s);

}  // namespace sim
