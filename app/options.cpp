#include "app/options.h"

#include <CLI/CLI.hpp>
#include <cmath>
#include <iostream>

#include "sim/io/tetgen_runner.h"
#include "sim/scenes/scene_table.h"
#include "sim/topology/softbody_builder.h"

namespace app {

std::optional<int> parseOptions(int argc, char** argv, Options& o) {
    CLI::App cli{"pbd-sandbox: interactive cloth and soft-body sandbox (PBD, HPBD, MGPBD)"};
    cli.add_flag("--headless", o.headless, "run without a window and print a summary");
    cli.add_flag("--list-scenes", o.listScenes, "list the scene table and exit");
    cli.add_option("--scene", o.scene, "scene to load (see --list-scenes)");
    cli.add_option("--solver", o.solver, "pbd | xpbd | hpbd | mgpbd");
    cli.add_option("--res", o.resolution, "scene resolution (0 = scene default)");
    cli.add_option("--iterations", o.iterations, "solver iterations per substep");
    cli.add_option("--substeps", o.substeps, "substeps per frame");
    cli.add_option("--dt", o.dt, "simulated seconds per frame");
    cli.add_option("--stretch", o.stretch, "stretch stiffness slider in [0,1] (PBD k; XPBD compliance)");
    cli.add_option("--bend", o.bend, "bending stiffness slider in [0,1]");
    cli.add_option("--damping", o.damping, "k_damping in [0,1] (PBD paper 3.5)");
    cli.add_option("--mu", o.mu, "ARAP shear modulus of soft bodies [Pa] (MGPBD eq. 8)");
    cli.add_option("--tet-quality", o.tetQuality,
                   "tetgen radius-edge bound for soft-body meshes (0 = off, else in [1, 10])");
    cli.add_option("--tet-max-volume", o.tetMaxVolume, "tetgen max tet volume [m^3] (0 = none)");
    cli.add_option("--arap-form", o.arapForm,
                   "ARAP rows per soft-body tet: strain (six) or norm (one); default: the scene's");
    cli.add_option("--mgpbd-system", o.mgpbdSystem,
                   "MGPBD linear system: dual (the paper's A) or primal (K = M + J^T D^-1 J)");
    cli.add_option("--self-collision", o.selfCollision, "vertex-triangle self collision (true|false)");
    cli.add_option("--tear", o.tearStrain, "tear edges stretched beyond this strain (0 = off)");
    cli.add_option("--frames", o.frames, "frames to run, then exit (headless default 300)");
    cli.add_option("--stats", o.statsPath, "write per-frame statistics to this CSV file");
    cli.add_option("--width", o.width, "window width in pixels");
    cli.add_option("--height", o.height, "window height in pixels");
    cli.add_option("--screenshot", o.screenshotPath, "save the last frame as PNG");
    cli.add_option("--record", o.recordPath, "record an H.264 MP4 through ffmpeg");
    cli.add_option("--input", o.inputPath, "replay scripted mouse and key input (JSON)");
    cli.add_option("--pace", o.pace,
                   "window: realtime (simulation runs beside the display) or lockstep (display "
                   "waits for each simulated frame); default lockstep with --frames/--input/--record");
    try {
        cli.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return cli.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "pbd-sandbox: " << e.what() << "\nRun with --help for the valid options.\n";
        return 2;
    }
    if (o.listScenes) return std::nullopt;
    if (!sim::findScene(o.scene)) {
        std::cerr << "pbd-sandbox: unknown scene '" << o.scene
                  << "'. Valid scenes: " << sim::sceneNames() << "\n";
        return 2;
    }
    if (o.solver && !sim::solverFromName(*o.solver)) {
        std::cerr << "pbd-sandbox: unknown solver '" << *o.solver
                  << "'. Valid solvers: pbd, xpbd, hpbd, mgpbd\n";
        return 2;
    }
    if (o.resolution < 0 || o.resolution > 4096) {
        std::cerr << "pbd-sandbox: --res " << o.resolution << " is invalid: must be in [1, 4096]\n";
        return 2;
    }
    {
        sim::TetgenOptions& tetgen = sim::sceneTetgenOptions();
        tetgen.quality = o.tetQuality;
        tetgen.maxVolume = o.tetMaxVolume;
        if (std::string e = tetgen.validate(); !e.empty()) {
            std::cerr << "pbd-sandbox: " << e << "\n";
            return 2;
        }
    }
    if (o.arapForm) {
        sim::ArapForm form;
        if (!sim::parseArapForm(*o.arapForm, form)) {
            std::cerr << "pbd-sandbox: --arap-form '" << *o.arapForm
                      << "' is invalid: must be strain or norm\n";
            return 2;
        }
        sim::arapFormOverride() = form;
    }
    if (o.pace && *o.pace != "realtime" && *o.pace != "lockstep") {
        std::cerr << "pbd-sandbox: --pace '" << *o.pace << "' is invalid: use realtime or lockstep\n";
        return 2;
    }
    if (o.frames < 0) {
        std::cerr << "pbd-sandbox: --frames " << o.frames << " is invalid: must be >= 0\n";
        return 2;
    }
    if (o.width < 64 || o.height < 64 || o.width > 8192 || o.height > 8192) {
        std::cerr << "pbd-sandbox: window size " << o.width << "x" << o.height
                  << " is invalid: each side must be in [64, 8192]\n";
        return 2;
    }
    return std::nullopt;
}

std::string applyOverrides(const Options& o, sim::World& world) {
    sim::Settings s = world.settings;
    if (o.solver) {
        sim::SolverKind kind = *sim::solverFromName(*o.solver);
        if (!sim::solverAvailable(kind))
            return "solver '" + *o.solver + "' is not available in this build yet";
        s.solver = kind;
    }
    if (o.iterations) s.iterations = *o.iterations;
    if (o.mu) {
        if (!(*o.mu > 0) || !std::isfinite(*o.mu))
            return "--mu " + std::to_string(*o.mu) + " is invalid: must be finite and > 0 [Pa]";
        s.arap = sim::Material{1.0, 1.0 / *o.mu};
    }
    if (o.substeps) s.substeps = *o.substeps;
    if (o.dt) s.frameDt = *o.dt;
    auto slider = [](const char* name, double v) -> std::string {
        if (v >= 0 && v <= 1) return {};
        return std::string("--") + name + " " + std::to_string(v) + " is invalid: must be in [0, 1]";
    };
    if (o.stretch) {
        if (auto e = slider("stretch", *o.stretch); !e.empty()) return e;
        s.stretch = sim::materialFromSlider(*o.stretch, sim::kStretchCompliance);
    }
    if (o.bend) {
        if (auto e = slider("bend", *o.bend); !e.empty()) return e;
        s.bend = sim::materialFromSlider(*o.bend, sim::kBendCompliance);
    }
    if (o.damping) s.damping = *o.damping;
    if (o.selfCollision) s.selfCollision = *o.selfCollision;
    if (o.mgpbdSystem) {
        if (*o.mgpbdSystem != "dual" && *o.mgpbdSystem != "primal")
            return "--mgpbd-system '" + *o.mgpbdSystem + "' is invalid: use dual or primal";
        s.mgpbd.primalSystem = *o.mgpbdSystem == "primal";
    }
    if (o.tearStrain) s.tearStrain = *o.tearStrain;
    if (std::string error = s.validate(); !error.empty()) return error;
    world.settings = s;
    world.setSolver(s.solver);
    return {};
}

}  // namespace app
