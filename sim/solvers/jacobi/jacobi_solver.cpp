#include "sim/solvers/jacobi/jacobi_solver.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <type_traits>

#include "sim/constraints/constraint_set.h"
#include "sim/contact/collision_stage.h"
#include "sim/contact/step_context.h"
#include "sim/sweeps/block_step.h"
#include "sim/sweeps/residual.h"

namespace sim {

namespace {

// n_i w_i, n_i the constraints on particle i (the mass split of the header).
void splitMasses(const StepContext& ctx, std::vector<int>& count, std::vector<Real>& splitW) {
    const Particles& P = ctx.particles;
    count.assign(P.x.size(), 0);
    visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        for (const auto& c : array)
            for (int i : Traits::indices(c)) ++count[i];
    });
    splitW.resize(count.size());
    for (size_t i = 0; i < count.size(); ++i) splitW[i] = P.w[i] * std::max(count[i], 1);
}

// The local step of one constraint's R rows from positions p with split inverse masses: adds
// its corrections (true inverse masses) to delta and its dlambda to lambda, both times omega. No
// particle moves more than the type's maxStep in one projection (as the sweeps bound it).
template <class Traits>
void projectJacobi(const typename Traits::Type& con, const std::vector<Vec3>& p,
                   const std::vector<Real>& w, const std::vector<Real>& splitW, Real alphaTilde,
                   Real* lambda, std::vector<Vec3>& delta) {
    constexpr int R = Traits::rows;
    RowEval<Traits> eval;
    eval(con, p);
    if constexpr (Traits::unilateral)
        if (eval.C[0] >= 0) return;
    const auto idx = Traits::indices(con);
    const int N = eval.arity;
    using VecR = Eigen::Matrix<Real, R, 1>;
    const Real at = alphaTilde * con.complianceScale;
    VecR dl;
    if constexpr (R == 1) {
        Real sum = 0;
        for (int k = 0; k < N; ++k) sum += splitW[idx[k]] * eval.g(0)[k].squaredNorm();
        if (sum + at < 1e-12) return;
        dl[0] = (-eval.C[0] - at * lambda[0]) / (sum + at);
    } else {
        dl = blockStep<R>(
            N, [&](int k) { return splitW[idx[k]]; },
            [&](int a, int k) -> const Vec3& { return eval.g(a)[k]; }, eval.C, at, lambda);
    }
    dl *= JacobiSolver::kRelaxation;
    if (!dl.allFinite()) return;
    Real maxMove2 = 0;
    for (int k = 0; k < N; ++k) {
        Vec3 dp = Vec3::Zero();
        for (int a = 0; a < R; ++a) dp += dl[a] * eval.g(a)[k];
        maxMove2 = std::max(maxMove2, (w[idx[k]] * dp).squaredNorm());
    }
    const Real maxStep = Traits::maxStep(con);
    if (maxMove2 > maxStep * maxStep) dl *= maxStep / std::sqrt(maxMove2);
    for (int a = 0; a < R; ++a) lambda[a] += dl[a];
    for (int k = 0; k < N; ++k)
        for (int a = 0; a < R; ++a) delta[idx[k]] += w[idx[k]] * dl[a] * eval.g(a)[k];
}

// One Jacobi iteration: every constraint from the same positions, then all moves at once.
void iterate(const StepContext& ctx, Real dt, const std::vector<Real>& splitW, LambdaSet& lambdas,
             std::vector<Vec3>& delta) {
    Particles& P = ctx.particles;
    delta.assign(P.p.size(), Vec3::Zero());
    size_t type = 0;
    visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        const Real alphaTilde = Traits::material(ctx.settings).compliance / (dt * dt);
        Real* lambda = lambdas[type++].data();
        for (size_t c = 0; c < array.size(); ++c)
            projectJacobi<Traits>(array[c], P.p, P.w, splitW, alphaTilde, lambda + c * Traits::rows,
                                  delta);
    });
    for (size_t i = 0; i < delta.size(); ++i) P.p[i] += delta[i];
    projectCollisions(ctx, dt);
}

}  // namespace

void JacobiSolver::solve(const StepContext& ctx, Real dt) {
    resetLambdas(ctx, lambdas_);
    splitMasses(ctx, count_, splitW_);
    const int iterations = ctx.settings.iterations;
    for (int it = 0; it < iterations; ++it) iterate(ctx, dt, splitW_, lambdas_, delta_);
    stats_.iterations = iterations;
    if (ctx.residualWanted())
        stats_.residual = dualResidual(ctx, ProjectionMode::Compliance, dt, lambdas_);
}

std::unique_ptr<Solver> makeJacobiSolver() {
    return std::make_unique<JacobiSolver>();
}

}  // namespace sim
