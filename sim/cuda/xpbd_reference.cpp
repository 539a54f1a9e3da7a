#include "sim/cuda/xpbd_reference.h"

#include <algorithm>
#include <cmath>

#include "sim/contact/step_context.h"

namespace sim::cuda {

namespace {

// XPBD projection of one row with the Gauss-Seidel solver's rule (gauss_seidel_solver.cpp,
// applyProjection in compliance mode): the step bound limits the largest particle move.
void projectRow(Particles& P, const int* idx, int n, Real C, const Vec3 g[4], Real at, Real maxStep,
                Real& lambda) {
    Real sum = 0, maxWGrad2 = 0;
    for (int k = 0; k < n; ++k) {
        const Real w = P.w[idx[k]], g2 = g[k].squaredNorm();
        sum += w * g2;
        maxWGrad2 = std::max(maxWGrad2, w * w * g2);
    }
    const Real denom = sum + at;
    if (denom < 1e-12) return;
    const Real lambdaBefore = lambda;
    Real s = (-C - at * lambda) / denom;
    lambda += s;
    if (s == 0) return;
    if (s * s * maxWGrad2 > maxStep * maxStep) {
        s *= maxStep / (std::abs(s) * std::sqrt(maxWGrad2));
        lambda = lambdaBefore + s;
    }
    for (int k = 0; k < n; ++k) P.p[idx[k]] += s * P.w[idx[k]] * g[k];
}

}  // namespace

void xpbdJacobiSweep(const StepContext& ctx, Real dt, const RowTable& table,
                     const std::vector<int>& degree, std::vector<Real>& lambda,
                     std::vector<Vec3>& dx) {
    Particles& P = ctx.particles;
    dx.assign(P.size(), Vec3::Zero());
    for (int r = 0; r < table.size(); ++r) {
        const int* idx = table.slotParticle.data() + table.slotStart[r];
        const int n = table.arity(r);
        Vec3 g[4];
        const Real C = evaluateRow(ctx, P.p, table.rows[r], g);
        const RowMaterial m = rowMaterial(ctx, table.rows[r]);
        Real sum = 0;
        int deg = 1;
        for (int k = 0; k < n; ++k) {
            sum += P.w[idx[k]] * g[k].squaredNorm();
            deg = std::max(deg, degree[idx[k]]);
        }
        const Real a = m.compliance / (dt * dt) * m.complianceScale;
        if (sum + a < 1e-12) continue;
        const Real dl = (-C - a * lambda[r]) / (sum + a) / deg;
        lambda[r] += dl;
        for (int k = 0; k < n; ++k) dx[idx[k]] += P.w[idx[k]] * dl * g[k];
    }
    for (int i = 0; i < P.size(); ++i) P.p[i] += dx[i];
}

void xpbdColouredSweep(const StepContext& ctx, Real dt, const RowTable& table,
                       const std::vector<std::vector<int>>& colours, std::vector<Real>& lambda,
                       bool reverse) {
    Particles& P = ctx.particles;
    for (const std::vector<int>& rows : colours) {
        const int m = static_cast<int>(rows.size());
        for (int t = 0; t < m; ++t) {
            const int r = rows[reverse ? m - 1 - t : t];
            Vec3 g[4];
            const Real C = evaluateRow(ctx, P.p, table.rows[r], g);
            const RowMaterial mat = rowMaterial(ctx, table.rows[r]);
            projectRow(P, table.slotParticle.data() + table.slotStart[r], table.arity(r), C, g,
                       mat.compliance / (dt * dt) * mat.complianceScale, mat.maxStep, lambda[r]);
        }
    }
}

Real rowDualResidual(const StepContext& ctx, Real dt, const RowTable& table,
                     const std::vector<Real>& lambda) {
    Real sum = 0;
    for (int r = 0; r < table.size(); ++r) {
        Vec3 g[4];
        const Real C = evaluateRow(ctx, ctx.particles.p, table.rows[r], g);
        const RowMaterial m = rowMaterial(ctx, table.rows[r]);
        const Real b = -C - m.compliance / (dt * dt) * m.complianceScale * lambda[r];
        sum += b * b;
    }
    return std::sqrt(sum);
}

}  // namespace sim::cuda
