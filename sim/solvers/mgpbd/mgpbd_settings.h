#pragma once
// Every MGPBD parameter (Li et al. 2025, §4-§5, Algorithm 1) with its default and unit.
// MGPBD's block of Settings (`settings.block<MgpbdSettings>()`). The solver is a short outer
// loop over four named parts: the budget, the step acceptance, the linear system and the
// fallback sweeps. A preset is a choice of those four parts (live: the interactive ones,
// chosen to fit a per-frame work budget, docs/notes/mgpbd-budget.md; paper: Algorithm 1 as
// published, what the paper-figure benches run). The numbers outside the parts (iterations,
// tolerances, omega, setup interval) and the dual V-cycle's precision are a scene's or a
// person's, and no preset changes them.
#include <span>

#include "sim/core/types.h"
#include "sim/solvers/mgpbd/amg_options.h"

namespace sim {

struct ParamDesc;

// The per-frame work budget, in milliseconds of this machine's single-thread speed: the
// solver counts the work it does in deterministic units (sparse multiply-adds, see
// mgpbd_work.h) and converts at the fixed rate kWorkUnitsPerMs, so a recorded session
// replays exactly on any machine. Split evenly over the substeps.
struct MgpbdBudget {
    // 12 ms of work leaves the frame's other stages room under a 60 Hz frame
    // (docs/notes/mgpbd-budget.md); 0 = no budget.
    Real frameMs = 12;
    // PCG iterations the first outer iteration of a substep needs room for in the budget
    // (else the substep is XPBD sweeps), and may always run once started.
    int minPcgIterations = 3;
    // Wall-clock stop of the outer loop, for the benches' long runs only (not deterministic,
    // so never on in the app); 0 = none.
    Real wallClockMs = 0;

    // No budget: every substep runs its outer loop to its stop (the paper).
    static MgpbdBudget none() { return {.frameMs = 0}; }
    bool operator==(const MgpbdBudget&) const = default;
};

// How an outer iteration's step x += omega dx is taken and kept.
struct MgpbdStepAcceptance {
    // omega of line 11 without line search (full Gauss-Newton steps, the local sweeps mop
    // up); 0 = MgpbdSettings::relaxation, the paper's fixed omega.
    Real liveOmega = 1.0;
    bool backtracking = false;  // halve omega while the dual residual grows
    // Line search (an addition to the paper's fixed omega): every outer iteration first tries
    // the step lineSearchStep (or omega, if backtracking has halved it below that); while
    // the dual residual after the step exceeds the one before it, x is put back and the step
    // retried halved (at most lineSearchHalvings times; lambda keeps the whole dlambda as in
    // line 10). Each retry costs one evaluation of C, no solve. With a step of 1 and
    // converged solves this is a damped Gauss-Newton step, which converges in fewer outer
    // iterations than the fixed omega (docs/notes/mgpbd-outer-loop.md).
    // Off by default (docs/notes/mgpbd-budget.md): under the frame budget the
    // truncated solves' steps are often rejected, and a rejected first step leaves the
    // substep at x~, where nothing holds the cloth or the beam up.
    bool lineSearch = false;
    Real lineSearchStep = 1.0;
    int lineSearchHalvings = 5;
    // Watchdog (Chamberlain et al. 1982; an addition to the paper), without line search: the
    // full steps go on through a rise of ||b||, but the state kept is the best one so far (x,
    // lambda, rigid bodies). When watchdogSteps steps in a row have not gone below it, the
    // state goes back to it and the substep's loop ends; the loop also ends on it. So the
    // substep never ends with a larger ||b|| than it reached, while the truncated solves can
    // still climb out of a rise the line search would stop at (bunny_squash's first frame,
    // docs/notes/mgpbd-outer-loop.md). 0 = off.
    // It acts only on substeps without a work budget (the benches' converged solves, a user's
    // budget 0): under the budget a substep takes one or two truncated steps, and going back
    // from them leaves the cloth near x~ (docs/notes/mgpbd-outer-loop.md).
    // So it is on by default and changes nothing live; the paper's part turns it off.
    int watchdogSteps = 20;
    // Start each substep from the last one's lambda (rescaled by dt^2) and x = x~ + M^-1
    // grad C^T lambda, when the rows are the same and that start has the smaller ||b||
    // (an addition; the paper starts from lambda = 0, line 2). Off by default: the lambda is
    // only a guess of the next one when the rows alone placed the particles, and where
    // contacts, tethers or pressure moved them after the rows it pushed against them again
    // each substep, and a folded cloth crossed itself; on a hanging cloth it gains nothing
    // (docs/notes/mgpbd-budget.md).
    bool warmStart = false;

