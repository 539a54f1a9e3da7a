#pragma once
// MGPBD: the global XPBD solver of Li, Chen, Liu and Deng, "MGPBD: A Multigrid Accelerated
// Global XPBD Solver" (SIGGRAPH 2025), Algorithm 1, on the CPU.
//
// XPBD's Gauss-Seidel/Jacobi update (eq. 4) keeps only the diagonal of the dual system
//     (grad C M^-1 grad C^T + alpha~) dlambda = -C - alpha~ lambda            (eq. 3)
// and so cannot propagate low-frequency error. MGPBD solves eq. 3 whole at every outer
// iteration with an unsmoothed-aggregation AMG preconditioned CG (§4), then
//     dx = M^-1 grad C^T dlambda (eq. 5),  lambda += dlambda,  x += omega dx  (lines 9-11).
// Collisions are projected once after the elasticity loop (line 16, §5.4) through the
// shared contact projection, after the constraints that are not rows: dense ones (a closed
// surface's pressure, XPBD passes) and unilateral ones (constraint_traits.h).
//
// Our additions, on by default in the sandbox (MgpbdSettings; paperPreset() turns them off):
// each eq. 3 is solved through its primal form K = M + J^T D^-1 J (PrimalSystem, AMG by
// particle with rigid-body candidates), compliance-0 rows get a small relative alpha~ (so
// that A and K exist and are definite), a line search from omega = 1 that rejects a step
// that would raise ||b||, PCG only as accurate as the outer stop needs, and a per-frame
// budget counted in deterministic work units (mgpbd_work.h) that caps the PCG iterations
// and ends the outer loop, so that a frame costs what the budget says on every scene and
// replays exactly.
//
// Data: DualSystem holds A's CSR pattern (rebuilt per topology) and refills values in place;
// AmgHierarchy holds prolongators and smoother coefficients, rebuilt lazily every
// `setupInterval` frames (§4.2) while the Galerkin operators follow A at every solve. All
// per-substep storage is kept between substeps: a solve allocates nothing once warm.
#include <algorithm>
#include <chrono>
#include <vector>

#include "sim/solvers/mgpbd/amg_hierarchy.h"
#include "sim/solvers/mgpbd/dual_system.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/solvers/mgpbd/mgpbd_stats.h"
#include "sim/solvers/mgpbd/mgpbd_work.h"
#include "sim/solvers/mgpbd/pcg.h"
#include "sim/solvers/mgpbd/primal_system.h"
#include "sim/solvers/solver.h"
#include "sim/sweeps/chebyshev_sweeps.h"
#include "sim/sweeps/edge_chains.h"
#include "sim/sweeps/sweep_order.h"

namespace sim {

// True when a state at `frame` continues bit-exactly under MGPBD with the given interval in
// a run without topology or pin changes since frame 0: the AMG is set up at frames 0, n, 2n...
inline bool mgpbdSetupAligned(long frame, int setupInterval) {
    return frame % std::max(setupInterval, 1) == 0;
}

class MgpbdSolver final : public Solver {
  public:
    const char* name() const override { return "mgpbd"; }
    void solve(const StepContext& ctx, Real dt) override;
    std::string inexactResumeNote(long frame, const Settings& settings) const override;
    // The typed stats as SolverStats (allocates; for the UI and the benches, not per substep).
    const SolverStats& stats() const override;
    // What the last substep did, typed (no allocation).
    const MgpbdStats& mgpbdStats() const { return mg_; }

    // Wall time [ms] since the start of the last solve at each residualHistory entry.
    const std::vector<double>& residualTimesMs() const { return times_; }
    const DualSystem& dualSystem() const { return system_; }
    const AmgHierarchy& hierarchy() const { return amg_; }
    // The AMG on the primal system K (MgpbdLinearSystem::primal) and K itself.
    const AmgHierarchy& primalHierarchy() const { return primalAmg_; }
    const PrimalSystem& primalSystem() const { return primalSystem_; }
    // Whether the last solve went through the primal system.
    bool usedPrimal() const { return mg_.primal; }
    // Forces the next solve to redo the AMG setup.
    void invalidateSetup() {
        lastSetupFrame_ = -1;
        lastPrimalSetupFrame_ = -1;
    }

