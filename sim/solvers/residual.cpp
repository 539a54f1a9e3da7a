#include "sim/solvers/residual.h"

#include <cmath>

#include "sim/core/world.h"

namespace sim {

double dualResidual(const World& world, ProjectionMode mode, Real dt,
                    const std::vector<Real>& lambdaDistance,
                    const std::vector<Real>& lambdaBending) {
    const Particles& P = world.particles;
    const ConstraintSet& cs = world.constraints;
    const bool xpbd = mode == ProjectionMode::Compliance;
    const Real atStretch = world.settings.stretch.compliance / (dt * dt);
    const Real atBend = world.settings.bend.compliance / (dt * dt);
    double sum = 0;
    for (size_t c = 0; c < cs.distance.size(); ++c) {
        const DistanceConstraint& d = cs.distance[c];
        if (P.w[d.i] == 0 && P.w[d.j] == 0) continue;
        Vec3 g[2];
        Real r = -evaluateDistance(P.p[d.i], P.p[d.j], d.restLength, g);
        if (xpbd && c < lambdaDistance.size()) r -= atStretch * d.complianceScale * lambdaDistance[c];
        sum += r * r;
    }
    for (size_t c = 0; c < cs.bending.size(); ++c) {
        const BendingConstraint& b = cs.bending[c];
        Vec3 g[4];
        Real r = -evaluateBending(P.p[b.i1], P.p[b.i2], P.p[b.i3], P.p[b.i4], b.restAngle, g);
        if (xpbd && c < lambdaBending.size()) r -= atBend * b.complianceScale * lambdaBending[c];
        sum += r * r;
    }
    return std::sqrt(sum);
}

}  // namespace sim
