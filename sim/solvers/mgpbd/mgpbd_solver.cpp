#include "sim/solvers/mgpbd/mgpbd_solver.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "sim/collision/collision_stage.h"
#include "sim/core/world.h"
#include "sim/solvers/pbd/gauss_seidel_solver.h"

namespace sim {

namespace {
using Clock = std::chrono::steady_clock;
double msSince(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}
}  // namespace

void MgpbdSolver::solve(World& world, Real dt) {
    const MgpbdSettings& s = world.settings.mgpbd;
    const auto start = Clock::now();
    stats_.residualHistory.clear();
    times_.clear();
    double msAssemble = 0, msSetup = 0, msGalerkin = 0, msSolve = 0;
    int pcgIterations = 0;

    auto t = Clock::now();
    const bool rebuilt = system_.update(world);
    msSetup += msSince(t);
    const int rows = system_.rows();
    lambda_.assign(rows, 0.0);  // line 2
    Particles& P = world.particles;
    if (s.primalResidual) predicted_ = P.p;
    Real omega = s.relaxation;
    usedPrimal_ = false;
    minPrimalStepScale_ = 1;
    minOmega_ = 1;
    Real b0 = 0, previous = 0;
    const int n = P.size();
    // Lines 4 and 6 (and g, MgpbdSettings::primalResidual): b at the current x and lambda.
    const auto evaluate = [&](int it) {
        t = Clock::now();
        system_.evaluate(world, dt, lambda_);
        if (s.primalResidual && it > 0) addPrimalResidual(world);
        msAssemble += msSince(t);
        return norm(system_.b);
    };
    Real r = evaluate(0);
    int it = 0;
    for (;; ++it) {
        stats_.residualHistory.push_back(r);
        times_.push_back(msSince(start));
        if (it == 0) b0 = r;
        if (rows == 0 || it >= s.maxIterations || r < s.atol || (s.rtol > 0 && r < s.rtol * b0))
            break;
        if (s.timeBudgetMs > 0 && msSince(start) > s.timeBudgetMs) break;
        if (s.backtracking && it > 0 && r > previous) omega = std::max(omega * 0.5, 1.0 / 1024);
        previous = r;

        if (it == 0) usedPrimal_ = s.primalSystem && PrimalSystem::applicable(system_);
        pcgTolerance_ = s.pcgTolerance;
        if (s.inexactSolves && r > 0)
            pcgTolerance_ = std::max(s.pcgTolerance, std::min(Real(0.1), Real(0.5) * s.atol / r));
        Timings times{msAssemble, msSetup, msGalerkin, msSolve};
        pcgIterations += usedPrimal_ ? solvePrimal(world, it == 0, rebuilt, times)
                                     : solveDual(world, it == 0, rebuilt, times);
        t = Clock::now();
        system_.positionDelta(world, dlambda_, dx_);  // line 9
        axpy(1.0, dlambda_, lambda_);                 // line 10
        if (s.primalResidual && it > 0)
#pragma omp parallel for schedule(static)
            for (int i = 0; i < n; ++i) dx_[i] -= primal_[i];
        if (s.lineSearch) start_ = P.p;
        Real step = omega;
#pragma omp parallel for schedule(static)
        for (int i = 0; i < n; ++i) P.p[i] += step * dx_[i];  // line 11
        msSolve += msSince(t);
        r = evaluate(it + 1);
        // Line search: retry the step from the same x with omega halved while ||b|| grew.
        for (int h = 0; s.lineSearch && h < s.lineSearchHalvings && !(r <= previous); ++h) {
            step *= 0.5;
#pragma omp parallel for schedule(static)
            for (int i = 0; i < n; ++i) P.p[i] = start_[i] + step * dx_[i];
            r = evaluate(it + 1);
        }
        minOmega_ = std::min(minOmega_, step);
    }
    // Unilateral types (separation between bodies) are not rows of the dual system; like the
    // collider contacts they are projected once after the elastic loop (§5.4), as hard constraints.
    GaussSeidelSolver::projectUnilateral(world);
    projectCollisions(world, dt);  // §5.4: collider and self contacts after the elastic loop
    stats_.iterations = it;
    stats_.residual = stats_.residualHistory.back();
    fillStats(pcgIterations, msAssemble, msSetup, msGalerkin, msSolve, s.lineSearch);
}

bool MgpbdSolver::setupDue(const World& world, const AmgHierarchy& amg, long lastSetup,
                           bool rebuilt) const {
    return rebuilt || !amg.ready() || lastSetup < 0 ||
           world.frame() - lastSetup >= std::max(world.settings.mgpbd.setupInterval, 1);
}

int MgpbdSolver::solveDual(const World& world, bool firstIteration, bool rebuilt, Timings& ms) {
    const MgpbdSettings& s = world.settings.mgpbd;
    auto t = Clock::now();
    system_.fillMatrix(world);  // line 5
    ms.assemble += msSince(t);

    t = Clock::now();  // line 7: lazy setup, else Galerkin refresh with P reused
    if (s.jacobiPreconditioner) {
        // the baseline needs no hierarchy
    } else if (firstIteration &&
               setupDue(world, amg_, lastSetupFrame_,
                        rebuilt || amgStructure_ != system_.structureVersion())) {
        // (the structure check covers solves that went through the primal system or Jacobi
        // while the topology changed: their hierarchy is not this A's)
        if (s.candidates == MgpbdCandidates::Strain) system_.strainModes(world, strain_);
        amg_.setup(system_.A, s, &strain_);
        amgStructure_ = system_.structureVersion();
        lastSetupFrame_ = world.frame();
        ms.setup += msSince(t);
    } else {
        amg_.refresh(system_.A);
        ms.galerkin += msSince(t);
    }

    t = Clock::now();  // line 8
    const Preconditioner vcycle = [this](const Vector& in, Vector& out) { amg_.vcycle(in, out); };
    const Preconditioner jacobi = [this](const Vector& in, Vector& out) {
        out.resize(in.size());
        for (size_t i = 0; i < in.size(); ++i) out[i] = in[i] / diag_[i];
    };
    if (s.jacobiPreconditioner) diagonal(system_.A, diag_);
    const PcgResult result =
        pcg(system_.A, system_.b, dlambda_, s.jacobiPreconditioner ? jacobi : vcycle,
            pcgTolerance_, s.pcgMaxIterations, pcgWork_, s.floatVCycle && !s.jacobiPreconditioner);
    ms.solve += msSince(t);
    return result.iterations;
}

int MgpbdSolver::solvePrimal(const World& world, bool firstIteration, bool rebuilt, Timings& ms) {
    const MgpbdSettings& s = world.settings.mgpbd;
    auto t = Clock::now();
    rebuilt = primalSystem_.update(world, system_) || rebuilt;
    primalSystem_.fill(world, system_);
    ms.assemble += msSince(t);
    t = Clock::now();
    if (firstIteration && setupDue(world, primalAmg_, lastPrimalSetupFrame_, rebuilt)) {
        primalSystem_.setupAmg(world, s.primalAmgSettings(), primalAmg_);
        lastPrimalSetupFrame_ = world.frame();
        ms.setup += msSince(t);
    } else {
        primalAmg_.refresh(primalSystem_.K);
        ms.galerkin += msSince(t);
    }
    t = Clock::now();
    const PcgResult result =
        primalSystem_.solve(world, system_, primalAmg_, pcgTolerance_, s.pcgMaxIterations,
                            s.primalFloatVCycle, pcgWork_, dlambda_);
    // A primal iterate short of convergence can map to a dual step far worse than none:
    // dlambda = D^-1 (b - J y) amplifies y's error by 1/alpha~ (measured: PCG capped at 10
    // iterations drove the dual residual to 1e20 within 10 outer iterations, then NaN). So
    // an unconverged step is scaled to minimise ||b - s A dlambda|| over s in [0, 1], with
    // A dlambda = alpha~ dlambda + J W J^T dlambda applied matrix-free.
    if (!(result.relativeResidual <= pcgTolerance_)) {
        system_.positionDelta(world, dlambda_, dx_);
        scratch_.resize(dlambda_.size());
        for (size_t r = 0; r < dlambda_.size(); ++r) scratch_[r] = system_.alphaTilde[r] * dlambda_[r];
        system_.addGradientTimes(dx_, scratch_);
        const Real qq = dot(scratch_, scratch_), bq = dot(system_.b, scratch_);
        const Real scale = qq > 0 && std::isfinite(bq) ? std::clamp(bq / qq, Real(0), Real(1)) : Real(0);
        for (Real& v : dlambda_) v *= scale;
        minPrimalStepScale_ = std::min(minPrimalStepScale_, scale);
    }
    ms.solve += msSince(t);
    return result.iterations;
}

void MgpbdSolver::addPrimalResidual(const World& world) {
    // M^-1 g = (x - x~) - M^-1 grad C^T lambda, zero on pinned particles; b += grad C M^-1 g.
    const Particles& P = world.particles;
    system_.positionDelta(world, lambda_, primal_);
    const int n = P.size();
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; ++i)
        primal_[i] = P.w[i] > 0 ? Vec3(P.p[i] - predicted_[i] - primal_[i]) : Vec3::Zero();
    system_.addGradientTimes(primal_, system_.b);
}

void MgpbdSolver::fillStats(int pcgIterations, double msAssemble, double msSetup,
                            double msGalerkin, double msSolve, bool lineSearch) {
    auto& e = stats_.extra;
    e.clear();
    e.emplace_back("pcg iterations", pcgIterations);
    e.emplace_back("ms assemble", msAssemble);
    e.emplace_back("ms setup", msSetup);
    e.emplace_back("ms galerkin", msGalerkin);
    e.emplace_back("ms solve", msSolve);
    e.emplace_back("constraints", system_.rows());
    e.emplace_back("primal system", usedPrimal_ ? 1 : 0);
    if (usedPrimal_) e.emplace_back("primal step scale (min)", minPrimalStepScale_);
    if (lineSearch) e.emplace_back("line search omega (min)", minOmega_);
    const AmgHierarchy& amg = usedPrimal_ ? primalAmg_ : amg_;
    if (amg.ready()) {
        e.emplace_back("levels", amg.levelCount());
        for (int l = 0; l < amg.levelCount(); ++l)
            e.emplace_back("level " + std::to_string(l) + " size", amg.levelSize(l));
        e.emplace_back("operator complexity", amg.operatorComplexity());
    }
}

}  // namespace sim
