#include "sim/solvers/mgpbd/mgpbd_solver.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

#include "sim/contact/collision_stage.h"
#include "sim/contact/step_context.h"
#include "sim/solvers/mgpbd/mgpbd_cpu_clock.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/sweeps/sweeps.h"

namespace sim {

namespace {
// The divergence guard. Under a budget a full step whose ||b|| exceeds kDivergenceRatio times
// the substep's starting ||b|| is undone at once: the substep has room for one or two
// truncated steps, which cannot recover. The ratio lies well above the growth of any accepted
// step of the scenes at their defaults, and below that of a grab dragging the stiff beam,
// which then explodes.
// Without a budget the guard judges the substep as a whole, since a step may overshoot and
// the next ones recover: the paper preset's beam at dt 30 ms overshoots in its first step
// (PCG at its cap) and then converges (undoing that step left the beam falling freely). A
// substep that ends above kSubstepDivergenceRatio times its start goes back to it and is
// swept; the watchdog, when on, ends on its best state anyway. On the beam drag without a
// budget or watchdog this keeps the particles slowest; a per-step guard there left the
// substep unsolved (docs/notes/mgpbd-outer-loop.md).
constexpr double kDivergenceRatio = 1000;
constexpr double kSubstepDivergenceRatio = 10;
// The residual history's times are wall time (residualTimesMs, the figures' x axis); the
// phases are CPU time (mgpbd_cpu_clock.h).
constexpr int kDensePasses = 3;
// Share of the distance edges lines must hold for accelerated sweeps (linesCoverTheCloth).
constexpr double kAcceleratedMinLineShare = 0.9;
// Accelerated sweeps wait until no collider could reach the cloth within this many frames
// (colliderWithinReach): with contacts alone deciding, moving_sphere's curtain switched between
// accelerated and contact sweeps substep by substep as the ball's contacts came and went, and
// stretched and crossed itself more (docs/notes/accelerated-sweeps.md compares reaches
// of 1 to 8 frames).
constexpr Real kAcceleratedReachFrames = 1;
using Wall = std::chrono::steady_clock;
using mgpbd_clock::msSince;
double wallMsSince(Wall::time_point t) {
    return std::chrono::duration<double, std::milli>(Wall::now() - t).count();
}
}  // namespace

Real MgpbdSolver::evaluate(const StepContext& ctx, Real dt, int it) {
    // Lines 4 and 6 (and g, MgpbdLinearSystem::primalResidual): b at the current x and lambda.
    const auto t = mgpbd_clock::nowMs();
    system_.evaluate(ctx, dt, lambda_);
    charge(mg_.workAssemble, system_.evaluateWork());
    if (ctx.settings.block<MgpbdSettings>().system.primalResidual && it > 0) {
        addPrimalResidual(ctx);
        charge(mg_.workAssemble, 2.0 * static_cast<double>(system_.slots()));
    }
    mg_.msAssemble += msSince(t);
    return norm(system_.b);
}

std::string MgpbdSolver::inexactResumeNote(long frame, const Settings& settings) const {
    const int interval = settings.block<MgpbdSettings>().setupInterval;
    if (mgpbdSetupAligned(frame, interval)) return {};
    return "MGPBD sets up its AMG every " + std::to_string(interval) +
           " frames; a run resumed from frame " + std::to_string(frame) +
           " sets it up there and differs from an uninterrupted run at round-off level (save "
           "at a multiple for a bit-exact resume)";
}

// The outer loop (Algorithm 1, lines 3-10) over its named parts: the substep's start and
// budget, the budget's sweeps-only choice, b and the warm start, one global iteration at a
// time until the loop's test stops it, then the guards and the fallback sweeps.
void MgpbdSolver::solve(const StepContext& ctx, Real dt) {
    Loop loop = beginSubstep(ctx, dt);
    if (sweepsOnlySubstep(ctx, loop)) return;
    startLoop(ctx, dt, loop);
    int it = 0;
    for (;; ++it) {
        stats_.residualHistory.push_back(loop.r);
        times_.push_back(wallMsSince(loop.start));
        if (loopStops(ctx, it, loop) || !globalIteration(ctx, it, loop)) break;
    }
    afterLoop(ctx, it, loop.r, loop.rStart, loop.guardAtEnd,
              mg_.budgetStop || loop.rejected || loop.watchdogStop);
    finishAfterLoop(ctx, it, loop.b0, loop.budget, loop.rejected, it == 0 && mg_.budgetSweeps > 0);
}

MgpbdSolver::Loop MgpbdSolver::beginSubstep(const StepContext& ctx, Real dt) {
    const MgpbdSettings& s = ctx.settings.block<MgpbdSettings>();
    Loop loop;
    loop.start = Wall::now();
    mg_ = MgpbdStats{};
    stats_.residualHistory.clear();
    times_.clear();
    dt_ = dt;
    loop.budget = s.budget.frameMs > 0
                      ? s.budget.frameMs * kWorkUnitsPerMs / std::max(ctx.settings.substeps, 1)
                      : 0.0;
    work_.start(loop.budget);

    auto t = mgpbd_clock::nowMs();
    loop.rebuilt = system_.update(ctx);
    mg_.msSetup += msSince(t);
    loop.rows = system_.rows();
    lambda_.assign(loop.rows, 0.0);  // line 2
    if (s.system.primalResidual) predicted_ = ctx.particles.p;
    freeCloth_ = loop.rows > 0 && freeCloth(ctx);
    loop.sweepsOnly = freeCloth_ && work_.limited();  // no global step (freeCloth)
    // The first step of each iteration: the paper's omega or the line search's (backtracking).
    loop.omega = s.step.lineSearch ? s.step.lineSearchStep
                                   : (s.step.liveOmega > 0 ? s.step.liveOmega : s.relaxation);
    return loop;
}

// When the budget cannot hold b's evaluation and one global iteration after it (the loop's
// test at it = 0), or the cloth is free, the substep is the fallback sweeps alone: b is
// skipped but charged, so the sweep count is the same either way. Evaluated all the same
// when it may stop the substep (the last one ended under atol: a cloth at rest) and on a
// frame a state file may resume at, so the choice replays exactly. Skipping b saves the
// frame time the sweep-only scenes need (docs/notes/mgpbd-budget.md).
bool MgpbdSolver::sweepsOnlySubstep(const StepContext& ctx, const Loop& loop) {
    const MgpbdSettings& s = ctx.settings.block<MgpbdSettings>();
    const bool resumable =
        lastSolveFrame_ != ctx.frame() && mgpbdSetupAligned(ctx.frame(), s.setupInterval);
    if (!work_.limited() || s.step.warmStart || loop.rows == 0 || s.maxIterations <= 0 ||
        resumable || !(lastResidual_ >= s.atol) ||
        !(loop.sweepsOnly ||
          system_.evaluateWork() + firstIterationEstimate(ctx, loop.rebuilt) > work_.left()))
        return false;
    charge(mg_.workAssemble, system_.evaluateWork());
    mg_.budgetStop = true;
    stats_.residualHistory.push_back(0);
    times_.push_back(wallMsSince(loop.start));
    fallbackSweeps(ctx, 0, 0);
    finishAfterLoop(ctx, 0, 0, loop.budget, false, mg_.budgetSweeps > 0);  // XPBD's solve
    return true;
}

void MgpbdSolver::startLoop(const StepContext& ctx, Real dt, Loop& loop) {
    const MgpbdSettings& s = ctx.settings.block<MgpbdSettings>();
    loop.r = evaluate(ctx, dt, 0);
    loop.b0 = loop.r;
    if (s.step.warmStart) loop.r = warmStart(ctx, dt, loop.r);
    loop.rStart = loop.r;  // the divergence guard's reference
    // The watchdog (MgpbdStepAcceptance::watchdogSteps; not under a budget): the best state so far
    // and the steps since.
    watching_ = s.step.watchdogSteps > 0 && !s.step.lineSearch && !work_.limited();
    // Without a budget or the watchdog, the start is kept for the guard at the loop's end.
    loop.guardAtEnd = !work_.limited() && !watching_ && !s.step.lineSearch;
    if (watching_ || loop.guardAtEnd) keepBest(ctx, 0, loop.r);
}

bool MgpbdSolver::loopStops(const StepContext& ctx, int it, const Loop& loop) {
    const MgpbdSettings& s = ctx.settings.block<MgpbdSettings>();
    if (loop.rejected || loop.watchdogStop || loop.rows == 0 || it >= s.maxIterations ||
        loop.r < s.atol || (s.rtol > 0 && loop.r < s.rtol * loop.b0))
        return true;
    // Budget: the first global iteration must fit whole (else only sweeps, after the loop); a
    // later one must fit as the last one did. A free cloth's takes none (sweepsOnly).
    if (work_.limited() && ((it == 0 && loop.sweepsOnly) ||
                            work_.used + (it == 0 ? firstIterationEstimate(ctx, loop.rebuilt)
                                                  : loop.lastIterationWork) >
                                work_.limit)) {
        mg_.budgetStop = true;
        return true;
    }
    return s.budget.wallClockMs > 0 &&
           wallMsSince(loop.start) > s.budget.wallClockMs;  // benches only
}

// One global iteration: the linear solve, the step (accepted or rejected), the local
// sweeps, the watchdog. False when the step diverged (the fallback sweeps follow, kept
// whatever ||b|| says).
bool MgpbdSolver::globalIteration(const StepContext& ctx, int it, Loop& loop) {
    const MgpbdSettings& s = ctx.settings.block<MgpbdSettings>();
    const double before = work_.used;
    if (s.step.backtracking && it > 0 && loop.r > loop.previous)
        loop.omega = std::max(loop.omega * 0.5, 1.0 / 1024);
    loop.previous = loop.r;

    if (it == 0) mg_.primal = s.system.primal && PrimalSystem::applicable(system_);
    directStep_ = false;
    pcgTolerance_ = s.pcgTolerance;
    if (s.system.inexactSolves && loop.r > 0)
        pcgTolerance_ = std::max(s.pcgTolerance, std::min(Real(0.1), Real(0.5) * s.atol / loop.r));
    mg_.pcgIterations += mg_.primal ? solvePrimal(ctx, it == 0, loop.rebuilt)
                                    : solveDual(ctx, it == 0, loop.rebuilt);
    loop.rejected = !takeStep(ctx, it, loop.omega, loop.previous, loop.rStart, loop.r);
    if (mg_.diverged) return false;
    if (s.sweeps.local > 0) {
        const Real unswept = loop.r;
        loop.r = localSweeps(ctx, it, loop.r, s.sweeps.local);
        // Sweeps that lowered ||b|| after a rejected step moved the state: the next global
        // step differs, so the loop goes on (the residual still never grows).
        if (loop.rejected && loop.r < unswept) loop.rejected = false;
    }
    loop.lastIterationWork = work_.used - before;
    if (watching_ && !loop.rejected) loop.watchdogStop = watchdogAfterStep(ctx, it, loop.r);
    return true;
}

void MgpbdSolver::afterLoop(const StepContext& ctx, int it, Real r, Real rStart, bool guardAtEnd,
                            bool stopped) {
    const int rows = system_.rows();
    r = watchdogEnd(ctx, r);
    if (guardAtEnd && rows > 0 && !(r <= kSubstepDivergenceRatio * rStart)) {
        r = restoreBest(ctx);  // the substep's start: it diverged as a whole
        stats_.residualHistory.back() = r;
        mg_.diverged = true;
    }
    // What the budget left when the global iterations stopped on it goes to sweeps, and a
    // diverged substep is solved by them, budget or not. So is a substep whose rows were met
    // before any global step while contacts are in play: the contacts projected alone after
    // it would push the cloth apart with nothing after them to pull it together (the
    // sweeps end each pass on the contacts, as XPBD's do; docs/notes/mgpbd-budget.md).
    const bool contactsOnly = it == 0 && contactsInPlay(ctx);
    if (rows > 0 && ((stopped && work_.limited()) || mg_.diverged || contactsOnly))
        fallbackSweeps(ctx, it, r);
}

void MgpbdSolver::finishAfterLoop(const StepContext& ctx, int it, Real b0, double budget,
                                  bool rejected, bool sweptOnly) {
    const MgpbdSettings& s = ctx.settings.block<MgpbdSettings>();
    Particles& P = ctx.particles;
    // A substep of sweeps alone ends as XPBD's does: its last sweep projected every type and
    // the contacts, so nothing is projected again.
    if (sweptOnly) {
        if (s.step.warmStart) beforeProjections_ = P.p;
        warmConsistent_ = s.step.warmStart;
        finishSolve(ctx, it, b0, budget, rejected);
        return;
    }
    // Dense types (a closed surface's pressure) are not rows either (their primal block
    // would be dense over the whole surface): XPBD passes after the loop, kDensePasses of
    // them because the volume is cubic in x (one Newton step leaves (dV/V)^2).
    if (s.step.warmStart) beforeProjections_ = P.p;  // only the warm start reads it
    projectDense(ctx, dt_, kDensePasses);
    // Unilateral types (tethers) are not rows of the dual system; like the
    // collider contacts they are projected once after the elastic loop (§5.4), as hard constraints.
    projectUnilateral(ctx);
    projectCollisions(ctx, dt_);  // §5.4: collider and self contacts after the elastic loop
    warmConsistent_ = s.step.warmStart && beforeProjections_ == P.p;
    finishSolve(ctx, it, b0, budget, rejected);
}

Real MgpbdSolver::fallbackSweeps(const StepContext& ctx, int it, Real r) {
    // What the budget has left when the global iterations stopped on it (or on a rejected
    // step: the same state would give the same step) goes to local sweeps (when not even one
    // global iteration fitted: XPBD on the same rows, kept whatever ||b|| says).
    const MgpbdSettings& s = ctx.settings.block<MgpbdSettings>();
    // Accelerated sweeps (line sweeps, Chebyshev) only where they are the substep's whole
    // solve on a free cloth (freeCloth). After a truncated global step they are the few sweeps
    // the budget has left, and lines there raised hanging_cloth's peak strain
    // (docs/notes/accelerated-sweeps.md).
    const bool accelerated = freeCloth_ && it == 0;
    // Held by the mouse, the lines stay but not their acceleration: the hand moves its
    // particle as a collider would, and over-relaxed sweeps stretched the cloth around it.
    const bool extrapolate = accelerated && !ctx.grab();
    // Accelerated, the sweeps are charged as localSweeps charges them: kSweepPerEvaluate
    // evaluations each and one evaluation of b after them. The count with contacts divides by
    // one evaluation more per sweep, so an accelerated substep holds more sweeps than a
    // contact one of the same budget.
    const double evaluate = system_.evaluateWork();
    const double sweeps = evaluate <= 0 ? 0.0
                          : accelerated ? (work_.left() - evaluate) / (kSweepPerEvaluate * evaluate)
                                        : work_.left() / ((kSweepPerEvaluate + 1) * evaluate);
    int count = static_cast<int>(std::clamp(sweeps, 0.0, 4.0 * s.maxIterations));
    // When no global iteration fitted, the sweeps are this substep's whole solve: at least
    // the iterations XPBD would run, budget or not, so MGPBD falls back to XPBD, not to a
    // weaker XPBD. A smaller floor let self_collision_fold cross itself and left rigid_stack
    // and hanging_cloth more stretched, and the scenes still fit a 60 Hz frame with it
    // (docs/notes/mgpbd-budget.md).
    // A periodic AMG setup runs whatever the budget and leaves its substep one truncated
    // global step: the same floor follows it, or the setup frames stretch the cloth
    // (docs/notes/mgpbd-budget.md).
    if (it == 0 || mg_.setup) count = std::max({count, ctx.settings.iterations, 1});
    if (count > 0) {
        r = localSweeps(ctx, it, r, count, mg_.diverged || it == 0, accelerated, extrapolate);
        stats_.residualHistory.back() = r;
        mg_.budgetSweeps = count;
        mg_.lineSweeps = accelerated;
    }
    return r;
}

void MgpbdSolver::finishSolve(const StepContext& ctx, int iterations, Real b0, double budget,
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
    recordHierarchy(ctx.settings.block<MgpbdSettings>().system.jacobiPreconditioner);
    lastResidual_ = stats_.residual;
    lastSolveFrame_ = ctx.frame();
    lambdaPrev_ = lambda_;  // the next substep's warm start
    warmStructure_ = system_.structureVersion();
    warmDt_ = dt_;
    warmFrame_ = ctx.frame();
}

Real MgpbdSolver::warmStart(const StepContext& ctx, Real dt, Real cold) {
    const int rows = system_.rows();
    if (warmStructure_ != system_.structureVersion() ||
        lambdaPrev_.size() != static_cast<size_t>(rows) || !(warmDt_ > 0) || rows == 0)
        return cold;
    // The last lambda is only a guess of this one when the rows alone decided the positions.
    // Contacts (and pressure, tethers) are projected after the rows, outside lambda: where
    // they moved particles, the rows' lambda grew against them and, carried over, pushes x~
    // against the contact again every substep: on self_collision_fold, where the substeps are
    // XPBD sweeps on the warm lambda, the carried lambda stretched the sheet and drove it
    // through itself, where a cold start does not (docs/notes/mgpbd-budget.md).
    if (!warmConsistent_) return cold;
    // A frame where a state file may resume (the AMG setup frames) starts cold, as the
    // resumed run must: the lambdas are not part of the state.
    if (warmFrame_ != ctx.frame() &&
        mgpbdSetupAligned(ctx.frame(), ctx.settings.block<MgpbdSettings>().setupInterval))
        return cold;
    // lambda ~ force dt^2: rescaled when dt changed. x = x~ + M^-1 grad C^T lambda keeps
    // the primal equation of the first iteration.
    Particles& P = ctx.particles;
    const int n = P.size();
    const Real scale = (dt * dt) / (warmDt_ * warmDt_);
    for (int i = 0; i < rows; ++i) lambda_[i] = scale * lambdaPrev_[i];
    system_.positionDelta(ctx, lambda_, dx_);
    start_ = P.p;
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
    for (int i = 0; i < n; ++i) P.p[i] += dx_[i];
    charge(mg_.workSolve, 2.0 * static_cast<double>(system_.slots()) + 2.0 * n);
    const Real warm = evaluate(ctx, dt, 0);
    if (warm < cold) {
        mg_.warmStart = true;
        return warm;
    }
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
    for (int i = 0; i < n; ++i) P.p[i] = start_[i];
    std::fill(lambda_.begin(), lambda_.end(), 0.0);
    return evaluate(ctx, dt, 0);
}

bool MgpbdSolver::takeStep(const StepContext& ctx, int it, Real omega, Real previous, Real start,
                           Real& r) {
    const MgpbdSettings& s = ctx.settings.block<MgpbdSettings>();
    Particles& P = ctx.particles;
    const int n = P.size();
    const int rows = static_cast<int>(lambda_.size());
    const auto t = mgpbd_clock::nowMs();
    if (!directStep_) system_.positionDelta(ctx, dlambda_, dx_);  // line 9
    if (s.system.primalResidual && it > 0)
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
        for (int i = 0; i < n; ++i) dx_[i] -= primal_[i];
    start_ = P.p;  // the line search and the divergence guard may put them back
    lambdaStart_ = lambda_;
    // Line 10 takes all of dlambda (the paper); the line search scales both by its step,
    // the Newton step on (x, lambda) along which ||b|| falls for small steps (its
    // derivative at 0 is -b^T A dlambda = -||b||^2 for an exact solve). Moving x alone
    // does not: as the step -> 0 the residual tends to (I - alpha~ A^-1) b, which can be
    // longer than b when alpha~ differs between rows (on hanging_cloth every halving was
    // then rejected; docs/notes/mgpbd-outer-loop.md).
    Real step = omega;
    // x moved by hx dx and lambda by hl dlambda from the iteration's start.
    const auto place = [&](Real hx, Real hl) {
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
        for (int i = 0; i < n; ++i) P.p[i] = start_[i] + hx * dx_[i];
#pragma omp parallel for schedule(static) if (rows >= kParallelMinRows)
        for (int i = 0; i < rows; ++i) lambda_[i] = lambdaStart_[i] + hl * dlambda_[i];
    };
    if (s.step.lineSearch) {
        place(step, step);
    } else {
        axpy(1.0, dlambda_, lambda_);  // line 10
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
        for (int i = 0; i < n; ++i) P.p[i] += step * dx_[i];  // line 11
    }
    charge(mg_.workSolve, 2.0 * static_cast<double>(system_.slots()) + 2.0 * n + rows);
    mg_.msSolve += msSince(t);
    r = evaluate(ctx, dt_, it + 1);
    if (!s.step.lineSearch) {
        // Divergence guard: under a budget, a full step that multiplies the substep's
        // starting ||b|| by kDivergenceRatio has left the region where the linearisation
        // holds (a grab dragging a stiff beam went on to explode); so has any
        // step to a non-finite ||b||. It is undone and the
        // substep ends in local sweeps (XPBD on the same rows), kept whatever ||b|| says,
        // which stay stable there. Without a budget, solve() judges the whole substep.
        if (!std::isfinite(r) || (work_.limited() && !(r <= kDivergenceRatio * start))) {
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
    for (int h = 0; h < s.step.lineSearchHalvings && !(r <= previous); ++h) {
        step *= 0.5;
        place(step, step);
        r = evaluate(ctx, dt_, it + 1);
        if (r <= previous) break;
        place(step, 1);
        r = evaluate(ctx, dt_, it + 1);
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

Real MgpbdSolver::watchdogEnd(const StepContext& ctx, Real r) {
    if (!watching_ || !(r > bestResidual_)) return r;
    // The loop stopped (iterations, budget, divergence) above the best state: back to it.
    r = restoreBest(ctx);
    mg_.watchdogRollback = true;
    stats_.residualHistory.back() = r;
    return r;
}

bool MgpbdSolver::watchdogAfterStep(const StepContext& ctx, int it, Real& r) {
    if (r < bestResidual_) {
        keepBest(ctx, it + 1, r);
        return false;
    }
    if (++sinceBest_ < ctx.settings.block<MgpbdSettings>().step.watchdogSteps) return false;
    // The same state would take the same steps again: back to it, and stop.
    r = restoreBest(ctx);
    mg_.watchdogRollback = true;
    return true;
}

void MgpbdSolver::keepBest(const StepContext& ctx, int it, Real r) {
    bestP_ = ctx.particles.p;
    bestLambda_ = lambda_;
    bestBodies_.clear();
    for (const RigidBody& b : ctx.rigid.bodies) bestBodies_.push_back({b.x, b.q});
    bestResidual_ = r;
    sinceBest_ = 0;
    mg_.watchdogBest = it;
    charge(mg_.workSolve, 3.0 * static_cast<double>(bestP_.size() + bestLambda_.size()));
}

Real MgpbdSolver::restoreBest(const StepContext& ctx) {
    ctx.particles.p = bestP_;
    lambda_ = bestLambda_;
    for (size_t k = 0; k < bestBodies_.size(); ++k) {
        ctx.rigid.bodies[k].x = bestBodies_[k].first;
        ctx.rigid.bodies[k].q = bestBodies_[k].second;
    }
    charge(mg_.workSolve, 3.0 * static_cast<double>(bestP_.size() + bestLambda_.size()));
    return bestResidual_;
}

bool MgpbdSolver::contactsInPlay(const StepContext& ctx) {
    const RigidWorld& rigid = ctx.rigid;
    return !ctx.contacts().empty() || !rigid.attachments.empty() || !rigid.triangleContacts.empty();
}

bool MgpbdSolver::freeCloth(const StepContext& ctx) {
    // Under a budget a free cloth's substep is accelerated sweeps alone, with no global step:
    // at interactive budgets the truncated global step leaves several times the strain the
    // sweeps leave on the same work, and a larger budget, where a global step fits, left more
    // strain than a smaller one without.
    // With contacts the substep keeps the point sweeps and the count the scenes' iterations
    // were chosen with, and so does a substep with a collider close enough to touch within a
    // frame (docs/notes/accelerated-sweeps.md). With contacts, lines raised one-frame
    // peaks at impacts, and more sweeps changed how rotating_barrel (no self collision)
    // folds: more than its 4 a substep let it pass through itself under every solver.
    // A cloth, a surface: the acceleration's rho was fitted on sheets, and on a chain (one
    // line, that a sweep solves whole) it gained energy under the soak's random hand
    // (pendulum_chain, SoakSlow.EverySceneUnderMgpbd). A cloth held by the mouse is free too,
    // its sweeps not accelerated (fallbackSweeps).
    return ctx.settings.block<MgpbdSettings>().sweeps.lines && !ctx.triangles.empty() &&
           !contactsInPlay(ctx) && linesCoverTheCloth(ctx) &&
           !colliderWithinReach(ctx.particles, ctx.colliders, ctx.settings.collisionThickness,
                                kAcceleratedReachFrames * ctx.settings.frameDt);
}

bool MgpbdSolver::linesCoverTheCloth(const StepContext& ctx) {
    // Accelerated sweeps only where lines hold nearly all distance edges (a grid cloth: all
    // but a few): the acceleration's rho was fitted for line sweeps, and the count
    // for a cloth. A soft body without them keeps its sweeps: more of them threw the grabbed
    // stiff beam (MgpbdSolver.GrabDraggingTheStiffBeamDoesNotDiverge). Particles
    // no line passes through (a soft body's beside a cloth) are not extrapolated
    // (EdgeChains::onChain).
    chains_.update(ctx);
    const size_t edges = chains_.distanceCount();
    return edges > 0 && static_cast<double>(chains_.chainedEdges()) >=
                            kAcceleratedMinLineShare * static_cast<double>(edges);
}

Real MgpbdSolver::localSweeps(const StepContext& ctx, int it, Real r, int count, bool keep,
                              bool lines, bool extrapolate) {
    Particles& P = ctx.particles;
    const int n = P.size();
    start_ = P.p;
    lambdaStart_ = lambda_;
    bodyStart_.clear();  // the sweeps project contacts, which move rigid bodies too
    for (const RigidBody& b : ctx.rigid.bodies) bodyStart_.push_back({b.x, b.q});
    const auto t = mgpbd_clock::nowMs();
    resetLambdas(ctx, sweepLambdas_);
    system_.scatterLambda(lambda_, sweepLambdas_);
    // Forward, in rounds, as XPBD's sweeps: array order is the order that gained energy in
    // the explosion sweep_order.h describes.
    sweepOrder_.update(ctx);
    const MgpbdSettings& s = ctx.settings.block<MgpbdSettings>();
    // Lines come with the Chebyshev acceleration, on the particles they pass through (with
    // point sweeps it diverged, see MgpbdFallbackSweeps::chebyshevRho); runs no longer than
    // its delay are left alone.
    const bool accelerate =
        lines && extrapolate && s.sweeps.chebyshevRho > 0 && count > s.sweeps.chebyshevDelay;
    chebyshev_.begin(accelerate ? s.sweeps.chebyshevRho : 0, s.sweeps.chebyshevDelay, P);
    for (int k = 0; k < count; ++k) {
        sweep(ctx, sweepLambdas_,
              {.mode = ProjectionMode::Compliance,
               .dt = dt_,
               .order = &sweepOrder_,
               .chains = lines ? &chains_ : nullptr});
        chebyshev_.afterSweep(k, P, chains_.onChain());
    }
    system_.gatherLambda(sweepLambdas_, lambda_);
    charge(mg_.workSolve, count * kSweepPerEvaluate * system_.evaluateWork());
    mg_.msSolve += msSince(t);
    // Sweeps kept whatever ||b|| says leave b to be reported only: evaluated in the frame's
    // last substep (the one the frame's figures show) and elsewhere unknown, which the next
    // substep reads as "not at rest" (lastResidual_). softbody_on_cloth's 10 substeps of
    // sweeps: one evaluation a frame instead of ten.
    if (keep && !ctx.lastSubstep()) return std::numeric_limits<Real>::infinity();
    const Real swept = evaluate(ctx, dt_, it + 1);
    if (swept <= r || keep) return swept;
        // The sweeps raised ||b|| (they solve the rows one by one, with alpha~ = 0 on hard rows):
        // keep the state before them.
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
    for (int i = 0; i < n; ++i) P.p[i] = start_[i];
    lambda_ = lambdaStart_;
    for (size_t k = 0; k < bodyStart_.size(); ++k) {
        ctx.rigid.bodies[k].x = bodyStart_[k].first;
        ctx.rigid.bodies[k].q = bodyStart_[k].second;
    }
    ++mg_.sweepRejects;
    return r;
}

const SolverStats& MgpbdSolver::stats() const {
    view_.iterations = stats_.iterations;
    view_.residual = stats_.residual;
    view_.residualHistory = stats_.residualHistory;
    view_.budget = BudgetReport{.budgetMs = mg_.budgetUnits / kWorkUnitsPerMs,
                                .workMs = mg_.workUnits / kWorkUnitsPerMs,
                                .linearIterations = mg_.pcgIterations,
                                .fallbackSweeps = mg_.budgetSweeps,
                                .lineSweeps = mg_.lineSweeps,
                                .initialResidual = mg_.initialResidual};
    view_.details.clear();
    visitMgpbdStats(mg_, StatList{view_.details});
    return view_;
}

std::unique_ptr<Solver> makeMgpbdSolver() {
    return std::make_unique<MgpbdSolver>();
}

}  // namespace sim
