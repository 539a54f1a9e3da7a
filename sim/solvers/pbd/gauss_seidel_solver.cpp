#include "sim/solvers/pbd/gauss_seidel_solver.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/collision/collision_stage.h"
#include "sim/constraints/constraint_visit.h"
#include "sim/constraints/projection.h"
#include "sim/core/world.h"
#include "sim/solvers/residual.h"

namespace sim {

namespace {

// Projects one constraint of cardinality N given its particle indices, value and gradients.
// No particle moves more than maxStep in one projection: a nonlinear constraint's Newton
// step (eq. 5) on a badly stretched element can be far larger than the element, and
// accepting it feeds the stretch that caused it.
// Always inlined into the sweep: called out of line it cost a tenth of tearable_cloth's
// solve in call overhead and gradient round trips through memory (perf).
template <int N>
[[gnu::always_inline]] inline void applyProjection(Particles& P, const std::array<int, N>& idx, Real C, const Vec3 (&grad)[N],
                     const ProjectionParams& params, Real complianceScale, Real& lambda,
                     Real maxStep) {
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

// One pass over a constraint array, forward or backward, in `order` (sweep_order.h) or, when
// it is empty, array order. lambda: one per constraint (XPBD), or null in stiffness mode,
// which never reads it.
template <class Traits, class Array>
[[gnu::always_inline]] inline void projectArray(Particles& P, const Array& array,
                                                const ProjectionParams& params, Real* lambda,
                                                bool backward,
                                                const std::vector<uint32_t>* order = nullptr) {
    constexpr int N = Traits::arity;
    Real unused = 0;
    const size_t n = array.size();
    const uint32_t* perm = order && order->size() == n ? order->data() : nullptr;
    for (size_t k = 0; k < n; ++k) {
        const size_t step = backward ? n - 1 - k : k;
        const size_t c = perm ? perm[step] : step;
        const auto& con = array[c];
        Vec3 g[N];
        const Real C = Traits::evaluate(con, P.p, g);
        if (Traits::unilateral && C >= 0) continue;
        applyProjection<N>(P, Traits::indices(con), C, g, params, con.complianceScale,
                           lambda ? lambda[c] : unused, Traits::maxStep(con));
    }
}

}  // namespace

void GaussSeidelSolver::resetLambdas(const World& world, LambdaSet& lambdas) {
    size_t type = 0;
    visitConstraints(world.constraints, [&](const auto& array, const auto&) {
        if (lambdas.size() <= type) lambdas.resize(type + 1);
        lambdas[type++].assign(array.size(), 0.0);
    });
}

void GaussSeidelSolver::sweep(World& world, ProjectionMode mode, Real dt, int iterations,
                              LambdaSet& lambdas, bool backward, const SweepOrder* order) {
    Particles& P = world.particles;
    size_t type = 0;
    visitConstraints(world.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        const ProjectionParams params =
            makeProjection(mode, Traits::material(world.settings), iterations, dt);
        projectArray<Traits>(P, array, params, lambdas[type].data(), backward,
                             order ? &order->of(type) : nullptr);
        ++type;
    });
    projectCollisions(world, dt);
}

void GaussSeidelSolver::projectUnilateral(World& world) {
    visitConstraints(world.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        if constexpr (Traits::unilateral) {
            const ProjectionParams hard =
                makeProjection(ProjectionMode::Stiffness, Traits::material(world.settings), 1, 1);
            projectArray<Traits>(world.particles, array, hard, nullptr, false);
        }
    });
}

void GaussSeidelSolver::solve(World& world, Real dt) {
    resetLambdas(world, lambdas_);
    order_.update(world);
    const int iterations = world.settings.iterations;
    for (int it = 0; it < iterations; ++it) sweep(world, mode_, dt, iterations, lambdas_, false, &order_);
    stats_.iterations = iterations;
    if (world.settings.trackResidual) stats_.residual = dualResidual(world, mode_, dt, lambdas_);
}

}  // namespace sim
