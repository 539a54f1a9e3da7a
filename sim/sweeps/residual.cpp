#include "sim/sweeps/residual.h"

#include <cmath>

#include "sim/constraints/constraint_set.h"
#include "sim/contact/step_context.h"

namespace sim {

double dualResidual(const StepContext& ctx, ProjectionMode mode, Real dt,
                    const std::vector<std::vector<Real>>& lambdas) {
    const Particles& P = ctx.particles;
    const bool xpbd = mode == ProjectionMode::Compliance;
    double sum = 0;
    size_t type = 0;
    visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        constexpr int R = Traits::rows;
        const std::vector<Real>* lambda = type < lambdas.size() ? &lambdas[type] : nullptr;
        ++type;
        if (Traits::unilateral) return;
        const Real at = Traits::material(ctx.settings).compliance / (dt * dt);
        RowEval<Traits> eval;
        for (size_t c = 0; c < array.size(); ++c) {
            bool moves = false;
            for (int i : Traits::indices(array[c])) moves = moves || P.w[i] > 0;
            if (!moves) continue;
            eval(array[c], P.p);
            for (int row = 0; row < R; ++row) {
                Real r = -eval.C[row];
                if (xpbd && lambda && (c + 1) * R <= lambda->size())
                    r -= at * array[c].complianceScale * (*lambda)[c * R + row];
                sum += r * r;
            }
        }
    });
    return std::sqrt(sum);
}

}  // namespace sim
