#include "sim/sweeps/sweeps.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "sim/constraints/constraint_set.h"
#include "sim/constraints/projection.h"
#include "sim/contact/collision_stage.h"
#include "sim/contact/step_context.h"
#include "sim/sweeps/block_step.h"

namespace sim {

namespace {

// Projects one constraint of cardinality N given its particle indices, value and gradients.
// No particle moves more than maxStep in one projection: a nonlinear constraint's Newton
// step (eq. 5) on a badly stretched element can be far larger than the element, and
// accepting it feeds the stretch that caused it.
// Always inlined into the sweep: called out of line it cost a tenth of tearable_cloth's
// solve in call overhead and gradient round trips through memory (perf).
// idx: a std::array (fixed arity, its size a constant) or a span (variable arity).
template <class Idx>
[[gnu::always_inline]] inline void applyProjection(Particles& P, const Idx& idx, Real C,
                                                   const Vec3* grad, const ProjectionParams& params,
                                                   Real complianceScale, Real& lambda,
                                                   Real maxStep) {
    const int N = static_cast<int>(idx.size());
    // Squared norms only: the step bound compares (w |g|)^2, so no square root per particle.
    Real sum = 0, maxWGrad2 = 0;
    for (int k = 0; k < N; ++k) {
        const Real w = P.w[idx[k]], g2 = grad[k].squaredNorm();
        sum += w * g2;
        maxWGrad2 = std::max(maxWGrad2, w * w * g2);
    }
    const Real lambdaBefore = lambda;
    Real s = projectionScale(C, sum, params, complianceScale, lambda);
    if (s == 0) return;
    if (s * s * maxWGrad2 > maxStep * maxStep) {
        s *= maxStep / (std::abs(s) * std::sqrt(maxWGrad2));
        if (params.mode == ProjectionMode::Compliance) lambda = lambdaBefore + s;
    }
    for (int k = 0; k < N; ++k) P.p[idx[k]] += s * P.w[idx[k]] * grad[k];
}

// Projects all R rows of one multi-row constraint at once (one evaluation, e.g. one polar
// decomposition per tet): the block step of block_step.h, with PBD's k' scaling the step in
// stiffness mode (no compliance, no multipliers).
template <int N, int R>
void applyBlockProjection(Particles& P, const std::array<int, N>& idx, const Real (&C)[R],
                          const Vec3 (&g)[R][N], const ProjectionParams& params,
                          Real complianceScale, Real* lambda, Real maxStep) {
    const bool xpbd = params.mode == ProjectionMode::Compliance;
    const Real at = xpbd ? params.alphaTilde * complianceScale : 0;
    const Real none[R] = {};
    Eigen::Matrix<Real, R, 1> dl = blockStep<R>(
        N, [&](int k) { return P.w[idx[k]]; }, [&](int a, int k) -> const Vec3& { return g[a][k]; },
        C, at, xpbd ? lambda : none);
    if (!xpbd) dl *= params.kPrime;
    if (!dl.allFinite()) return;
    Vec3 dp[N];
    Real maxMove2 = 0;
    for (int k = 0; k < N; ++k) {
        dp[k].setZero();
        for (int a = 0; a < R; ++a) dp[k] += dl[a] * g[a][k];
        dp[k] *= P.w[idx[k]];
        maxMove2 = std::max(maxMove2, dp[k].squaredNorm());
    }
    Real scale = 1;
    if (maxMove2 > maxStep * maxStep) scale = maxStep / std::sqrt(maxMove2);
    if (xpbd)
        for (int a = 0; a < R; ++a) lambda[a] += scale * dl[a];
    for (int k = 0; k < N; ++k) P.p[idx[k]] += scale * dp[k];
}

// One pass over a constraint array, forward or backward, in `order` (sweep_order.h) or, when
// it is empty, array order. lambda: `rows` per constraint (XPBD), or null in stiffness
// mode, which never reads it.
template <class Traits, class Array>
[[gnu::always_inline]] inline void projectArray(Particles& P, const Array& array,
                                                const ProjectionParams& params, Real* lambda,
                                                bool backward,
                                                const std::vector<uint32_t>* order = nullptr,
                                                const EdgeChains* chained = nullptr) {
    constexpr int R = Traits::rows;
    Real unused[R] = {};
    const size_t n = array.size();
    const uint32_t* perm = order && order->size() == n ? order->data() : nullptr;
    for (size_t k = 0; k < n; ++k) {
        const size_t step = backward ? n - 1 - k : k;
        const size_t c = perm ? perm[step] : step;
        if (chained && chained->contains(c)) continue;  // projected with its chain
        const auto& con = array[c];
        Real* lam = lambda ? lambda + c * R : unused;
        if constexpr (kVariableArityOf<Traits>) {
            RowEval<Traits> eval;  // its gradients in a per-thread buffer (no allocation)
            eval(con, P.p);
            applyProjection(P, Traits::indices(con), eval.C[0], eval.g(0), params,
                            con.complianceScale, *lam, Traits::maxStep(con));
        } else if constexpr (R == 1) {
            constexpr int N = Traits::arity;
            Vec3 g[N];
            const Real C = Traits::evaluate(con, P.p, g);
            if (Traits::unilateral && C >= 0) continue;
            applyProjection(P, Traits::indices(con), C, g, params, con.complianceScale, *lam,
                            Traits::maxStep(con));
        } else {
            constexpr int N = Traits::arity;
            static_assert(!Traits::unilateral,
                          "multi-row unilateral constraints are not supported");
            Real C[R];
            Vec3 g[R][N];
            Traits::evaluate(con, P.p, C, g);
            applyBlockProjection<N, R>(P, Traits::indices(con), C, g, params, con.complianceScale,
                                       lam, Traits::maxStep(con));
        }
    }
}

}  // namespace

void resetLambdas(const StepContext& ctx, LambdaSet& lambdas) {
    size_t type = 0;
    visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        if (lambdas.size() <= type) lambdas.resize(type + 1);
        lambdas[type++].assign(array.size() * Traits::rows, 0.0);
    });
}

