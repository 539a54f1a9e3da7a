#include "sim/solvers/pbd/gauss_seidel_solver.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/collision/collision_stage.h"
#include "sim/constraints/projection.h"
#include "sim/core/world.h"
#include "sim/solvers/residual.h"

namespace sim {

namespace {

// Projects one constraint of cardinality N given its particle indices, value and gradients.
// No particle moves more than maxStep in one projection: a nonlinear constraint's Newton
// step (eq. 5) on a badly stretched element can be far larger than the element, and
// accepting it feeds the stretch that caused it.
template <int N>
void applyProjection(Particles& P, const int (&idx)[N], Real C, const Vec3 (&grad)[N],
                     const ProjectionParams& params, Real complianceScale, Real& lambda,
                     Real maxStep = std::numeric_limits<Real>::infinity()) {
    Real sum = 0, maxWGrad = 0;
    for (int k = 0; k < N; ++k) {
        sum += P.w[idx[k]] * grad[k].squaredNorm();
        maxWGrad = std::max(maxWGrad, P.w[idx[k]] * grad[k].norm());
    }
    const Real lambdaBefore = lambda;
    Real s = projectionScale(C, sum, params, complianceScale, lambda);
    if (s == 0) return;
    if (std::abs(s) * maxWGrad > maxStep) {
        s *= maxStep / (std::abs(s) * maxWGrad);
        if (params.mode == ProjectionMode::Compliance) lambda = lambdaBefore + s;
    }
    for (int k = 0; k < N; ++k) P.p[idx[k]] += s * P.w[idx[k]] * grad[k];
}

}  // namespace

void GaussSeidelSolver::sweep(World& world, ProjectionMode mode, Real dt, int iterations,
                              std::vector<Real>& lambdaDistance, std::vector<Real>& lambdaBending,
                              std::vector<Real>& lambdaAttach) {
    Particles& P = world.particles;
    const ConstraintSet& cs = world.constraints;
    const Settings& s = world.settings;
    const ProjectionParams stretch = makeProjection(mode, s.stretch, iterations, dt);
    const ProjectionParams bend = makeProjection(mode, s.bend, iterations, dt);
    const ProjectionParams attach = makeProjection(mode, s.attachment, iterations, dt);

    for (size_t c = 0; c < cs.distance.size(); ++c) {
        const DistanceConstraint& d = cs.distance[c];
        const int idx[2] = {d.i, d.j};
        Vec3 g[2];
        Real C = evaluateDistance(P.p[d.i], P.p[d.j], d.restLength, g);
        applyProjection<2>(P, idx, C, g, stretch, d.complianceScale, lambdaDistance[c]);
    }
    for (size_t c = 0; c < cs.bending.size(); ++c) {
        const BendingConstraint& b = cs.bending[c];
        const int idx[4] = {b.i1, b.i2, b.i3, b.i4};
        Vec3 g[4];
        Real C = evaluateBending(P.p[b.i1], P.p[b.i2], P.p[b.i3], P.p[b.i4], b.restAngle, g);
        applyProjection<4>(P, idx, C, g, bend, b.complianceScale, lambdaBending[c], b.maxStep);
    }
    for (size_t c = 0; c < cs.attachments.size(); ++c) {
        const AttachmentConstraint& a = cs.attachments[c];
        const int idx[1] = {a.i};
        Vec3 g[1];
        Real C = evaluateAttachment(P.p[a.i], a.target, g);
        applyProjection<1>(P, idx, C, g, attach, a.complianceScale, lambdaAttach[c]);
    }
    projectContacts(P, world.contacts, s.friction, dt);
}

void GaussSeidelSolver::solve(World& world, Real dt) {
    const ConstraintSet& cs = world.constraints;
    lambdaDistance_.assign(cs.distance.size(), 0.0);
    lambdaBending_.assign(cs.bending.size(), 0.0);
    lambdaAttach_.assign(cs.attachments.size(), 0.0);

    const int iterations = world.settings.iterations;
    for (int it = 0; it < iterations; ++it)
        sweep(world, mode_, dt, iterations, lambdaDistance_, lambdaBending_, lambdaAttach_);

    stats_.iterations = iterations;
    if (world.settings.trackResidual)
        stats_.residual = dualResidual(world, mode_, dt, lambdaDistance_, lambdaBending_);
}

}  // namespace sim
