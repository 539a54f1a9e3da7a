// The solver table: the one place that maps a SolverKind to an implementation.
#include "sim/solvers/hpbd/hpbd_solver.h"
#include "sim/solvers/mgpbd/mgpbd_solver.h"
#include "sim/solvers/pbd/gauss_seidel_solver.h"
#include "sim/solvers/solver.h"

namespace sim {

namespace {

constexpr SolverEntry kSolverTable[] = {
    {SolverKind::PBD,
     []() -> std::unique_ptr<Solver> {
         return std::make_unique<GaussSeidelSolver>(ProjectionMode::Stiffness);
     }},
    {SolverKind::XPBD,
     []() -> std::unique_ptr<Solver> {
         return std::make_unique<GaussSeidelSolver>(ProjectionMode::Compliance);
     }},
    {SolverKind::HPBD, []() -> std::unique_ptr<Solver> { return std::make_unique<HpbdSolver>(); }},
    {SolverKind::MGPBD,
     []() -> std::unique_ptr<Solver> { return std::make_unique<MgpbdSolver>(); }},
};

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
