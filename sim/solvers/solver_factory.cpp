// The solver table, generated from the solver list (sim/core/solver_list.def): the one place
// that maps a SolverKind to its maker.
#include "sim/solvers/solver.h"

namespace sim {

namespace {

// clang-format off
#define PBD_SOLVER(kind, name, title, make, params) {SolverKind::kind, make},
constexpr SolverEntry kSolverTable[] = {
#include "sim/core/solver_list.def"
};
#undef PBD_SOLVER
// clang-format on

}  // namespace

std::span<const SolverEntry> solverTable() {
    return kSolverTable;
}

std::unique_ptr<Solver> createSolver(SolverKind kind) {
    for (const SolverEntry& entry : kSolverTable)
        if (entry.kind == kind) return entry.create();
    return nullptr;
}

}  // namespace sim
