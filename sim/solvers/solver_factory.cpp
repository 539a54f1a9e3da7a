// The one place that maps a SolverKind to an implementation. Solvers not in this build
// return nullptr and report unavailable, so the app can grey them out.
#include "sim/solvers/hpbd/hpbd_solver.h"
#include "sim/solvers/mgpbd/mgpbd_params.h"
#include "sim/solvers/mgpbd/mgpbd_solver.h"
#include "sim/solvers/pbd/gauss_seidel_solver.h"
#include "sim/solvers/solver.h"
#include "sim/solvers/solver_params.h"

namespace sim {

bool solverAvailable(SolverKind kind) {
    switch (kind) {
        case SolverKind::PBD:
        case SolverKind::XPBD:
        case SolverKind::HPBD:
        case SolverKind::MGPBD: return true;
    }
    return false;
}

std::unique_ptr<Solver> createSolver(SolverKind kind) {
    switch (kind) {
        case SolverKind::PBD: return std::make_unique<GaussSeidelSolver>(ProjectionMode::Stiffness);
        case SolverKind::XPBD:
            return std::make_unique<GaussSeidelSolver>(ProjectionMode::Compliance);
        case SolverKind::HPBD: return std::make_unique<HpbdSolver>();
        case SolverKind::MGPBD: return std::make_unique<MgpbdSolver>();
    }
    return nullptr;
}

std::vector<SolverParam> solverParameters(SolverKind kind, Settings& settings) {
    using K = SolverParam::Kind;
    switch (kind) {
        case SolverKind::PBD:
        case SolverKind::XPBD: return {};
        case SolverKind::HPBD: {
            HpbdSettings& h = settings.hpbd;
            return {{"levels", K::Int, &h.levels, 0, 8, "coarse hierarchy levels (0 = plain PBD)"},
                    {"parents k", K::Int, &h.parents, 1, 4, "least parents per fine particle (§6.2)"},
                    {"passes per level", K::Int, &h.passesPerLevel, 1, 10,
                     "Gauss-Seidel passes on each coarse level"},
                    {"rest-pose lengths", K::Bool, &h.restPoseLengths, 0, 1,
                     "coarse rest length = rest-pose distance instead of geodesic sum"},
                    {"show level", K::Int, &h.showLevel, 0, 8,
                     "draw this level's particles and constraints (0 = off)"}};
        }
        case SolverKind::MGPBD: return mgpbdParameters(settings.mgpbd);
    }
    return {};
}

}  // namespace sim
