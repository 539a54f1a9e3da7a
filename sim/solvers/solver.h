#pragma once
// The interface every constraint solver implements (PBD/XPBD Gauss-Seidel, HPBD, MGPBD).
// A solver reads and writes the world's predicted positions p. It owns what it derives
// from topology — colouring, hierarchy, sparsity pattern, multigrid prolongators — and
// rebuilds it when World::topologyVersion() differs from the version it was built for.
// Switching solver therefore never touches positions, velocities or pins.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "sim/contact/step_context.h"
#include "sim/core/debug_draw.h"
#include "sim/core/settings.h"

namespace sim {

// What a solver reports about its last solve, for the UI and the benchmarks.
struct SolverStats {
    int iterations = 0;                   // outer iterations actually run in the last substep
    double residual = 0;                  // solver's own residual measure after the last substep
    std::vector<double> residualHistory;  // per iteration of the last substep, if tracked
    std::vector<std::pair<std::string, double>> extra;  // solver-specific numbers

    // The named number from `extra`, if the solver reported it.
    std::optional<double> find(const std::string& key) const {
        for (const auto& [k, v] : extra)
            if (k == key) return v;
        return std::nullopt;
    }
};

class Solver {
  public:
    virtual ~Solver() = default;
    virtual const char* name() const = 0;
    // One solve of the current substep: moves ctx.particles.p to satisfy the constraints
    // and ctx.contacts(). dt is the substep length.
    virtual void solve(const StepContext& ctx, Real dt) = 0;
    virtual const SolverStats& stats() const { return stats_; }
    // Whether a run restored at `frame` continues bit-exactly like one that never stopped
    // (a solver that rebuilds derived data on a schedule says where the schedule restarts).
    virtual bool resumesExactlyAt(long /*frame*/, const Settings& /*settings*/) const {
        return true;
    }
    // Optional solver-specific overlay (e.g. an HPBD level), drawn by the app.
    virtual void debugDraw(const Particles& /*particles*/, const Settings& /*settings*/,
                           DebugDraw& /*draw*/) const {}

  protected:
    SolverStats stats_;
};

// The makers the solver list (sim/core/solver_list.def) names, each defined in its solver's
// own folder.
// clang-format off
#define PBD_SOLVER(kind, name, title, make) std::unique_ptr<Solver> make();
#include "sim/core/solver_list.def"
#undef PBD_SOLVER
// clang-format on

// The solver table: every kind the sandbox offers and how to make it, in the order of the
// solver list (the Solver panel, the keys 1-9).
struct SolverEntry {
    SolverKind kind;
    std::unique_ptr<Solver> (*create)();
};
std::span<const SolverEntry> solverTable();

// The table's solver of that kind (null for a kind it does not hold).
std::unique_ptr<Solver> createSolver(SolverKind kind);

}  // namespace sim
