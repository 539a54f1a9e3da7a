#include "sim/world/metrics.h"

#include <algorithm>
#include <cmath>

#include "sim/world/world.h"

namespace sim {

FrameMetrics measure(const World& world) {
    FrameMetrics m;
    const Particles& P = world.particles;
    const ConstraintSet& cs = world.constraints;
    Real strainSum = 0, c2 = 0;
    int counted = 0;
    for (const DistanceConstraint& d : cs.distance) {
        const Real len = (P.x[d.i] - P.x[d.j]).norm();
        c2 += (len - d.restLength) * (len - d.restLength);
        if (d.restLength <= 0) continue;
        const Real strain = std::abs(len - d.restLength) / d.restLength;
        m.maxStrain = std::max(m.maxStrain, strain);
        strainSum += strain;
        ++counted;
    }
    if (counted) m.meanStrain = strainSum / counted;
    if (!cs.distance.empty()) m.stretchViolation = std::sqrt(c2 / cs.distance.size());
    Real b2 = 0;
    for (const BendingConstraint& b : cs.bending) {
        Vec3 g[4];
        const Real C = evaluateBending(P.x[b.i1], P.x[b.i2], P.x[b.i3], P.x[b.i4], b.restAngle, g);
        b2 += C * C;
    }
    // Isometric stencils (isometric_bending.h) by their angle: C / sqrt(complianceScale) =
    // 2 sin(theta/2) about the flat rest.
    for (const IsometricBendingConstraint& b : cs.isometricBending) {
        Vec3 g[4];
        const Real C =
            evaluateIsometricBending(P.x[b.i[0]], P.x[b.i[1]], P.x[b.i[2]], P.x[b.i[3]], b.w, g);
        if (b.complianceScale > 0) b2 += C * C / b.complianceScale;
    }
    const size_t hinges = cs.bending.size() + cs.isometricBending.size();
    if (hinges > 0) m.bendViolation = std::sqrt(b2 / hinges);
    for (int i = 0; i < P.size(); ++i)
        if (P.w[i] > 0) m.kineticEnergy += 0.5 * P.m[i] * P.v[i].squaredNorm();
    return m;
}

}  // namespace sim
