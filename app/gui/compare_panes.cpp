#include "app/gui/compare_panes.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <future>

#include "app/compare.h"

namespace app::gui {

namespace {

std::string listText(const std::vector<sim::SolverKind>& solvers) {
    std::string text;
    for (sim::SolverKind kind : solvers)
        text += (text.empty() ? "" : ",") + std::string(sim::solverName(kind));
    return text;
}

// The first pane's state written to `path` between two of its steps; returns the error.
std::string saveFirstPaneState(Sandbox& s, const std::string& path) {
    auto done = std::make_shared<std::promise<std::string>>();
    std::future<std::string> written = done->get_future();
    s.sim->push(SaveState{path, done});
    return written.get();
}

// A new pane's command line: the first pane's scene at its resolution, its state file, `kind`.
Options newPaneOptions(const Sandbox& s, const std::string& statePath, sim::SolverKind kind) {
    Options o = s.options;
    o.scene = s.view.sceneName;
    o.sceneParams.resolution = s.view.resolution;
    o.sceneFile.clear(), o.clothPath.clear(), o.softBodyPath.clear();
    o.exportMeshes.clear(), o.saveState.clear(), o.compare.clear(), o.compareSolvers.clear();
    o.statePath = statePath;
    o.settings.set("solver", sim::solverName(kind));
    o.statsPath = o.statsPath.empty() ? std::string() : paneStatsPath(o.statsPath, kind);
    return o;
}

// Starts the panes of `kinds` from the first pane's state now; false (message set) on error.
bool addPanes(Sandbox& s, const std::vector<sim::SolverKind>& kinds) {
    const std::string path = (std::filesystem::temp_directory_path() /
                              ("pbd-sandbox-split-" + std::to_string(getpid()) + ".json"))
                                 .string();
    if (std::string e = saveFirstPaneState(s, path); !e.empty()) {
        s.panel.message = "compare: " + e;
        return false;
    }
    const auto settings = std::make_shared<const sim::Settings>(s.view.settings);
    for (sim::SolverKind kind : kinds) {
        const Options o = newPaneOptions(s, path, kind);
        auto thread = std::make_unique<SimThread>(o, s.sim->pacing());
        if (std::string e = thread->start(o.statsPath); !e.empty()) {
            s.panel.message =
                "compare: cannot start the " + std::string(sim::solverName(kind)) + " pane: " + e;
            s.compare.others.clear();
            break;
        }
        // The first pane's settings as they are now (panel edits win over the flags), paused
        // as it is until every pane has started.
        thread->push(SetSettings{settings});
        thread->push(SetPaused{true});
        s.compare.others.push_back({std::move(thread), {}});
    }
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
    return !s.compare.others.empty();
}

}  // namespace

bool splitTicked(const Sandbox& s, sim::SolverKind kind) {
    const size_t k = static_cast<size_t>(kind);
    if (k < s.compare.splitWith.size()) return s.compare.splitWith[k] != 0;
    const sim::SolverKind running = s.view.settings.solver;
    return kind ==
           (running == sim::SolverKind::MGPBD ? sim::SolverKind::PBD : sim::SolverKind::MGPBD);
}

void setSplitTicked(Sandbox& s, sim::SolverKind kind, bool ticked) {
    if (s.compare.splitWith.empty())
        for (int k = 0; k < sim::kSolverCount; ++k)
            s.compare.splitWith.push_back(splitTicked(s, static_cast<sim::SolverKind>(k)));
    s.compare.splitWith[static_cast<size_t>(kind)] = ticked;
}

std::vector<sim::SolverKind> splitSolvers(const Sandbox& s) {
    std::vector<sim::SolverKind> out{s.view.settings.solver};
    for (int k = 0; k < sim::kSolverCount && out.size() < 4; ++k) {
        const auto kind = static_cast<sim::SolverKind>(k);
        if (kind != out[0] && splitTicked(s, kind)) out.push_back(kind);
    }
    return out;
}

void setComparePanes(Sandbox& s, const std::vector<sim::SolverKind>& solvers) {
    ScriptEvent e;
    e.type = ScriptEvent::Type::Compare;
    e.name = solvers.size() < 2 ? std::string() : listText(solvers);
    recordInput(s, std::move(e));
    s.compare.others.clear();  // each stops after its step in progress
    if (solvers.size() < 2) {
        s.panel.message = "one pane (V splits again)";
        return;
    }
    if (!sim::findScene(s.view.sceneName)) {
        s.panel.message = "compare: V splits the scene list's scenes; for '" + s.view.sceneName +
                          "' start the window with --compare";
        return;
    }
    std::vector<sim::SolverKind> kinds;
    for (sim::SolverKind kind : solvers)
        if (kind != s.view.settings.solver && kinds.size() < 3) kinds.push_back(kind);
    const bool wasPaused = paused(s);
    if (!addPanes(s, kinds)) return;
    send(s, SetPaused{wasPaused});
    frameScene(s);  // the panes' shape differs from the window's
    s.panel.message = "compare: " + listText(solvers) + " from frame " +
                      std::to_string(s.view.frame) + " (V: one pane)";
}

void toggleCompare(Sandbox& s) {
    setComparePanes(s, paneCount(s) > 1 ? std::vector<sim::SolverKind>{} : splitSolvers(s));
}

}  // namespace app::gui
