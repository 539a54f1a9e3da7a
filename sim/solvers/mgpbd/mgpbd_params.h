#pragma once
// The MGPBD parameters the app's Solver panel shows (drawn generically, solver_params.h).
#include <vector>

#include "sim/solvers/solver_params.h"

namespace sim {

std::vector<SolverParam> mgpbdParameters(MgpbdSettings& s);

}  // namespace sim
