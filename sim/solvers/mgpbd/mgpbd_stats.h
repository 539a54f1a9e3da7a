#pragma once
// What one MGPBD substep did, as a typed struct (Box2D b2Counters style): filled in place by
// the solver with no allocation; MgpbdSolver::stats() lists it through visitMgpbdStats into
// the generic SolverStats only when somebody asks (UI, benches).
#include <array>
#include <string>

#include "sim/solvers/mgpbd/mgpbd_work.h"

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

// "level L size" for an AMG level: a name that lives as long as the program, as a SolverStat
// asks (the CPU and the GPU solver both list their levels by it).
inline const char* amgLevelSizeName(int level) {
    static const auto names = [] {
        std::array<std::string, MgpbdStats::kMaxLevels> n;
        for (int l = 0; l < MgpbdStats::kMaxLevels; ++l)
            n[l] = "level " + std::to_string(l) + " size";
        return n;
    }();
    return names[level].c_str();
}

// The figures the CPU and the GPU solver share, from either's typed stats: CPU time per
// phase, and the AMG hierarchy once there is one.
template <class S, class F>
void visitPhaseTimes(const S& s, F&& f) {
    f("assemble", s.msAssemble, "ms");
    f("setup", s.msSetup, "ms");
    f("galerkin", s.msGalerkin, "ms");
    f("solve", s.msSolve, "ms");
}

template <class S, class F>
void visitAmgLevels(const S& s, F&& f) {
    if (s.levels <= 0) return;
    f("levels", s.levels, "");
    for (int l = 0; l < s.levels; ++l) f(amgLevelSizeName(l), s.levelSize[l], "");
    f("operator complexity", s.operatorComplexity, "");
}

// f(name, value, unit) for each figure of a substep, in the order the Stats panel lists them.
template <class F>
void visitMgpbdStats(const MgpbdStats& s, F&& f) {
    f("pcg iterations", s.pcgIterations, "");
    f("pcg cap hits", s.pcgCapHits, "");
    f("relative residual", s.initialResidual > 0 ? s.residual / s.initialResidual : 0.0, "");
    f("work", s.workUnits / kWorkUnitsPerMs, "ms");
    f("budget", s.budgetUnits / kWorkUnitsPerMs, "ms");
    f("budget stop", s.budgetStop ? 1 : 0, "");
    f("budget sweeps", s.budgetSweeps, "");
    f("accelerated sweeps", s.lineSweeps ? 1 : 0, "");
    f("warm start", s.warmStart ? 1 : 0, "");
    visitPhaseTimes(s, f);
    f("constraints", s.rows, "");
    f("primal system", s.primal ? 1 : 0, "");
    if (s.primal) f("primal step scale (min)", s.minPrimalStepScale, "");
    f("line search omega (min)", s.minOmega, "");
    f("line search reject", s.lineSearchReject ? 1 : 0, "");
    f("diverged", s.diverged ? 1 : 0, "");
    f("watchdog rollback", s.watchdogRollback ? 1 : 0, "");
    f("watchdog best iteration", s.watchdogBest, "");
    visitAmgLevels(s, f);
}

}  // namespace sim
