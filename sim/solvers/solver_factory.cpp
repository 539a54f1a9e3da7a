// The one place that maps a SolverKind to an implementation. Solvers not yet in this build
// return nullptr and report unavailable, so the app can grey them out.
#include "sim/solvers/pbd/gauss_seidel_solver.h"
#include "sim/solvers/solver.h"
#include "sim/solvers/solver_params.h"

namespace sim {

bool solverAvailable(SolverKind kind) {
    switch (kind) {
        case SolverKind::PBD:
        case SolverKind::XPBD: return true;
        case SolverKind::HPBD:
        case SolverKind::MGPBD: return false;
    }
    return false;
}

std::unique_ptr<Solver> createSolver(SolverKind kind) {
    switch (kind) {
        case SolverKind::PBD: return std::make_unique<GaussSeidelSolver>(ProjectionMode::Stiffness);
        case SolverKind::XPBD:
            return std::make_unique<GaussSeidelSolver>(ProjectionMode::Compliance);
        case SolverKind::HPBD:
        case SolverKind::MGPBD: return nullptr;
    }
    return nullptr;
}

std::vector<SolverParam> solverParameters(SolverKind kind, Settings& /*settings*/) {
    switch (kind) {
        case SolverKind::PBD:
        case SolverKind::XPBD:
        case SolverKind::HPBD:
        case SolverKind::MGPBD: return {};
    }
    return {};
}

}  // namespace sim
