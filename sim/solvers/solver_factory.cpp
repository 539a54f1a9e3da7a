// The one place that maps a SolverKind to an implementation. Solvers not yet in this build
// return nullptr and report unavailable, so the app can grey them out.
#include "sim/solvers/mgpbd/mgpbd_params.h"
#include "sim/solvers/mgpbd/mgpbd_solver.h"
#include "sim/solvers/pbd/gauss_seidel_solver.h"
#include "sim/solvers/solver.h"
#include "sim/solvers/solver_params.h"

namespace sim {

bool solverAvailable(SolverKind kind) {
    switch (kind) {
        case SolverKind::PBD:
        case SolverKind::XPBD: return true;
        case SolverKind::MGPBD: return true;
        case SolverKind::HPBD: return false;
    }
    return false;
}

std::unique_ptr<Solver> createSolver(SolverKind kind) {
    switch (kind) {
        case SolverKind::PBD: return std::make_unique<GaussSeidelSolver>(ProjectionMode::Stiffness);
        case SolverKind::XPBD:
            return std::make_unique<GaussSeidelSolver>(ProjectionMode::Compliance);
        case SolverKind::MGPBD: return std::make_unique<MgpbdSolver>();
        case SolverKind::HPBD: return nullptr;
    }
    return nullptr;
}

std::vector<SolverParam> solverParameters(SolverKind kind, Settings& settings) {
    switch (kind) {
        case SolverKind::MGPBD: return mgpbdParameters(settings.mgpbd);
        case SolverKind::PBD:
        case SolverKind::XPBD:
        case SolverKind::HPBD: return {};
    }
    return {};
}

}  // namespace sim
