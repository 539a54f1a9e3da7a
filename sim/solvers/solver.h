#pragma once
// The interface every constraint solver implements (PBD/XPBD Gauss-Seidel, HPBD, MGPBD).
// A solver reads and writes the world's predicted positions p. It owns what it derives
// from topology — colouring, hierarchy, sparsity pattern, multigrid prolongators — and
// rebuilds it when World::topologyVersion() differs from the version it was built for.
// Switching solver therefore never touches positions, velocities or pins.
#include <array>
#include <map>
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

// One figure of a solver's report. Its name and unit are string literals (or live as long
// as the program), so a report copies across threads without allocating names.
struct SolverStat {
    const char* name;
    double value;
    const char* unit;  // "" for a count, a flag or a ratio
};

// The visitor a solver lists its own typed figures through: f(name, value, unit) appends
// one figure to a report's details.
struct StatList {
    std::vector<SolverStat>& out;
    void operator()(const char* name, double value, const char* unit = "") const {
        out.push_back({name, value, unit});
    }
};

// What a solver that runs to a work budget did with the last substep's (MGPBD); the Stats
// panel says it in words.
struct BudgetReport {
    double budgetMs = 0;         // the substep's budget; 0 = none
    double workMs = 0;           // the work done, in the same units
    int linearIterations = 0;    // iterations of the global steps' linear solves
    int fallbackSweeps = 0;      // sweeps on what the budget left (or instead of a global step)
    bool lineSweeps = false;     // those sweeps were accelerated line sweeps
    double initialResidual = 0;  // the residual before the substep; 0 = not evaluated
};

// What a solver reports about its last solve, for the UI and the benchmarks. The fields are
// typed; a solver's own figures come from its typed stats through StatList (`details`), and
// code that wants one of them reads the solver's typed stats, never a name.
struct SolverStats {
    int iterations = 0;                   // outer iterations actually run in the last substep
    double residual = 0;                  // solver's own residual measure after the last substep
    std::vector<double> residualHistory;  // per iteration of the last substep, if tracked
    bool device = false;                  // the last solve ran on the GPU
    std::optional<BudgetReport> budget;   // set by a solver that runs to a work budget
    std::vector<SolverStat> details;      // the solver's own figures, in its order

    // f(name, value, unit) for each of the solver's own figures: what the Stats panel, the
    // Python module and the benches' logs iterate.
    template <class F>
    void visit(F&& f) const {
        for (const SolverStat& s : details) f(s.name, s.value, s.unit);
    }
};

// A checkpoint as named arrays of integers and reals, the form a state file stores
// (sim/io/state_file.cpp): each solver writes its own checkpoint into one and reads it back,
// so the file format names no solver.
struct CheckpointRecord {
    std::string solver;  // the name of the solver that wrote it
    std::map<std::string, std::vector<int>> ints;
    std::map<std::string, std::vector<double>> reals;
};

// What a solver derives from the run's history rather than from the state (HPBD's hierarchy,
// built from the positions of its time and patched by tears since), which a restored world
// needs for the solver to go on exactly as one that never stopped (sim/world/snapshot.h).
// Each solver with such data derives its own checkpoint type.
struct SolverCheckpoint {
    virtual ~SolverCheckpoint() = default;
    virtual const char* solver() const = 0;  // the name of the solver that took it
    // Its data as a record, for a state file.
    virtual CheckpointRecord record() const = 0;
    // The splits since the data was built, which the solver absorbs at its next solve: the
    // world notes them again after resume() (World::noteSplit: original, duplicate).
    std::vector<std::array<int, 2>> pendingSplits;
};

class Solver {
  public:
    virtual ~Solver() = default;
    virtual const char* name() const = 0;
    // One solve of the current substep: moves ctx.particles.p to satisfy the constraints
    // and ctx.contacts(). dt is the substep length.
    virtual void solve(const StepContext& ctx, Real dt) = 0;
    virtual const SolverStats& stats() const { return stats_; }
    // Empty when a run restored at `frame` continues bit-exactly like one that never stopped;
    // else why not, in a person's words (a solver that rebuilds derived data on a schedule
    // says where the schedule restarts).
    virtual std::string inexactResumeNote(long /*frame*/, const Settings& /*settings*/) const {
        return {};
    }
    // Its history-dependent data now, given the world's topology change log; null when it
    // keeps none, or none that a fresh solver would not rebuild the same way.
    virtual std::shared_ptr<const SolverCheckpoint> checkpoint(
        std::span<const TopologyChange> /*changes*/) const {
        return nullptr;
    }
    // Takes back a checkpoint of its own kind, in a fresh solver of a restored world.
    virtual void resume(const SolverCheckpoint& /*checkpoint*/, const StepContext& /*ctx*/) {}
    // A checkpoint of its own kind from a record a state file held, for a world of `particles`
    // particles; null with `error` set when the record is not one it could have written.
    virtual std::shared_ptr<const SolverCheckpoint> readCheckpoint(
        const CheckpointRecord& /*record*/, int /*particles*/, std::string& error) const {
        error = std::string(name()) + " keeps no checkpoint";
        return nullptr;
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
#define PBD_SOLVER(kind, name, title, make, params) std::unique_ptr<Solver> make();
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
