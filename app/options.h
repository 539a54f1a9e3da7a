#pragma once
// Everything the pbd-sandbox command line can say, parsed by CLI11 (app/options.cpp). Every
// simulation setting is a flag generated from the parameter table (--<name> VALUE, see
// --list-params); they override the scene's own settings only when given.
#include <optional>
#include <string>
#include <vector>

#include "app/settings_cli.h"
#include "sim/scenes/scene_table.h"
#include "sim/world/world.h"

namespace app {

struct Options {
    bool headless = false;
    bool listScenes = false;
    bool listParams = false;
    std::string scene = "hanging_cloth";
    SettingsOverrides settings;    // --solver, --iterations, --dt, --mgpbd-..., ...
    sim::SceneParams sceneParams;  // --res, --tet-quality, --tet-max-volume, --arap-form
    std::string device = "cpu";    // --device cpu | cuda (sim/cuda/device.h)
    int frames = 0;                // 0 = run until the window closes (headless: 300)
    std::string statsPath;
    // Content (issue 17): own meshes, scene and state files, mesh export (app/load_world.h).
    std::string clothPath, softBodyPath;  // --cloth / --softbody: the "imported" scene
    bool pinTop = false;                  // --pin-top: pin the top 2% of the imported body
    int tets = 5000;                      // --tets: soft-body tet budget
    int clothTriangles = 0;               // --triangles: decimate an imported cloth (0 = keep)
    std::string sceneFile, saveScene;     // --scene-file / --save-scene
    std::string statePath, saveState;     // --state / --save-state
    std::string exportMeshes;             // --export-meshes DIR
    // Window-only options.
    int width = 1280, height = 720;
    std::string screenshotPath;
    std::string recordPath;
    std::string inputPath;
    std::string recordSession;  // --record-session: the run's input as scripted input
    // realtime | lockstep; unset: lockstep for --frames, --input and --record, else realtime.
    std::optional<std::string> pace;
    std::string panels = "shown";  // --panels shown | hidden (Tab toggles them)
    // --compare a,b[,c[,d]]: the scene under 2 to 4 solvers side by side (app/compare.h).
    std::string compare;
    std::vector<sim::SolverKind> compareSolvers;  // parsed from it (empty: one world)
    // --compare-budget MS: every pane's knob calibrated to this CPU time per frame (0: every
    // pane runs the same settings).
    double compareBudgetMs = 0;
};

// Parses argv. Returns an exit code to stop with (0 after --help, 2 on a bad value), or
// nothing to go on. Messages go to stderr and name what is valid.
std::optional<int> parseOptions(int argc, char** argv, Options& options);

// The checks of the options a world is built from (--scene, --res, --tets, --triangles, the
// setting flags), before anything loads: an error in the command line's words, or empty.
// parseOptions runs them; the Python module too.
std::string checkWorldOptions(const Options& options);

// Applies the command line's setting overrides to a freshly loaded world; returns an error
// message (naming the bad value) or empty. The one function that does this for the window,
// the headless runner and (through SettingsOverrides) the bench.
std::string applyOverrides(const Options& options, sim::World& world);

}  // namespace app