  private:
    // The outer loop's state within one substep (solve and its parts).
    struct Loop {
        std::chrono::steady_clock::time_point start;
        double budget = 0;               // work units of this substep (0: no budget)
        bool rebuilt = false;            // the system's pattern was rebuilt this substep
        int rows = 0;                    // rows of the system
        bool sweepsOnly = false;         // a free cloth under a budget: no global step
        Real omega = 0;                  // the step's first length
        Real r = 0, b0 = 0, rStart = 0;  // ||b|| now, at line 3, after the warm start
        Real previous = 0;               // ||b|| before the last iteration
        double lastIterationWork = 0;    // work units the last global iteration took
        bool rejected = false, watchdogStop = false, guardAtEnd = false;
    };
    Loop beginSubstep(const StepContext& ctx, Real dt);
    // True when the substep was the fallback sweeps alone (done).
    bool sweepsOnlySubstep(const StepContext& ctx, const Loop& loop);
    void startLoop(const StepContext& ctx, Real dt, Loop& loop);
    bool loopStops(const StepContext& ctx, int it, const Loop& loop);
    bool globalIteration(const StepContext& ctx, int it, Loop& loop);
    void addPrimalResidual(const StepContext& ctx);
    bool setupDue(const StepContext& ctx, const AmgHierarchy& amg, long lastSetup,
                  bool rebuilt) const;
    // The PCG iteration cap: pcgMaxIterations, lowered to what the budget affords after
    // `reserve` more units (at least budget.minPcgIterations on a substep's first iteration).
    int pcgCap(const MgpbdSettings& s, bool first, double perIteration, double reserve) const;
    // Work after an iteration's solve (step, evaluation, local sweeps), reserved by pcgCap.
    double afterSolveWork(const MgpbdSettings& s) const;
    // Between AMG setups the hierarchy follows the new A (or K): the Galerkin operators of
    // every level (a substep's first iteration, MgpbdLinearSystem::galerkinEveryIteration) or the
    // finest level alone. `since`: the phase's start on the CPU clock (msGalerkin).
    void refreshOperators(AmgHierarchy& amg, const CsrMatrix& A, bool allLevels, double since);
    // Lines 5-8 on the dual system: fill A, lazy AMG setup or Galerkin refresh, PCG for
    // dlambda_. Returns the PCG iterations.
    int solveDual(const StepContext& ctx, bool firstIteration, bool rebuilt);
    // The same through the primal system: fill K, its AMG, K y = J^T D^-1 b, dlambda_ from y.
    int solvePrimal(const StepContext& ctx, bool firstIteration, bool rebuilt);
    // Line 11 with the line search; false when the step was rejected (x, lambda restored).
    // A full step (no line search) to a non-finite ||b||, or under a budget one that makes
    // ||b|| grow past kDivergenceRatio times `start`, is undone too (MgpbdStats::diverged).
    bool takeStep(const StepContext& ctx, int it, Real omega, Real previous, Real start, Real& r);
    Real evaluate(const StepContext& ctx, Real dt, int it);
    // A free cloth this substep (MgpbdFallbackSweeps::lines on, no contact in play, no collider
    // within a frame's reach, lines holding 90 % of the distance edges): under a budget its
    // solve is accelerated sweeps alone (freeCloth_).
    bool freeCloth(const StepContext& ctx);
    // Brings chains_ up to date; false where lines hold too few of the distance edges for
    // accelerated sweeps.
    bool linesCoverTheCloth(const StepContext& ctx);
    // MgpbdFallbackSweeps::local XPBD Gauss-Seidel sweeps on the same rows and lambda, kept
    // only if they lower ||b|| (or always, `keep`); returns ||b||.
    // lines: accelerated sweeps, straight lines of edges projected as blocks with the
    // Chebyshev acceleration (sweeps.lines; the budget's sweeps only: after a global step the
    // error left is local, and line sweeps there raised mgpbd_cloth's peak strain;
    // docs/notes/accelerated-sweeps.md).
    // extrapolate false: lines without the acceleration.
    Real localSweeps(const StepContext& ctx, int it, Real r, int count, bool keep = false,
                     bool lines = false, bool extrapolate = true);
    // The watchdog's best state (MgpbdStepAcceptance::watchdogSteps; without a budget or the
    // watchdog, the substep's start for the divergence guard): kept after outer iteration
    // `it`, and put back (returns its ||b||; b itself is not re-evaluated).
    void keepBest(const StepContext& ctx, int it, Real r);
    Real restoreBest(const StepContext& ctx);
    // After outer iteration `it` left ||b|| = r: a new best is kept; the watchdogSteps-th step
    // in a row without one puts the best back (r = its ||b||) and returns true (stop).
    bool watchdogAfterStep(const StepContext& ctx, int it, Real& r);
    // After the loop: the best state back if the loop ended above it; returns ||b||.
    Real watchdogEnd(const StepContext& ctx, Real r);
    // Work of a substep's first global iteration, or 0 when it cannot be known yet.
    double firstIterationEstimate(const StepContext& ctx, bool rebuilt) const;
    // Starts from the last substep's lambda (MgpbdStepAcceptance::warmStart) when the rows are the
    // same, nothing outside the rows moved a particle after them last substep, and that
    // lowers ||b||; returns ||b|| of the start taken.
    Real warmStart(const StepContext& ctx, Real dt, Real cold);
    void recordHierarchy(bool jacobi);
    // After the loop (`stopped`: on the budget, a rejected step or the watchdog): the
    // watchdog's best state, the divergence guard of a substep without a budget or watchdog
    // (`guardAtEnd`: above kSubstepDivergenceRatio times rStart it goes back to its start),
    // and the fallback sweeps.
    void afterLoop(const StepContext& ctx, int it, Real r, Real rStart, bool guardAtEnd,
                   bool stopped);
    // What the budget has left when the global iterations stopped on it (or on a rejected
    // step) goes to local sweeps; returns the residual after them.
    Real fallbackSweeps(const StepContext& ctx, int it, Real r);
    // The stats of the finished solve, and what the next substep's warm start needs.
    // After the outer loop: the dense and unilateral types and the contacts, then the stats;
    // after a substep of sweeps alone (`sweptOnly`), the stats only.
    void finishAfterLoop(const StepContext& ctx, int iterations, Real b0, double budget,
                         bool rejected, bool sweptOnly = false);
    void finishSolve(const StepContext& ctx, int iterations, Real b0, double budget, bool rejected);
    // Collider, self, body or attachment contacts this substep.
    static bool contactsInPlay(const StepContext& ctx);
    void charge(double& phase, double units) {
        work_.add(units);
        phase += units;
    }

