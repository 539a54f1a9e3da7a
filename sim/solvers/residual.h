#pragma once
// The dual residual every solver reports, so their numbers compare (MGPBD eq. 4):
//     r_j = -C_j(p) - alpha~_j lambda_j,   reported as ||r||_2 over distance and bending.
// In stiffness mode (PBD) there is no lambda and r = -C.
#include <vector>

#include "sim/core/settings.h"

namespace sim {

class World;

double dualResidual(const World& world, ProjectionMode mode, Real dt,
                    const std::vector<Real>& lambdaDistance,
                    const std::vector<Real>& lambdaBending);

}  // namespace sim
