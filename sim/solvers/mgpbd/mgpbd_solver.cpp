#include "sim/solvers/mgpbd/mgpbd_solver.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <string>
#include <type_traits>

#include "sim/collision/collision_stage.h"
#include "sim/core/snapshot.h"
#include "sim/core/world.h"
#include "sim/solvers/pbd/gauss_seidel_solver.h"

namespace sim {

namespace {
// A full global step whose ||b|| exceeds this multiple of the substep's starting ||b|| is
// undone. The largest growth of an accepted step measured over every scene at its defaults
// is 66x (beam, 300 frames; tearable_cloth 39x, the others below 5x); a grab dragging the
// beam gave 6,000x and then exploded.
constexpr double kDivergenceRatio = 1000;
// The phases are timed in process CPU time (what a frame costs on a shared machine); the
// residual history's times in wall time (residualTimesMs, the figures' x axis).
struct Clock {
    using time_point = double;
    static double now() {
        timespec t{};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
        return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
    }
};
constexpr int kDensePasses = 3;
double msSince(double t) {
    return Clock::now() - t;
}
using Wall = std::chrono::steady_clock;
double wallMsSince(Wall::time_point t) {
    return std::chrono::duration<double, std::milli>(Wall::now() - t).count();
}
}  // namespace

Real MgpbdSolver::evaluate(const World& world, Real dt, int it) {
    // Lines 4 and 6 (and g, MgpbdSettings::primalResidual): b at the current x and lambda.
    const auto t = Clock::now();
    system_.evaluate(world, dt, lambda_);
    charge(mg_.workAssemble, system_.evaluateWork());
    if (world.settings.mgpbd.primalResidual && it > 0) {
        addPrimalResidual(world);
        charge(mg_.workAssemble, 2.0 * static_cast<double>(system_.slots()));
    }
    mg_.msAssemble += msSince(t);
    return norm(system_.b);
}

void MgpbdSolver::solve(World& world, Real dt) {
    const MgpbdSettings& s = world.settings.mgpbd;
    const auto start = Wall::now();
    mg_ = MgpbdStats{};
    stats_.residualHistory.clear();
    times_.clear();
    dt_ = dt;
    const double budget = s.frameBudgetMs > 0 ? s.frameBudgetMs * kWorkUnitsPerMs /
                                                    std::max(world.settings.substeps, 1)
                                              : 0.0;
    work_.start(budget);

    auto t = Clock::now();
    const bool rebuilt = system_.update(world);
    mg_.msSetup += msSince(t);
    const int rows = system_.rows();
    lambda_.assign(rows, 0.0);  // line 2
    Particles& P = world.particles;
    if (s.primalResidual) predicted_ = P.p;
    // The first step of each iteration: the paper's fixed omega, or the line search's start
    // (lowered by backtracking, if on).
    Real omega = s.lineSearch ? s.lineSearchStep : (s.liveOmega > 0 ? s.liveOmega : s.relaxation);
    Real previous = 0;
    // When the budget cannot hold b's evaluation and one global iteration after it (the test
    // the loop below makes at it = 0), the substep is the fallback sweeps alone, and b before
    // them would only be reported: it is skipped, but charged, so the sweep count (and the
    // run) is the same either way. Evaluated all the same when it may stop the substep (the
    // last substep ended under atol: a cloth at rest) and on the first substep of a frame a
    // state file may resume at (the solver is new there), so the choice replays exactly.
    // 300 frames side by side, same states: softbody_on_cloth (10 substeps of 1.2 ms) 18.7 ->
    // 16.4 ms a frame, bunny_squash 15.2 -> 12.3.
    const bool resumable =
        lastSolveFrame_ != world.frame() && mgpbdSetupAligned(world.frame(), s.setupInterval);
    if (work_.limited() && !s.warmStart && rows > 0 && s.maxIterations > 0 && !resumable &&
        lastResidual_ >= s.atol &&
        system_.evaluateWork() + firstIterationEstimate(world, rebuilt) > work_.left()) {
        charge(mg_.workAssemble, system_.evaluateWork());
        mg_.budgetStop = true;
        stats_.residualHistory.push_back(0);
        times_.push_back(wallMsSince(start));
        fallbackSweeps(world, 0, 0);
        finishAfterLoop(world, 0, 0, budget, false);
        return;
    }
    Real r = evaluate(world, dt, 0);
    const Real b0 = r;
    if (s.warmStart) r = warmStart(world, dt, r);
    const Real rStart = r;  // the divergence guard's reference
    double lastIterationWork = 0;
    bool rejected = false;
    // The watchdog (MgpbdSettings::watchdogSteps; not under a budget): the best state so far
    // and the steps since.
    watching_ = s.watchdogSteps > 0 && !s.lineSearch && !work_.limited();
    bool watchdogStop = false;
    if (watching_) keepBest(world, 0, r);
    int it = 0;
    for (;; ++it) {
        stats_.residualHistory.push_back(r);
        times_.push_back(wallMsSince(start));
        if (rejected || watchdogStop || rows == 0 || it >= s.maxIterations || r < s.atol ||
            (s.rtol > 0 && r < s.rtol * b0))
            break;
        // Budget: the first global iteration must fit whole (else only sweeps, below); a
        // later one must fit as the last one did.
        if (work_.limited() &&
            work_.used + (it == 0 ? firstIterationEstimate(world, rebuilt) : lastIterationWork) >
                work_.limit) {
            mg_.budgetStop = true;
            break;
        }
        if (s.timeBudgetMs > 0 && wallMsSince(start) > s.timeBudgetMs) break;  // benches only
        const double before = work_.used;
        if (s.backtracking && it > 0 && r > previous) omega = std::max(omega * 0.5, 1.0 / 1024);
        previous = r;

        if (it == 0) mg_.primal = s.primalSystem && PrimalSystem::applicable(system_);
        directStep_ = false;
        pcgTolerance_ = s.pcgTolerance;
        if (s.inexactSolves && r > 0)
            pcgTolerance_ = std::max(s.pcgTolerance, std::min(Real(0.1), Real(0.5) * s.atol / r));
        mg_.pcgIterations +=
            mg_.primal ? solvePrimal(world, it == 0, rebuilt) : solveDual(world, it == 0, rebuilt);
        rejected = !takeStep(world, it, omega, previous, rStart, r);
        if (mg_.diverged) break;  // straight to the sweeps below, kept whatever ||b|| says
        if (s.localSweeps > 0) {
            const Real unswept = r;
            r = localSweeps(world, it, r, s.localSweeps);
            // Sweeps that lowered ||b|| after a rejected step moved the state: the next global
            // step differs, so the loop goes on (the residual still never grows).
            if (rejected && r < unswept) rejected = false;
        }
        lastIterationWork = work_.used - before;
        if (watching_ && !rejected) watchdogStop = watchdogAfterStep(world, it, r);
    }
    r = watchdogEnd(world, r);
    // What the budget left when the global iterations stopped on it goes to sweeps.
    if ((mg_.budgetStop || rejected || watchdogStop) && rows > 0 && work_.limited())
        r = fallbackSweeps(world, it, r);
    finishAfterLoop(world, it, b0, budget, rejected);
}

void MgpbdSolver::finishAfterLoop(World& world, int it, Real b0, double budget, bool rejected) {
    const MgpbdSettings& s = world.settings.mgpbd;
    Particles& P = world.particles;
    // Dense types (a closed surface's pressure) are not rows either (their primal block
    // would be dense over the whole surface): XPBD passes after the loop, kDensePasses of
    // them because the volume is cubic in x (one Newton step leaves (dV/V)^2).
    if (s.warmStart) beforeProjections_ = P.p;  // only the warm start reads it
    GaussSeidelSolver::projectDense(world, dt_, kDensePasses);
    // Unilateral types (separation between bodies) are not rows of the dual system; like the
    // collider contacts they are projected once after the elastic loop (§5.4), as hard constraints.
    GaussSeidelSolver::projectUnilateral(world);
    projectCollisions(world, dt_);  // §5.4: collider and self contacts after the elastic loop
    warmConsistent_ = s.warmStart && beforeProjections_ == P.p;
    finishSolve(world, it, b0, budget, rejected);
}

Real MgpbdSolver::fallbackSweeps(World& world, int it, Real r) {
    // What the budget has left when the global iterations stopped on it (or on a rejected
    // step: the same state would give the same step) goes to local sweeps (when not even one
    // global iteration fitted: XPBD on the same rows, kept whatever ||b|| says).
    const MgpbdSettings& s = world.settings.mgpbd;
    const double sweep = kSweepPerEvaluate * system_.evaluateWork() + system_.evaluateWork();
    int count = static_cast<int>(std::min(work_.left() / sweep, 4.0 * s.maxIterations));
    // When no global iteration fitted, the sweeps are this substep's whole solve: at least
    // the iterations XPBD would run, budget or not, so MGPBD falls back to XPBD, not to a
    // weaker XPBD. With at most 4 (until 2026-11-27), 600 frames at the scenes' defaults:
    // self_collision_fold res 40 (7 substeps of 10 iterations) crossed 4 + 13 times (0 with
    // 10), rigid_stack's peak strain was 1.44 (0.93), hanging_cloth's 0.082 (0.064); every
    // scene's median stays under 16 ms (rigid_stack 14-16, as XPBD's 14-15).
    // A periodic AMG setup runs whatever the budget and leaves its substep one truncated
    // global step: the same floor follows it (hanging_cloth, 12 ms, no local sweeps: peak
    // max strain 0.50 on the setup frames without it, 0.095 with it).
    if (it == 0 || mg_.setup) count = std::max({count, world.settings.iterations, 1});
    if (count > 0) {
        r = localSweeps(world, it, r, count, mg_.diverged || it == 0);
        stats_.residualHistory.back() = r;
        mg_.budgetSweeps = count;
    }
    return r;
}

void MgpbdSolver::finishSolve(const World& world, int iterations, Real b0, double budget,
                              bool rejected) {
    stats_.iterations = iterations;
    stats_.residual = stats_.residualHistory.back();
    mg_.rows = system_.rows();
    mg_.outerIterations = iterations;
    mg_.initialResidual = b0;
    mg_.residual = stats_.residual;
    mg_.workUnits = work_.used;
    mg_.budgetUnits = budget;
    mg_.lineSearchReject = rejected;
    recordHierarchy(world.settings.mgpbd.jacobiPreconditioner);
    lastResidual_ = stats_.residual;
    lastSolveFrame_ = world.frame();
    lambdaPrev_ = lambda_;  // the next substep's warm start
    warmStructure_ = system_.structureVersion();
    warmDt_ = dt_;
    warmFrame_ = world.frame();
}

Real MgpbdSolver::warmStart(World& world, Real dt, Real cold) {
    const int rows = system_.rows();
    if (warmStructure_ != system_.structureVersion() ||
        lambdaPrev_.size() != static_cast<size_t>(rows) || !(warmDt_ > 0) || rows == 0)
        return cold;
    // The last lambda is only a guess of this one when the rows alone decided the positions.
    // Contacts (and pressure, separation) are projected after the rows, outside lambda: where
    // they moved particles, the rows' lambda grew against them and, carried over, pushes x~
    // against the contact again every substep. self_collision_fold res 40 under 6 substeps
    // (no global iteration fits the budget, so the substeps are XPBD sweeps on the warm
    // lambda): with that lambda carried, max strain 78 and 6,249 crossings in 60 frames;
    // starting cold, 0 crossings.
    if (!warmConsistent_) return cold;
    // A frame where a state file may resume (the AMG setup frames) starts cold, as the
    // resumed run must: the lambdas are not part of the state.
    if (warmFrame_ != world.frame() &&
        mgpbdSetupAligned(world.frame(), world.settings.mgpbd.setupInterval))
        return cold;
    // lambda ~ force dt^2: rescaled when dt changed. x = x~ + M^-1 grad C^T lambda keeps
    // the primal equation of the first iteration.
    Particles& P = world.particles;
    const int n = P.size();
    const Real scale = (dt * dt) / (warmDt_ * warmDt_);
    for (int i = 0; i < rows; ++i) lambda_[i] = scale * lambdaPrev_[i];
    system_.positionDelta(world, lambda_, dx_);
    start_ = P.p;
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
    for (int i = 0; i < n; ++i) P.p[i] += dx_[i];
    charge(mg_.workSolve, 2.0 * static_cast<double>(system_.slots()) + 2.0 * n);
    const Real warm = evaluate(world, dt, 0);
    if (warm < cold) {
        mg_.warmStart = true;
        return warm;
    }
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
    for (int i = 0; i < n; ++i) P.p[i] = start_[i];
    std::fill(lambda_.begin(), lambda_.end(), 0.0);
    return evaluate(world, dt, 0);
}

bool MgpbdSolver::takeStep(World& world, int it, Real omega, Real previous, Real start, Real& r) {
    const MgpbdSettings& s = world.settings.mgpbd;
    Particles& P = world.particles;
    const int n = P.size();
    const int rows = static_cast<int>(lambda_.size());
    const auto t = Clock::now();
    if (!directStep_) system_.positionDelta(world, dlambda_, dx_);  // line 9
    if (s.primalResidual && it > 0)
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
        for (int i = 0; i < n; ++i) dx_[i] -= primal_[i];
    start_ = P.p;  // the line search and the divergence guard may put them back
    lambdaStart_ = lambda_;
    // Line 10 takes all of dlambda (the paper); the line search scales both by its step,
    // the Newton step on (x, lambda) along which ||b|| falls for small steps (its
    // derivative at 0 is -b^T A dlambda = -||b||^2 for an exact solve). Moving x alone
    // does not: as the step -> 0 the residual tends to (I - alpha~ A^-1) b, which can be
    // longer than b when alpha~ differs between rows (measured on hanging_cloth: every
    // halving rejected from frame 7 on).
    Real step = omega;
    // x moved by hx dx and lambda by hl dlambda from the iteration's start.
    const auto place = [&](Real hx, Real hl) {
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
        for (int i = 0; i < n; ++i) P.p[i] = start_[i] + hx * dx_[i];
#pragma omp parallel for schedule(static) if (rows >= kParallelMinRows)
        for (int i = 0; i < rows; ++i) lambda_[i] = lambdaStart_[i] + hl * dlambda_[i];
    };
    if (s.lineSearch) {
        place(step, step);
    } else {
        axpy(1.0, dlambda_, lambda_);  // line 10
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
        for (int i = 0; i < n; ++i) P.p[i] += step * dx_[i];  // line 11
    }
    charge(mg_.workSolve, 2.0 * static_cast<double>(system_.slots()) + 2.0 * n + rows);
    mg_.msSolve += msSince(t);
    r = evaluate(world, dt_, it + 1);
    if (!s.lineSearch) {
        // Divergence guard: a full step that multiplies the substep's starting ||b|| by
        // kDivergenceRatio has left the region where the linearisation holds (a grab dragging
        // a stiff beam: 0.24 -> 1.4e3 in one step, then 1e6 m/s within 60 frames). It is
        // undone and the substep ends in local sweeps (XPBD on the same rows), kept whatever
        // ||b|| says, which stay stable there.
        if (!(r <= kDivergenceRatio * start)) {
            place(0, 0);
            r = previous;
            mg_.diverged = true;
            return false;
        }
        mg_.minOmega = std::min<double>(mg_.minOmega, step);
        return true;
    }
    // Line search: while ||b|| grew, the step is halved, each time tried with lambda scaled
    // alike and, failing that, with the whole dlambda (the paper's line 10: as the x step
    // -> 0 the residual tends to (I - alpha~ A^-1) b, which removes the self-stress part of
    // b, out of reach of any x step, where the linearisation is poor, e.g. a squashed body).
    for (int h = 0; h < s.lineSearchHalvings && !(r <= previous); ++h) {
        step *= 0.5;
        place(step, step);
        r = evaluate(world, dt_, it + 1);
        if (r <= previous) break;
        place(step, 1);
        r = evaluate(world, dt_, it + 1);
    }
    if (r <= previous) {
        mg_.minOmega = std::min<double>(mg_.minOmega, step);
        return true;
    }
    // Still grown after the last halving: reject the step, x and lambda as before it. The
    // same state would give the same step, so the caller ends the substep's loop. (b is
    // left as evaluated at the rejected x; nothing reads it after the loop.)
    place(0, 0);
    r = previous;
    return false;
}

Real MgpbdSolver::watchdogEnd(World& world, Real r) {
    if (!watching_ || !(r > bestResidual_)) return r;
    // The loop stopped (iterations, budget, divergence) above the best state: back to it.
    r = restoreBest(world);
    stats_.residualHistory.back() = r;
    return r;
}

bool MgpbdSolver::watchdogAfterStep(World& world, int it, Real& r) {
    if (r < bestResidual_) {
        keepBest(world, it + 1, r);
        return false;
    }
    if (++sinceBest_ < world.settings.mgpbd.watchdogSteps) return false;
    // The same state would take the same steps again: back to it, and stop.
    r = restoreBest(world);
    return true;
}

void MgpbdSolver::keepBest(const World& world, int it, Real r) {
    bestP_ = world.particles.p;
    bestLambda_ = lambda_;
    bestBodies_.clear();
    for (const RigidBody& b : world.rigid.bodies) bestBodies_.push_back({b.x, b.q});
    bestResidual_ = r;
    sinceBest_ = 0;
    mg_.watchdogBest = it;
    charge(mg_.workSolve, 3.0 * static_cast<double>(bestP_.size() + bestLambda_.size()));
}

Real MgpbdSolver::restoreBest(World& world) {
    world.particles.p = bestP_;
    lambda_ = bestLambda_;
    for (size_t k = 0; k < bestBodies_.size(); ++k) {
        world.rigid.bodies[k].x = bestBodies_[k].first;
        world.rigid.bodies[k].q = bestBodies_[k].second;
    }
    mg_.watchdogRollback = true;
    charge(mg_.workSolve, 3.0 * static_cast<double>(bestP_.size() + bestLambda_.size()));
    return bestResidual_;
}

Real MgpbdSolver::localSweeps(World& world, int it, Real r, int count, bool keep) {
    Particles& P = world.particles;
    const int n = P.size();
    start_ = P.p;
    lambdaStart_ = lambda_;
    bodyStart_.clear();  // the sweeps project contacts, which move rigid bodies too
    for (const RigidBody& b : world.rigid.bodies) bodyStart_.push_back({b.x, b.q});
    const auto t = Clock::now();
    GaussSeidelSolver::resetLambdas(world, sweepLambdas_);
    system_.scatterLambda(lambda_, sweepLambdas_);
    // Forward, in rounds, as XPBD's sweeps: array order is the order that gained energy in
    // the explosion sweep_order.h describes.
    sweepOrder_.update(world);
    for (int k = 0; k < count; ++k)
        GaussSeidelSolver::sweep(world, ProjectionMode::Compliance, dt_, 1, sweepLambdas_, false,
                                 &sweepOrder_);
    system_.gatherLambda(sweepLambdas_, lambda_);
    charge(mg_.workSolve, count * kSweepPerEvaluate * system_.evaluateWork());
    mg_.msSolve += msSince(t);
    const Real swept = evaluate(world, dt_, it + 1);
    if (swept <= r || keep) return swept;
        // The sweeps raised ||b|| (they solve the rows one by one, with alpha~ = 0 on hard rows):
        // keep the state before them.
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
    for (int i = 0; i < n; ++i) P.p[i] = start_[i];
    lambda_ = lambdaStart_;
    for (size_t k = 0; k < bodyStart_.size(); ++k) {
        world.rigid.bodies[k].x = bodyStart_[k].first;
        world.rigid.bodies[k].q = bodyStart_[k].second;
    }
    ++mg_.sweepRejects;
    return r;
}

bool MgpbdSolver::setupDue(const World& world, const AmgHierarchy& amg, long lastSetup,
                           bool rebuilt) const {
    return rebuilt || !amg.ready() || lastSetup < 0 ||
           world.frame() - lastSetup >= std::max(world.settings.mgpbd.setupInterval, 1);
}

double MgpbdSolver::afterSolveWork(const MgpbdSettings& s) const {
    // The step, one evaluation of its result, and the local sweeps with theirs.
    const double evaluate = system_.evaluateWork();
    return evaluate + 8.0 * static_cast<double>(system_.slots()) +
           (s.localSweeps > 0 ? (s.localSweeps * kSweepPerEvaluate + 1) * evaluate : 0);
}

double MgpbdSolver::firstIterationEstimate(const World& world, bool rebuilt) const {
    // Assembly, the hierarchy's refresh, one PCG iteration and what follows it, from the
    // hierarchy when it is this structure's.
    const MgpbdSettings& s = world.settings.mgpbd;
    const bool primal = s.primalSystem && PrimalSystem::applicable(system_);
    const AmgHierarchy& amg = primal ? primalAmg_ : amg_;
    const double nnz =
        static_cast<double>(primal ? primalSystem_.K.nonZeros() : system_.A.nonZeros());
    const bool known =
        !rebuilt && amg.ready() && (primal || amgStructure_ == system_.structureVersion());
    double estimate = afterSolveWork(s) + static_cast<double>(primal ? primalSystem_.fillProducts()
                                                                     : system_.fillProducts());
    // A global iteration is only worth its assembly and Galerkin refresh with a few PCG
    // iterations: one or two left the cloth scenes worse than the sweeps the same work buys
    // (12 ms: hanging_cloth max strain 0.19 against 0.08, rotating_barrel 0.40 against 0.10).
    const double pcgIterations = std::max(s.budgetMinPcgIterations, 1);
    if (s.jacobiPreconditioner && !primal) return estimate + pcgIterations * 2 * nnz;
    // The refresh and the PCG iterations (no hierarchy yet: ~3 SpMVs each).
    const double iteration = known ? amg.refreshWork() + pcgIterations * (nnz + amg.cycleWork())
                                   : pcgIterations * 3 * nnz;
    const long lastSetup = primal ? lastPrimalSetupFrame_ : lastSetupFrame_;
    if (known && !setupDue(world, amg, lastSetup, false)) return estimate + iteration;
    // A setup: the periodic one runs whatever its own cost (that frame may exceed the
    // budget, one in setupInterval) when the rest of a global iteration would fit, one forced
    // by a new structure (tearing, cutting) only if its whole estimate fits; until then the
    // substeps sweep (XPBD on the same rows). A periodic setup forced on substeps whose
    // budget affords only sweeps (softbody_on_cloth: 1.2 ms a substep) left them one
    // truncated global step: peak max strain 120 over 600 frames.
    const bool periodic =
        lastSetup < 0 || world.frame() - lastSetup >= std::max(s.setupInterval, 1);
    if (periodic) return estimate + iteration;
    const double perNonZero = amg.ready() && amg.levelNonZeros(0) > 0
                                  ? amg.setupWork() / static_cast<double>(amg.levelNonZeros(0))
                                  : kSetupSpmvs + kSetupRefreshes * 4;
    return estimate + perNonZero * nnz + (kSetupRefreshes + 12) * nnz;
}

int MgpbdSolver::pcgCap(const MgpbdSettings& s, bool first, double perIteration,
                        double reserve) const {
    if (!work_.limited()) return s.pcgMaxIterations;
    const double left = work_.left() - reserve;
    int affordable = left > 0 ? static_cast<int>(left / std::max(perIteration, 1.0)) : 0;
    if (first) affordable = std::max(affordable, s.budgetMinPcgIterations);
    return std::clamp(affordable, 1, s.pcgMaxIterations);
}

int MgpbdSolver::solveDual(const World& world, bool firstIteration, bool rebuilt) {
    const MgpbdSettings& s = world.settings.mgpbd;
    auto t = Clock::now();
    system_.fillMatrix(world);  // line 5
    charge(mg_.workAssemble, static_cast<double>(system_.fillProducts()));
    mg_.msAssemble += msSince(t);

    t = Clock::now();  // line 7: lazy setup, else Galerkin refresh with P reused
    if (s.jacobiPreconditioner) {
        // the baseline needs no hierarchy
    } else if (firstIteration && setupDue(world, amg_, lastSetupFrame_,
                                          rebuilt || amgStructure_ != system_.structureVersion())) {
        // (the structure check covers solves that went through the primal system or Jacobi
        // while the topology changed: their hierarchy is not this A's)
        if (s.candidates == MgpbdCandidates::Strain) system_.strainModes(world, strain_);
        bool tetRows = false;
        visitConstraints(world.constraints, [&](const auto& array, const auto& traits) {
            tetRows = tetRows || (std::decay_t<decltype(traits)>::volumetric && !array.empty());
        });
        amg_.setup(system_.A, s.dualAmgSettings(tetRows), &strain_);
        amgStructure_ = system_.structureVersion();
        lastSetupFrame_ = world.frame();
        charge(mg_.workSetup, amg_.setupWork());
        mg_.setup = true;
        mg_.msSetup += msSince(t);
    } else if (firstIteration || s.galerkinEveryIteration) {
        amg_.refresh(system_.A);
        charge(mg_.workGalerkin, amg_.refreshWork());
        mg_.msGalerkin += msSince(t);
    } else {
        amg_.refreshFinest(system_.A);
        charge(mg_.workGalerkin, amg_.refreshFinestWork());
        mg_.msGalerkin += msSince(t);
    }

    t = Clock::now();  // line 8
    const Preconditioner vcycle = [this](const Vector& in, Vector& out) { amg_.vcycle(in, out); };
    const Preconditioner jacobi = [this](const Vector& in, Vector& out) {
        out.resize(in.size());
        for (size_t i = 0; i < in.size(); ++i) out[i] = in[i] / diag_[i];
    };
    if (s.jacobiPreconditioner) diagonal(system_.A, diag_);
    const double n = system_.rows();
    const double perIteration = static_cast<double>(system_.A.nonZeros()) + 10 * n +
                                (s.jacobiPreconditioner ? n : amg_.cycleWork());
    const int cap = pcgCap(s, firstIteration, perIteration, afterSolveWork(s));
    const PcgResult result =
        pcg(system_.A, system_.b, dlambda_, s.jacobiPreconditioner ? jacobi : vcycle, pcgTolerance_,
            cap, pcgWork_, s.floatVCycle && !s.jacobiPreconditioner);
    charge(mg_.workSolve, perIteration * result.iterations);
    if (!(result.relativeResidual <= pcgTolerance_)) ++mg_.pcgCapHits;
    mg_.msSolve += msSince(t);
    return result.iterations;
}

int MgpbdSolver::solvePrimal(const World& world, bool firstIteration, bool rebuilt) {
    const MgpbdSettings& s = world.settings.mgpbd;
    auto t = Clock::now();
    rebuilt = primalSystem_.update(world, system_) || rebuilt;
    primalSystem_.fill(world, system_);
    charge(mg_.workAssemble, static_cast<double>(primalSystem_.fillProducts()));
    mg_.msAssemble += msSince(t);
    t = Clock::now();
    if (firstIteration && setupDue(world, primalAmg_, lastPrimalSetupFrame_, rebuilt)) {
        primalSystem_.setupAmg(world, s.primalAmgSettings(), primalAmg_);
        lastPrimalSetupFrame_ = world.frame();
        charge(mg_.workSetup, primalAmg_.setupWork());
        mg_.setup = true;
        mg_.msSetup += msSince(t);
    } else if (firstIteration || s.galerkinEveryIteration) {
        primalAmg_.refresh(primalSystem_.K);
        charge(mg_.workGalerkin, primalAmg_.refreshWork());
        mg_.msGalerkin += msSince(t);
    } else {
        primalAmg_.refreshFinest(primalSystem_.K);
        charge(mg_.workGalerkin, primalAmg_.refreshFinestWork());
        mg_.msGalerkin += msSince(t);
    }
    t = Clock::now();
    const double slots = static_cast<double>(system_.slots());
    const double perIteration = static_cast<double>(primalSystem_.K.nonZeros()) +
                                10.0 * primalSystem_.K.rows + primalAmg_.cycleWork() + 3 * slots;
    const int cap = pcgCap(s, firstIteration, perIteration, afterSolveWork(s));
    const PcgResult result = primalSystem_.solve(world, system_, primalAmg_, pcgTolerance_, cap,
                                                 s.primalFloatVCycle, pcgWork_, dlambda_);
    charge(mg_.workSolve, perIteration * result.iterations + 4 * slots);
    const bool converged = result.relativeResidual <= pcgTolerance_;
    if (!converged) ++mg_.pcgCapHits;
    if (s.primalResidual) {
        // dx = y - M^-1 g (PrimalSystem::positionStep): a truncated y leaves its residual in
        // the next iteration's g instead of in a wrong dlambda, so it is a full step.
        primalSystem_.positionStep(dx_);
        directStep_ = true;
        charge(mg_.workSolve, 3.0 * primalSystem_.K.rows);
    } else if (!converged) {
        // Without g, a primal iterate short of convergence can map to a dual step far worse
        // than none: dlambda = D^-1 (b - J y) amplifies y's error by 1/alpha~ (measured: PCG
        // capped at 10 iterations drove the dual residual to 1e20 within 10 outer
        // iterations, then NaN). So it is scaled to minimise ||b - s A dlambda|| over s in
        // [0, 1], with A dlambda = alpha~ dlambda + J W J^T dlambda applied matrix-free.
        system_.positionDelta(world, dlambda_, dx_);
        scratch_.resize(dlambda_.size());
        for (size_t r = 0; r < dlambda_.size(); ++r)
            scratch_[r] = system_.alphaTilde[r] * dlambda_[r];
        system_.addGradientTimes(dx_, scratch_);
        charge(mg_.workSolve, 4 * slots);
        const Real qq = dot(scratch_, scratch_), bq = dot(system_.b, scratch_);
        const Real scale =
            qq > 0 && std::isfinite(bq) ? std::clamp(bq / qq, Real(0), Real(1)) : Real(0);
        for (Real& v : dlambda_) v *= scale;
        mg_.minPrimalStepScale = std::min<double>(mg_.minPrimalStepScale, scale);
    }
    mg_.msSolve += msSince(t);
    return result.iterations;
}

void MgpbdSolver::addPrimalResidual(const World& world) {
    // M^-1 g = (x - x~) - M^-1 grad C^T lambda, zero on pinned particles; b += grad C M^-1 g.
    const Particles& P = world.particles;
    system_.positionDelta(world, lambda_, primal_);
    const int n = P.size();
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
    for (int i = 0; i < n; ++i)
        primal_[i] = P.w[i] > 0 ? Vec3(P.p[i] - predicted_[i] - primal_[i]) : Vec3::Zero();
    system_.addGradientTimes(primal_, system_.b);
}

void MgpbdSolver::recordHierarchy(bool jacobi) {
    const AmgHierarchy& amg = mg_.primal ? primalAmg_ : amg_;
    mg_.levels = 0;
    if (!amg.ready() || (!mg_.primal && jacobi)) return;
    mg_.levels = std::min(amg.levelCount(), MgpbdStats::kMaxLevels);
    for (int l = 0; l < mg_.levels; ++l) mg_.levelSize[l] = amg.levelSize(l);
    mg_.operatorComplexity = amg.operatorComplexity();
}

const SolverStats& MgpbdSolver::stats() const {
    view_.iterations = stats_.iterations;
    view_.residual = stats_.residual;
    view_.residualHistory = stats_.residualHistory;
    auto& e = view_.extra;
    e.clear();
    e.emplace_back("pcg iterations", mg_.pcgIterations);
    e.emplace_back("pcg cap hits", mg_.pcgCapHits);
    e.emplace_back("relative residual",
                   mg_.initialResidual > 0 ? mg_.residual / mg_.initialResidual : 0.0);
    e.emplace_back("work ms", mg_.workUnits / kWorkUnitsPerMs);
    e.emplace_back("budget ms", mg_.budgetUnits / kWorkUnitsPerMs);
    e.emplace_back("budget stop", mg_.budgetStop ? 1 : 0);
    e.emplace_back("budget sweeps", mg_.budgetSweeps);
    e.emplace_back("warm start", mg_.warmStart ? 1 : 0);
    e.emplace_back("ms assemble", mg_.msAssemble);
    e.emplace_back("ms setup", mg_.msSetup);
    e.emplace_back("ms galerkin", mg_.msGalerkin);
    e.emplace_back("ms solve", mg_.msSolve);
    e.emplace_back("constraints", mg_.rows);
    e.emplace_back("primal system", mg_.primal ? 1 : 0);
    if (mg_.primal) e.emplace_back("primal step scale (min)", mg_.minPrimalStepScale);
    e.emplace_back("line search omega (min)", mg_.minOmega);
    e.emplace_back("line search reject", mg_.lineSearchReject ? 1 : 0);
    e.emplace_back("diverged", mg_.diverged ? 1 : 0);
    e.emplace_back("watchdog rollback", mg_.watchdogRollback ? 1 : 0);
    e.emplace_back("watchdog best iteration", mg_.watchdogBest);
    if (mg_.levels > 0) {
        e.emplace_back("levels", mg_.levels);
        for (int l = 0; l < mg_.levels; ++l)
            e.emplace_back("level " + std::to_string(l) + " size", mg_.levelSize[l]);
        e.emplace_back("operator complexity", mg_.operatorComplexity);
    }
    return view_;
}

}  // namespace sim
