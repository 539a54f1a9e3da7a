#pragma once
// The one projection rule shared by every constraint type. Given a constraint value C, its
// gradients g_k and the inverse masses w_k, the correction of particle k is
//     dp_k = s * w_k * g_k
// with the scalar s chosen by the projection mode:
//   PBD  (Müller et al. 2007, eq. 8-9 and §3.3):  s = -k' C / sum_j w_j |g_j|^2
//   XPBD (Macklin et al. 2016, eq. 18):           s = dlambda = (-C - at*lambda) / (sum + at),
//                                                 at = alpha / dt^2, and lambda += dlambda.
#include <cmath>

#include "sim/core/settings.h"
#include "sim/core/types.h"

namespace sim {

// Per-family parameters a solver computes once per substep.
struct ProjectionParams {
    ProjectionMode mode = ProjectionMode::Stiffness;
    Real kPrime = 1.0;      // PBD: 1-(1-k)^(1/n_s)
    Real alphaTilde = 0.0;  // XPBD: alpha / dt^2 (times the constraint's compliance scale)
};

// k' of PBD §3.3: the error left after n_s iterations is (1-k) whatever n_s is.
inline Real stiffnessPerIteration(Real k, int iterations) {
    if (iterations <= 1 || k >= 1.0) return k;
    return 1.0 - std::pow(1.0 - k, 1.0 / iterations);
}

inline ProjectionParams makeProjection(ProjectionMode mode, const Material& material,
                                       int iterations, Real dt) {
    ProjectionParams params;
    params.mode = mode;
    params.kPrime = stiffnessPerIteration(material.stiffness, iterations);
    params.alphaTilde = material.compliance / (dt * dt);
    return params;
}

// Returns s of the header comment; 0 when the constraint cannot move (all w = 0 or
// vanishing gradient). lambda is read and updated in XPBD mode only.
inline Real projectionScale(Real C, Real sumWGrad2, const ProjectionParams& params,
                            Real complianceScale, Real& lambda) {
    constexpr Real kTiny = 1e-12;
    if (params.mode == ProjectionMode::Stiffness) {
        if (sumWGrad2 < kTiny) return 0.0;
        return -params.kPrime * C / sumWGrad2;
    }
    const Real at = params.alphaTilde * complianceScale;
    const Real denom = sumWGrad2 + at;
    if (denom < kTiny) return 0.0;
    const Real dlambda = (-C - at * lambda) / denom;
    lambda += dlambda;
    return dlambda;
}

}  // namespace sim