    // The paper's fixed omega, no watchdog, lambda from 0.
    static MgpbdStepAcceptance paper() {
        return {.liveOmega = 0, .lineSearch = false, .watchdogSteps = 0, .warmStart = false};
    }
    bool operator==(const MgpbdStepAcceptance&) const = default;
};

// The primal system's AMG where it differs from the dual's (MgpbdLinearSystem::primal):
// smoothed aggregation by particle on K with rigid-body candidates.
struct MgpbdPrimalAmg {
    int candidateCount = 3;  // rigid-body modes: 3 translations, then rotations x, y, z
    bool smoothedAggregation = true;
    int chebyshevDegree = 2;
    Real chebyshevLowerRatio = 1.0 / 30;
    // K's V-cycle in float, on block copies of its levels (AmgOptions::blockVCycle): the CSR
    // float copies cost more setup than their SpMVs saved, the block ones pay
    // (docs/notes/mgpbd-linear-solve.md).
    bool floatVCycle = true;

    bool operator==(const MgpbdPrimalAmg&) const = default;
};

// Which linear system each outer iteration solves, and how (§4).
struct MgpbdLinearSystem {
    // Solve each dual system through its primal form K y = J^T D^-1 b, K = M + J^T D^-1 J
    // (PrimalSystem; an addition to the paper): smoothed-aggregation AMG by particle on K,
    // with rigid-body candidates, in PCG stopped on the same dual residual: fewer PCG
    // iterations than the dual UA-AMG on large cloths
    // (docs/notes/mgpbd-linear-solve.md). Needs alpha~ > 0 on every row; falls
    // back to the dual system otherwise. Needs converged inner solves (an unconverged step
    // is scaled down, see MgpbdSolver::solvePrimal).
    bool primal = false;
    // Keep XPBD's primal residual g = M (x - x~) - grad C^T lambda in the Newton system
    // (XPBD paper eq. 9-10, which eq. 2 here drops): b = -C - alpha~ lambda + grad C M^-1 g,
    // dx = M^-1 (grad C^T dlambda - g). The converged step is then implicit Euler whatever
    // omega, PCG accuracy or the curvature of C did to earlier iterations (without it the
    // beam's converged tip deflection depends on dt). An addition to the paper (eq. 2 drops
    // g): with it a truncated primal solve is a full step (PrimalSystem::positionStep), which
    // the frame budget needs. With the paper's fixed omega and one ARAP norm row per tet it
    // diverges (that row cannot carry g); the line search keeps ||b|| from growing
    // (docs/notes/mgpbd-linear-solve.md).
    bool primalResidual = false;
    // Inexact solves (an addition): the PCG stops at relative residual
    // max(pcgTolerance, min(0.1, 0.5 atol / ||b||)), i.e. no more accurately than the outer
    // stop ||b|| < atol needs, instead of pcgTolerance alone.
    bool inexactSolves = true;
    // Rows of compliance 0 (infinitely stiff) get alpha~ = hardRowRatio (J M^-1 J^T)_rr, so
    // that A stays definite where rows outnumber the degrees of freedom they act on (a
    // triangulated sheet's self-stresses, six strain rows per tet): with alpha~ = 0 there,
    // A is singular, b is not in its range and PCG stalls at its cap. The row is then met to
    // a relative 1e-8 of its correction; 0 = off (the paper's exact alpha~ = 0).
    Real hardRowRatio = 1e-3;
    // 200 live, 100 in the paper's part (the paper-figure benches' cap). Without a budget the
    // tet systems need more than 100: the outer loop then converges in about half the outer
    // iterations (bunny_squash's first frame, bench/scripts/bunny_watchdog.sh). Under the
    // frame budget the cap is what the budget affords, so the live scenes run as with 100
    // (docs/notes/mgpbd-outer-loop.md).
    int pcgMaxIterations = 200;
    bool jacobiPreconditioner = false;  // baseline: diag(A)^-1 instead of the V-cycle
    // Recompute the Galerkin operators (and smoother diagonals) at every outer iteration
    // (the paper, §4.4) or only at the first of each substep; the V-cycle stays a symmetric
    // preconditioner of the live operator either way, only a less accurate one.
    bool galerkinEveryIteration = false;
    // The dual V-cycle of a system without tet rows (cloth: distance, bending, attachment
    // rows): with AMG levels below the finest (the paper's), or its smoother alone (a
    // one-level Chebyshev preconditioner). Off live (docs/notes/mgpbd-linear-solve.md): on
    // the cloth dual systems the coarse correction leaves the smallest eigenvalue of the
    // preconditioned A where the smoother alone has it, and adds PCG iterations at about
    // twice the cost each. Systems with tet rows keep their levels (with one, the stiff
    // beam's tip sagged the wrong way, Beam.StrainRowsKeepTheTipDeflectionIndependentOfDt),
    // as does the primal AMG.
    bool clothCoarseLevels = false;
    // The dual system's AMG; theta, coarse size, levels, smoothing sweeps and the V-cycle's
    // blocks are shared with the primal's.
    AmgOptions amg;
    MgpbdPrimalAmg primalAmg;

