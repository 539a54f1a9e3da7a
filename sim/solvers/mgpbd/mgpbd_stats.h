#pragma once
// What one MGPBD substep did, as a typed struct (Box2D b2Counters style): filled in place by
// the solver with no allocation; MgpbdSolver::stats() turns it into the generic
// SolverStats only when somebody asks (UI, benches).

namespace sim {

struct MgpbdStats {
    static constexpr int kMaxLevels = 32;
    int rows = 0;                   // rows of the dual system
    int outerIterations = 0;        // Algorithm 1 iterations run
    int pcgIterations = 0;          // PCG iterations, all outer iterations together
    int pcgCapHits = 0;             // solves stopped by their cap (budget or pcgMaxIterations)
    double initialResidual = 0;     // ||b|| before the first iteration (0: not evaluated)
    double residual = 0;            // ||b|| after the last
    double workUnits = 0;           // work done (mgpbd_work.h units)
    double budgetUnits = 0;         // the substep's budget; 0 = none
    bool budgetStop = false;        // the outer loop ended on the budget
    int budgetSweeps = 0;           // local sweeps run on what the budget had left
    bool lineSweeps = false;        // they were accelerated (line sweeps, Chebyshev)
    bool lineSearchReject = false;  // the last step was rejected (residual would have grown)
    bool diverged = false;          // the divergence guard undid a step or the substep
    bool watchdogRollback = false;  // the state went back to the substep's best ||b||
    int watchdogBest = 0;           // the outer iteration whose state the substep kept
    bool primal = false;            // solved through the primal system K
    bool setup = false;             // this substep ran an AMG setup
    bool warmStart = false;         // started from the last substep's lambda
    int sweepRejects = 0;           // local sweeps undone because they raised ||b||
    double minOmega = 1;            // smallest step the line search took
    double minPrimalStepScale = 1;  // smallest scale of an unconverged primal step
    // CPU time per phase [ms] (process CPU time), observed only (nothing depends on it), and the
    // work units charged to each (the calibration of mgpbd_work.h compares the two).
    double msAssemble = 0, msSetup = 0, msGalerkin = 0, msSolve = 0;
    double workAssemble = 0, workSetup = 0, workGalerkin = 0, workSolve = 0;
    int levels = 0;
    int levelSize[kMaxLevels] = {};
    double operatorComplexity = 0;
};

}  // namespace sim
