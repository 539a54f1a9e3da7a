#pragma once
// Compare mode (--compare pbd,mgpbd): the same scene under 2 to 4 solvers, one copy of the
// world each, every copy given the same input. The window shows the copies side by side with
// one camera and one hand (app/gui); the headless runner runs each copy and prints one summary
// line per solver.
#include <string>
#include <vector>

#include "app/options.h"

namespace app {

// --compare and --compare-budget.
void addCompareFlags(CLI::App& cli, Options& o);

// Reads "pbd,hpbd,mgpbd" into solvers: 2 to 4 known, different names. Returns an error that
// names the bad entry and the valid names, or empty.
std::string parseCompareList(const std::string& list, std::vector<sim::SolverKind>& solvers);

// The --compare checks of a parsed command line: the list, and the options one run of
// several worlds cannot honour (--solver, --device cuda, per-run outputs). An error or empty.
std::string checkCompareOptions(Options& o);

// Pane k's own command line: --solver set to its solver, --stats (if given) to a file of its
// own: "run.csv" becomes "run-mgpbd.csv".
Options paneOptions(const Options& o, size_t k);
std::string paneStatsPath(const std::string& path, sim::SolverKind kind);

// Headless --compare: each solver's run of the scene in turn, each printing its summary line.
// Returns the worst exit status.
int runHeadlessCompare(const Options& o);

}  // namespace app