    // The AMG options of K: the dual's with primalAmg's fields in their place.
    AmgOptions primalAmgOptions() const;
    // The dual system's AMG options: one level, smoothed, for a system without tet rows
    // unless clothCoarseLevels.
    AmgOptions dualAmgOptions(bool tetRows) const;

    // The paper's: the dual system solved to pcgTolerance with the V-cycle refreshed every
    // outer iteration, its levels on cloth too, its smoother (degree 16 on
    // [0.0005 rho, 1.1 rho]), alpha~ = 0 kept on compliance-0 rows, PCG cap 100.
    static MgpbdLinearSystem paper();
    bool operator==(const MgpbdLinearSystem&) const = default;
};

// XPBD sweeps on the same rows and lambda, where the global step leaves work undone or
// does not fit the budget.
struct MgpbdFallbackSweeps {
    // Gauss-Seidel sweeps after every outer iteration (an addition; the reference
    // implementation's local steps): the global step removes the low-frequency error, the
    // sweeps the local, nonlinear one. Kept only if they lower ||b||. Two, so that a global
    // iteration still fits the default budget; without any the soak exploded on
    // pendulum_chain and bunny_squash (docs/notes/mgpbd-budget.md).
    int local = 2;
    // Accelerated sweeps on a free cloth, an addition: on a substep with no contact in play
    // (collider, body, self, or particle-body attachment) and no collider within a frame's
    // reach, where straight lines hold 90 % of the distance edges, under a budget the solve
    // is sweeps alone, no global step: each straight line of edges (a grid cloth's rows,
    // columns and diagonals) projected as one block, a tridiagonal solve
    // (sweeps/edge_chains.h), with the Chebyshev acceleration below, as many as the budget
    // holds. At interactive budgets they leave less strain than a truncated global step on
    // the same work, and less than point sweeps. With contacts the substep keeps point sweeps
    // after what global steps fit, and their former count (mgpbd_solver.cpp, fallbackSweeps:
    // lines raised one-frame peaks at impacts, and more sweeps changed how rotating_barrel
    // folds); the local sweeps after a global step stay point sweeps (lines there raised the
    // strain) (docs/notes/accelerated-sweeps.md). false: point sweeps, and global
    // steps wherever the budget holds one.
    bool lines = true;
    // Chebyshev semi-iterative acceleration of the line sweeps (Wang 2015; sweeps/
    // chebyshev_sweeps.h): after the first chebyshevDelay sweeps each new iterate is
    // over-relaxed against the one two sweeps back, with the weights of a Chebyshev
    // polynomial for a sweep of spectral radius rho, on the particles lines pass through,
    // where lines hold at least 90 % of the distance edges. Runs no longer than the delay (the
    // 2 local sweeps after a global step) are unchanged. The result is flat over rho near the
    // default and delays of a few sweeps; over point sweeps the acceleration diverges, so it
    // is for line sweeps only (docs/notes/accelerated-sweeps.md). 0 = off.
    Real chebyshevRho = 0.97;
    int chebyshevDelay = 4;

    // No sweeps: the global step alone (the paper).
    static MgpbdFallbackSweeps none() { return {.local = 0, .lines = false, .chebyshevRho = 0}; }
    bool operator==(const MgpbdFallbackSweeps&) const = default;
};

struct MgpbdSettings {
    // The outer loop's numbers (Algorithm 1), a scene's or a person's.
    int maxIterations = 10;    // outer iterations per substep (line 3)
    Real atol = 1e-4;          // stop when ||b|| < atol (line 12)
    Real rtol = 0;             // or when ||b|| < rtol * ||b_0||; 0 = off
    Real relaxation = 0.25;    // the paper's omega of line 11 (0.25 cloth, 0.1 soft bodies)
    Real pcgTolerance = 1e-5;  // relative residual of the PCG solve (§4.5)
    int setupInterval = 20;    // frames between rebuilds of P and smoother coefficients (§4.2)

    // The parts a preset chooses.
    MgpbdBudget budget;
    MgpbdStepAcceptance step;
    MgpbdLinearSystem system;
    MgpbdFallbackSweeps sweeps;

    static MgpbdSettings defaults() { return MgpbdSettings{}; }
    // The defaults with the paper's parts (applyPaperPreset).
    static MgpbdSettings paperPreset();
    // Chooses the paper's parts: no budget, the paper's step, linear system and no sweeps.
    void applyPaperPreset();
    // Chooses the live parts, at their defaults.
    void applyLivePreset();
    // Whether the four parts are the paper's (whatever the V-cycle's precision).
    bool isPaperPreset() const;
};

// MGPBD's parameter rows (mgpbd_params.cpp), named by the solver list.
std::span<const ParamDesc> mgpbdParams();

}  // namespace sim
