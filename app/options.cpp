#include "app/options.h"

#include <iostream>
#include <utility>

#include "app/compare.h"
#include "sim/cuda/device.h"
#include "sim/scenes/scene_table.h"

namespace app {

namespace {

// --device: a known name, and for cuda a usable GPU and the headless runner (the window's
// solver switch creates CPU solvers).
std::string checkDevice(const Options& o) {
    const auto device = sim::cuda::parseDevice(o.device);
    if (!device) return "--device '" + o.device + "' is invalid: use cpu or cuda";
    if (*device == sim::cuda::Device::Cpu) return {};
    if (std::string why = sim::cuda::unavailableReason(); !why.empty())
        return "--device cuda: " + why;
    if (!o.headless)
        return "--device cuda runs with --headless only (the window's solvers are CPU solvers)";
    return {};
}

// The options that only the window reads.
void addWindowFlags(CLI::App& cli, Options& o) {
    cli.add_option("--width", o.width, "window width in pixels");
    cli.add_option("--height", o.height, "window height in pixels");
    cli.add_option("--screenshot", o.screenshotPath, "save the last frame as PNG");
    cli.add_option("--record", o.recordPath, "record an H.264 MP4 through ffmpeg");
    cli.add_option("--input", o.inputPath, "replay scripted mouse and key input (JSON)");
    cli.add_option("--record-session", o.recordSession,
                   "write the run's mouse, keys, panel edits and drops as scripted input (JSON) "
                   "that --input replays");
    cli.add_option("--pace", o.pace,
                   "window: realtime (simulation runs beside the display) or lockstep (display "
                   "waits for each simulated frame); default lockstep with "
                   "--frames/--input/--record/--record-session");
    cli.add_option("--panels", o.panels,
                   "window: shown or hidden at the start (Tab shows and hides them); default "
                   "shown");
}

}  // namespace

std::optional<int> parseOptions(int argc, char** argv, Options& o) {
    CLI::App cli{"pbd-sandbox: interactive cloth and soft-body sandbox (PBD, HPBD, MGPBD)"};
    cli.add_flag("--headless", o.headless, "run without a window and print a summary");
    cli.add_flag("--list-scenes", o.listScenes, "list the scene table and exit");
    cli.add_flag("--list-params", o.listParams, "print every setting (Markdown table) and exit");
    cli.add_option("--scene", o.scene, "scene to load (see --list-scenes)");
    cli.add_option("--res", o.sceneParams.resolution, "scene resolution (0 = scene default)");
    std::string arapForm;
    addSceneFlags(cli, o.sceneParams, arapForm);
    o.settings.addFlags(cli, "", sim::ParamLevel::Advanced);
    cli.add_option("--device", o.device,
                   "where the solver runs: cpu | cuda (mgpbd, xpbd; headless)");
    cli.add_option("--frames", o.frames, "frames to run, then exit (headless default 300)");
    cli.add_option("--stats", o.statsPath, "write per-frame statistics to this CSV file");
    auto* cloth =
        cli.add_option("--cloth", o.clothPath, "load a mesh (.obj, .off, .stl) as a cloth");
    auto* soft = cli.add_option("--softbody", o.softBodyPath,
                                "load a closed mesh (.obj, .off, .stl) as a soft body (TetGen)");
    cli.add_flag("--pin-top", o.pinTop, "pin the top 2% of the imported body's vertices");
    cli.add_option("--tets", o.tets, "tet budget of an imported soft body (decimated to fit)");
    cli.add_option("--triangles", o.clothTriangles,
                   "decimate an imported cloth to at most this many triangles (0 = keep)");
    cli.add_option("--scene-file", o.sceneFile, "build the world from a scene file (JSON)")
        ->excludes(cloth)
        ->excludes(soft);
    cli.add_option("--save-scene", o.saveScene,
                   "write the scene file of the loaded world (before the first step)");
    cli.add_option("--state", o.statePath, "load a state file after the scene");
    cli.add_option("--save-state", o.saveState, "write the state at the end of the run");
    cli.add_option("--export-meshes", o.exportMeshes,
                   "write one OBJ per frame (DIR/frame_000001.obj ...) of the current surface "
                   "(the window: from the start; E stops and restarts it)");
    addCompareFlags(cli, o);
    addWindowFlags(cli, o);
    try {
        cli.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return cli.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "pbd-sandbox: " << e.what() << "\nRun with --help for the valid options.\n";
        return 2;
    }
    auto fail = [](const std::string& message) {
        std::cerr << "pbd-sandbox: " << message << "\n";
        return 2;
    };
    if (o.listScenes || o.listParams) return std::nullopt;
    if (std::string e = checkWorldOptions(o); !e.empty()) return fail(e);
    if (std::string e = checkSceneParams(o.sceneParams, arapForm); !e.empty()) return fail(e);
    if (std::string e = checkDevice(o); !e.empty()) return fail(e);
    if (std::string e = checkCompareOptions(o); !e.empty()) return fail(e);
    if (o.headless) {  // a window-only flag would do nothing: refused rather than ignored
        const std::pair<const char*, const std::string*> windowOnly[] = {
            {"--screenshot", &o.screenshotPath},
            {"--record", &o.recordPath},
            {"--input", &o.inputPath},
            {"--record-session", &o.recordSession}};
        for (const auto& [flag, value] : windowOnly)
            if (!value->empty())
                return fail(std::string(flag) +
                            " needs the window: drop --headless (without a display, run under "
                            "xvfb-run -a -s \"-screen 0 1280x720x24\")");
        if (o.pace) return fail("--pace needs the window: drop --headless");
        if (o.panels != "shown") return fail("--panels needs the window: drop --headless");
    }
    if (o.panels != "shown" && o.panels != "hidden")
        return fail("--panels '" + o.panels + "' is invalid: use shown or hidden");
    if (o.pace && *o.pace != "realtime" && *o.pace != "lockstep") {
        return fail("--pace '" + *o.pace + "' is invalid: use realtime or lockstep");
    }
    if (o.frames < 0)
        return fail("--frames " + std::to_string(o.frames) + " is invalid: must be >= 0");
    if (o.width < 64 || o.height < 64 || o.width > 8192 || o.height > 8192)
        return fail("window size " + std::to_string(o.width) + "x" + std::to_string(o.height) +
                    " is invalid: each side must be in [64, 8192]");
    return std::nullopt;
}

std::string checkWorldOptions(const Options& o) {
    if (!sim::findScene(o.scene))
        return "unknown scene '" + o.scene + "'. Valid scenes: " + sim::sceneNames();
    if (o.sceneParams.resolution < 0 || o.sceneParams.resolution > 4096)
        return "--res " + std::to_string(o.sceneParams.resolution) +
               " is invalid: must be in [1, 4096]";
    if (o.tets < 100 || o.tets > 2'000'000)
        return "--tets " + std::to_string(o.tets) + " is invalid: must be in [100, 2000000]";
    if (o.clothTriangles != 0 && (o.clothTriangles < 4 || o.clothTriangles > 20'000'000))
        return "--triangles " + std::to_string(o.clothTriangles) +
               " is invalid: must be 0 (keep all) or in [4, 20000000]";
    sim::Settings check;  // a bad value is reported now, not after the scene loaded
    return o.settings.apply(check);
}

std::string applyOverrides(const Options& o, sim::World& world) {
    if (std::string e = o.settings.apply(world.settings); !e.empty()) return e;
    if (auto device = sim::cuda::parseDevice(o.device))
        if (std::string e = sim::cuda::useDevice(*device, world); !e.empty()) return e;
    return {};
}

}  // namespace app
