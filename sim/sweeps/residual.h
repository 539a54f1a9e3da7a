#pragma once
// The dual residual every solver reports, so their numbers compare (MGPBD eq. 4):
//     r_j = -C_j(p) - alpha~_j lambda_j,   reported as ||r||_2 over all bilateral
// constraints whose particles are not all fixed. In stiffness mode (PBD) there is no
// lambda and r = -C. `lambdas` is one array per constraint type (constraint_types.h);
// empty arrays count as zero.
#include <vector>

#include "sim/core/settings.h"

namespace sim {

class StepContext;

double dualResidual(const StepContext& ctx, ProjectionMode mode, Real dt,
                    const std::vector<std::vector<Real>>& lambdas);

}  // namespace sim
