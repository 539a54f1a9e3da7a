// MgpbdSolver's linear solves (Algorithm 1 lines 5-8) and the work estimates the frame budget
// reads before them: when the AMG setup is due, what the first global iteration and each PCG
// iteration cost, the PCG cap the budget affords, and the dual and primal solves themselves.
// The outer loop that calls them is mgpbd_solver.cpp.
#include <algorithm>
#include <cmath>
#include <type_traits>

#include "sim/contact/step_context.h"
#include "sim/solvers/mgpbd/mgpbd_cpu_clock.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/solvers/mgpbd/mgpbd_solver.h"

namespace sim {

using mgpbd_clock::msSince;

bool MgpbdSolver::setupDue(const StepContext& ctx, const AmgHierarchy& amg, long lastSetup,
                           bool rebuilt) const {
    return rebuilt || !amg.ready() || lastSetup < 0 ||
           ctx.frame() - lastSetup >=
               std::max(ctx.settings.block<MgpbdSettings>().setupInterval, 1);
}

double MgpbdSolver::afterSolveWork(const MgpbdSettings& s) const {
    // The step, one evaluation of its result, and the local sweeps with theirs.
    const double evaluate = system_.evaluateWork();
    return evaluate + 8.0 * static_cast<double>(system_.slots()) +
           (s.sweeps.local > 0 ? (s.sweeps.local * kSweepPerEvaluate + 1) * evaluate : 0);
}

double MgpbdSolver::firstIterationEstimate(const StepContext& ctx, bool rebuilt) const {
    // Assembly, the hierarchy's refresh, one PCG iteration and what follows it, from the
    // hierarchy when it is this structure's.
    const MgpbdSettings& s = ctx.settings.block<MgpbdSettings>();
    const bool primal = s.system.primal && PrimalSystem::applicable(system_);
    const AmgHierarchy& amg = primal ? primalAmg_ : amg_;
    const double nnz =
        static_cast<double>(primal ? primalSystem_.K.nonZeros() : system_.A.nonZeros());
    const bool known =
        !rebuilt && amg.ready() && (primal || amgStructure_ == system_.structureVersion());
    double estimate = afterSolveWork(s) + static_cast<double>(primal ? primalSystem_.fillProducts()
                                                                     : system_.fillProducts());
    // A global iteration is only worth its assembly and Galerkin refresh with a few PCG
    // iterations: one or two left the cloth scenes worse than the sweeps the same work buys
    // (docs/notes/mgpbd-budget.md).
    const double pcgIterations = std::max(s.budget.minPcgIterations, 1);
    if (s.system.jacobiPreconditioner && !primal) return estimate + pcgIterations * 2 * nnz;
    // The refresh and the PCG iterations (no hierarchy yet: ~3 SpMVs each).
    const double iteration = known ? amg.refreshWork() + pcgIterations * (nnz + amg.cycleWork())
                                   : pcgIterations * 3 * nnz;
    const long lastSetup = primal ? lastPrimalSetupFrame_ : lastSetupFrame_;
    if (known && !setupDue(ctx, amg, lastSetup, false)) return estimate + iteration;
    // A setup: the periodic one runs whatever its own cost (that frame may exceed the
    // budget, one in setupInterval) when the rest of a global iteration would fit, one forced
    // by a new structure (tearing, cutting) only if its whole estimate fits; until then the
    // substeps sweep (XPBD on the same rows). A periodic setup forced on substeps whose
    // budget affords only sweeps left them one truncated global step, which tore the
    // cloth apart in strain (softbody_on_cloth, docs/notes/mgpbd-budget.md).
    const bool periodic = lastSetup < 0 || ctx.frame() - lastSetup >= std::max(s.setupInterval, 1);
    if (periodic) return estimate + iteration;
    const double perNonZero = amg.ready() && amg.levelNonZeros(0) > 0
                                  ? amg.setupWork() / static_cast<double>(amg.levelNonZeros(0))
                                  : kSetupSpmvs + kSetupRefreshes * 4;
    return estimate + perNonZero * nnz + (kSetupRefreshes + 12) * nnz;
}

int MgpbdSolver::pcgCap(const MgpbdSettings& s, bool first, double perIteration,
                        double reserve) const {
    if (!work_.limited()) return s.system.pcgMaxIterations;
    const double left = work_.left() - reserve;
    int affordable = left > 0 ? static_cast<int>(left / std::max(perIteration, 1.0)) : 0;
    if (first) affordable = std::max(affordable, s.budget.minPcgIterations);
    return std::clamp(affordable, 1, s.system.pcgMaxIterations);
}

int MgpbdSolver::solveDual(const StepContext& ctx, bool firstIteration, bool rebuilt) {
    const MgpbdSettings& s = ctx.settings.block<MgpbdSettings>();
    auto t = mgpbd_clock::nowMs();
    system_.fillMatrix(ctx);  // line 5
    charge(mg_.workAssemble, static_cast<double>(system_.fillProducts()));
    mg_.msAssemble += msSince(t);

    t = mgpbd_clock::nowMs();  // line 7: lazy setup, else Galerkin refresh with P reused
    if (s.system.jacobiPreconditioner) {
        // the baseline needs no hierarchy
    } else if (firstIteration && setupDue(ctx, amg_, lastSetupFrame_,
                                          rebuilt || amgStructure_ != system_.structureVersion())) {
        // (the structure check covers solves that went through the primal system or Jacobi
        // while the topology changed: their hierarchy is not this A's)
        if (s.system.amg.candidates == MgpbdCandidates::Strain) system_.strainModes(ctx, strain_);
        bool tetRows = false;
        visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
            tetRows = tetRows || (std::decay_t<decltype(traits)>::volumetric && !array.empty());
        });
        amg_.setup(system_.A, s.system.dualAmgOptions(tetRows), &strain_);
        amgStructure_ = system_.structureVersion();
        lastSetupFrame_ = ctx.frame();
        charge(mg_.workSetup, amg_.setupWork());
        mg_.setup = true;
        mg_.msSetup += msSince(t);
    } else {
        refreshOperators(amg_, system_.A, firstIteration || s.system.galerkinEveryIteration, t);
    }

    t = mgpbd_clock::nowMs();  // line 8
    const Preconditioner vcycle = [this](const Vector& in, Vector& out) { amg_.vcycle(in, out); };
    const Preconditioner jacobi = [this](const Vector& in, Vector& out) {
        out.resize(in.size());
        for (size_t i = 0; i < in.size(); ++i) out[i] = in[i] / diag_[i];
    };
    if (s.system.jacobiPreconditioner) diagonal(system_.A, diag_);
    const double n = system_.rows();
    const double perIteration = static_cast<double>(system_.A.nonZeros()) + 10 * n +
                                (s.system.jacobiPreconditioner ? n : amg_.cycleWork());
    const int cap = pcgCap(s, firstIteration, perIteration, afterSolveWork(s));
    const PcgResult result = pcg(
        system_.A, system_.b, dlambda_, s.system.jacobiPreconditioner ? jacobi : vcycle,
        pcgTolerance_, cap, pcgWork_, s.system.amg.floatVCycle && !s.system.jacobiPreconditioner);
    charge(mg_.workSolve, perIteration * result.iterations);
    if (!(result.relativeResidual <= pcgTolerance_)) ++mg_.pcgCapHits;
    mg_.msSolve += msSince(t);
    return result.iterations;
}