    DualSystem system_;
    AmgHierarchy amg_;
    long lastSetupFrame_ = -1;
    uint64_t amgStructure_ = ~uint64_t(0);  // the dual system structure amg_ was set up for
    PrimalSystem primalSystem_;
    AmgHierarchy primalAmg_;
    long lastPrimalSetupFrame_ = -1;
    MgpbdStats mg_;
    mutable SolverStats view_;  // stats() output
    WorkCounter work_;
    Real dt_ = 0;              // this substep's dt (evaluate)
    bool directStep_ = false;  // dx_ already holds this iteration's step (primal + g)
    bool freeCloth_ = false;   // freeCloth(world) this substep
    Vector scratch_;
    Real pcgTolerance_ = 1e-5;  // this outer iteration's PCG tolerance
    std::vector<Vec3> start_;   // x before the step (line search)
    std::vector<std::pair<Vec3, Eigen::Quaterniond>> bodyStart_;  // body poses before the sweeps
    Vector lambda_, dlambda_, lambdaStart_;
    // The watchdog's best state and its ||b||.
    std::vector<Vec3> bestP_;
    Vector bestLambda_;
    std::vector<std::pair<Vec3, Eigen::Quaterniond>> bestBodies_;
    Real bestResidual_ = 0;
    int sinceBest_ = 0;                            // steps since the best state
    bool watching_ = false;                        // the watchdog is on in this substep
    std::vector<std::vector<Real>> sweepLambdas_;  // lambda per constraint type (sweeps)
    SweepOrder sweepOrder_;                  // the sweeps visit constraints in rounds, as XPBD's do
    ChebyshevSweeps chebyshev_;              // acceleration of the budget sweeps
    EdgeChains chains_;                      // straight lines of edges (line sweeps)
    Vector lambdaPrev_;                      // the last substep's lambda (warm start)
    uint64_t warmStructure_ = ~uint64_t(0);  // the dual structure lambdaPrev_ belongs to
    Real warmDt_ = 0;
    long warmFrame_ = -1;       // world.frame() during the substep that stored lambdaPrev_
    Real lastResidual_ = -1;    // ||b|| at the end of the last substep (-1: none yet)
    long lastSolveFrame_ = -1;  // world.frame() during the last substep
    // False when the projections after the rows (contacts, pressure, tethers) moved a
    // particle last substep: lambdaPrev_ then holds force spent against them (see warmStart).
    bool warmConsistent_ = false;
    std::vector<Vec3> beforeProjections_;
    std::vector<Vec3> dx_;
    std::vector<Vec3> predicted_, primal_;  // x~ of this substep; M^-1 g
    PcgWorkspace pcgWork_;
    std::vector<double> times_;
    std::vector<Real> strain_;
    Vector diag_;
};

}  // namespace sim
