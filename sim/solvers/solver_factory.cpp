// The one place that maps a SolverKind to an implementation.
#include "sim/solvers/hpbd/hpbd_solver.h"
#include "sim/solvers/mgpbd/mgpbd_solver.h"
#include "sim/solvers/pbd/gauss_seidel_solver.h"
#include "sim/solvers/solver.h"

namespace sim {

std::unique_ptr<Solver> createSolver(SolverKind kind) {
    switch (kind) {
        case SolverKind::PBD:
            return std::make_unique<GaussSeidelSolver>(ProjectionMode::Stiffness);
        case SolverKind::XPBD:
            return std::make_unique<GaussSeidelSolver>(ProjectionMode::Compliance);
        case SolverKind::HPBD:
            return std::make_unique<HpbdSolver>();
        case SolverKind::MGPBD:
            return std::make_unique<MgpbdSolver>();
    }
    return nullptr;
}

}  // namespace sim