void MgpbdSolver::refreshOperators(AmgHierarchy& amg, const CsrMatrix& A, bool allLevels,
                                   double since) {
    if (allLevels) {
        amg.refresh(A);
        charge(mg_.workGalerkin, amg.refreshWork());
    } else {
        amg.refreshFinest(A);
        charge(mg_.workGalerkin, amg.refreshFinestWork());
    }
    mg_.msGalerkin += msSince(since);
}

int MgpbdSolver::solvePrimal(const StepContext& ctx, bool firstIteration, bool rebuilt) {
    const MgpbdSettings& s = ctx.settings.block<MgpbdSettings>();
    auto t = mgpbd_clock::nowMs();
    rebuilt = primalSystem_.update(ctx, system_) || rebuilt;
    primalSystem_.fill(ctx, system_);
    charge(mg_.workAssemble, static_cast<double>(primalSystem_.fillProducts()));
    mg_.msAssemble += msSince(t);
    t = mgpbd_clock::nowMs();
    if (firstIteration && setupDue(ctx, primalAmg_, lastPrimalSetupFrame_, rebuilt)) {
        primalSystem_.setupAmg(ctx, s.system.primalAmgOptions(), primalAmg_);
        lastPrimalSetupFrame_ = ctx.frame();
        charge(mg_.workSetup, primalAmg_.setupWork());
        mg_.setup = true;
        mg_.msSetup += msSince(t);
    } else {
        refreshOperators(primalAmg_, primalSystem_.K,
                         firstIteration || s.system.galerkinEveryIteration, t);
    }
    t = mgpbd_clock::nowMs();
    const double slots = static_cast<double>(system_.slots());
    const double perIteration = static_cast<double>(primalSystem_.K.nonZeros()) +
                                10.0 * primalSystem_.K.rows + primalAmg_.cycleWork() + 3 * slots;
    const int cap = pcgCap(s, firstIteration, perIteration, afterSolveWork(s));
    const PcgResult result =
        primalSystem_.solve(ctx, system_, primalAmg_, pcgTolerance_, cap,
                            s.system.primalAmg.floatVCycle, pcgWork_, dlambda_);
    charge(mg_.workSolve, perIteration * result.iterations + 4 * slots);
    const bool converged = result.relativeResidual <= pcgTolerance_;
    if (!converged) ++mg_.pcgCapHits;
    if (s.system.primalResidual) {
        // dx = y - M^-1 g (PrimalSystem::positionStep): a truncated y leaves its residual in
        // the next iteration's g instead of in a wrong dlambda, so it is a full step.
        primalSystem_.positionStep(dx_);
        directStep_ = true;
        charge(mg_.workSolve, 3.0 * primalSystem_.K.rows);
    } else if (!converged) {
        // Without g, a primal iterate short of convergence can map to a dual step far worse
        // than none: dlambda = D^-1 (b - J y) amplifies y's error by 1/alpha~ (a capped PCG
        // drove the dual residual to NaN within a few outer iterations;
        // docs/notes/mgpbd-linear-solve.md). So it is scaled to minimise
        // ||b - s A dlambda|| over s in
        // [0, 1], with A dlambda = alpha~ dlambda + J W J^T dlambda applied matrix-free.
        system_.positionDelta(ctx, dlambda_, dx_);
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

void MgpbdSolver::addPrimalResidual(const StepContext& ctx) {
    // M^-1 g = (x - x~) - M^-1 grad C^T lambda, zero on pinned particles; b += grad C M^-1 g.
    const Particles& P = ctx.particles;
    system_.positionDelta(ctx, lambda_, primal_);
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

}  // namespace sim
