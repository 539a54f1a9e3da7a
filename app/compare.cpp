#include "app/compare.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "app/headless_runner.h"

namespace app {

void addCompareFlags(CLI::App& cli, Options& o) {
    cli.add_option("--compare", o.compare,
                   "run the scene under 2 to 4 solvers side by side, the same input in each "
                   "(e.g. pbd,mgpbd); headless: one summary line per solver, --stats one CSV "
                   "each (run.csv -> run-pbd.csv, ...)");
    cli.add_option("--compare-budget", o.compareBudgetMs,
                   "compare mode at equal cost: each pane's iterations (MGPBD: its work budget) "
                   "calibrated at each load to this CPU ms per frame (default 0: the same "
                   "settings in every pane)");
}

std::string parseCompareList(const std::string& list, std::vector<sim::SolverKind>& solvers) {
    solvers.clear();
    std::string valid;
    for (int k = 0; k < sim::kSolverCount; ++k)
        valid += (k ? ", " : "") + std::string(sim::kSolverNames[k]);
    std::stringstream in(list);
    for (std::string name; std::getline(in, name, ',');) {
        const auto kind = sim::solverFromName(name);
        if (!kind) return "--compare: unknown solver '" + name + "'. Valid solvers: " + valid;
        if (std::find(solvers.begin(), solvers.end(), *kind) != solvers.end())
            return "--compare: solver '" + name + "' is named twice";
        solvers.push_back(*kind);
    }
    if (solvers.size() < 2 || solvers.size() > 4)
        return "--compare '" + list + "' names " + std::to_string(solvers.size()) +
               " solvers: name 2 to 4, separated by commas (e.g. pbd,mgpbd)";
    return {};
}

std::string checkCompareOptions(Options& o) {
    if (o.compareBudgetMs != 0 && (o.compareBudgetMs < 0.5 || o.compareBudgetMs > 1000))
        return "--compare-budget " + std::to_string(o.compareBudgetMs) +
               " is invalid: must be in [0.5, 1000] ms";
    if (o.compare.empty())
        return o.compareBudgetMs > 0 ? "--compare-budget needs --compare" : std::string();
    if (std::string e = parseCompareList(o.compare, o.compareSolvers); !e.empty()) return e;
    if (o.settings.given("solver")) return "--compare names each pane's solver: drop --solver";
    if (o.device != "cpu") return "--compare runs on the CPU: drop --device";
    if (!o.saveState.empty() || !o.exportMeshes.empty())
        return "--compare runs several worlds: --save-state and --export-meshes write one";
    return {};
}

std::string paneStatsPath(const std::string& path, sim::SolverKind kind) {
    const size_t slash = path.find_last_of('/');
    size_t dot = path.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) dot = path.size();
    return path.substr(0, dot) + "-" + sim::solverName(kind) + path.substr(dot);
}

Options paneOptions(const Options& o, size_t k) {
    Options pane = o;
    if (k >= o.compareSolvers.size()) return pane;
    const sim::SolverKind kind = o.compareSolvers[k];
    pane.settings.set("solver", sim::solverName(kind));
    if (!o.statsPath.empty()) pane.statsPath = paneStatsPath(o.statsPath, kind);
    pane.compare.clear();
    pane.compareSolvers.clear();
    return pane;
}

int runHeadlessCompare(const Options& o) {
    int worst = 0;
    for (size_t k = 0; k < o.compareSolvers.size(); ++k) {
        std::fflush(stdout);
        worst = std::max(worst, runHeadless(paneOptions(o, k)));
    }
    return worst;
}

}  // namespace app