void sweep(const StepContext& ctx, LambdaSet& lambdas, const SweepOptions& options) {
    Particles& P = ctx.particles;
    const EdgeChains* chains = options.chains;
    size_t type = 0;
    visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        const ProjectionParams params = makeProjection(options.mode, Traits::material(ctx.settings),
                                                       options.iterations, options.dt);
        Real* lambda = lambdas[type].data();
        const std::vector<uint32_t>* visit = options.order ? &options.order->of(type) : nullptr;
        if constexpr (Traits::chainable) {
            if (chains && chains->count() > 0) {
                projectArray<Traits>(P, array, params, lambda, options.backward, visit, chains);
                for (size_t c = 0; c < chains->count(); ++c)
                    chains->project(c, P, array, params, lambda);
                ++type;
                return;
            }
        }
        projectArray<Traits>(P, array, params, lambda, options.backward, visit);
        ++type;
    });
    projectCollisions(ctx, options.dt);
}

void projectUnilateral(const StepContext& ctx) {
    visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        if constexpr (Traits::unilateral) {
            const ProjectionParams hard =
                makeProjection(ProjectionMode::Stiffness, Traits::material(ctx.settings), 1, 1);
            projectArray<Traits>(ctx.particles, array, hard, nullptr, false);
        }
    });
}

void projectDense(const StepContext& ctx, Real dt, int passes) {
    static thread_local std::vector<Real> lambda;  // one per dense constraint, reused
    visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        if constexpr (Traits::dense) {
            const ProjectionParams params =
                makeProjection(ProjectionMode::Compliance, Traits::material(ctx.settings), 1, dt);
            lambda.assign(array.size() * Traits::rows, 0.0);
            for (int pass = 0; pass < passes; ++pass)
                projectArray<Traits>(ctx.particles, array, params, lambda.data(), false);
        }
    });
}

}  // namespace sim
