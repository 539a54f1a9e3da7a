#pragma once
// The per-frame statistics CSV the runners write (--stats FILE.csv): one header line, one
// row per frame. Columns: frame, time, sim_ms, max_strain, mean_strain, kinetic_energy,
// stretch_violation, bend_violation, residual, solver_iterations, state_hash (state_hash.h),
// then ms per stage (walking the stage table, profile.h).
// Callers may append columns of their own (e.g. the app's grabbed-particle position); after
// them come `solver` (the solver that ran the frame: the app switches live) and
// `solver_details`, the solver's own typed figures (SolverStats::visit) as space-separated
// key=value pairs, a key being the figure's name in snake case with its unit appended
// (`pcg_iterations=12 work_ms=3.2`), so a reader splits it without knowing the solver.
// Rows go to the path as they are made, each flushed whole: a killed run leaves a readable CSV
// of every frame before the kill. A write that fails (a full disk) removes the file rather
// than leave a truncated one under its name, and the writer reports it from then on.
#include <fstream>
#include <string>
#include <vector>

namespace sim {

class World;

// A solver figure's key in the solver_details column: its name's letters and digits in
// snake case, then `_unit` when it has a unit ("work", "ms" -> "work_ms").
std::string statsCsvDetailKey(const char* name, const char* unit);

class StatsCsv {
  public:
    StatsCsv() = default;
    StatsCsv(const StatsCsv&) = delete;
    StatsCsv& operator=(const StatsCsv&) = delete;
    ~StatsCsv();
    // extraColumns are appended after the standard ones; rows then pass their values.
    bool open(const std::string& path, const std::vector<std::string>& extraColumns = {});
    bool isOpen() const { return out_.is_open(); }
    // False when the row could not be written (error() says why; the file is removed).
    bool writeRow(const World& world, const std::vector<double>& extraValues = {});
    const std::string& error() const { return error_; }

  private:
    std::ofstream out_;
    bool fail(const char* what);
    std::string error_, path_;
    size_t extraCount_ = 0;
};

}  // namespace sim
