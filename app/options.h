#pragma once
// Everything the pbd-sandbox command line can say, parsed by CLI11 (app/options.cpp).
// Optional fields override the scene's own settings only when given.
#include <optional>
#include <string>

#include "sim/core/world.h"

namespace app {

struct Options {
    bool headless = false;
    bool listScenes = false;
    std::string scene = "hanging_cloth";
    std::optional<std::string> solver;
    int resolution = 0;  // 0 = the scene's default
    std::optional<int> iterations;
    std::optional<int> substeps;
    std::optional<double> dt;
    std::optional<double> stretch;  // stiffness sliders in [0,1] (materialFromSlider)
    std::optional<double> bend;
    std::optional<double> damping;
    std::optional<double> mu;        // ARAP shear modulus [Pa] (compliance 1/(mu V_tet))
    std::optional<std::string> arapForm;  // ARAP rows per tet (sim::ArapForm); unset: the scene's
    double tetQuality = 1.414;       // tetgen -q radius-edge bound for soft-body scenes
    double tetMaxVolume = 0;         // tetgen -a volume bound [m^3], 0 = none
    std::optional<bool> selfCollision;  // --self-collision on|off
    std::optional<std::string> mgpbdSystem;  // dual | primal (MgpbdSettings::primalSystem)
    std::optional<double> tearStrain;   // 0 = no tearing
    int frames = 0;  // 0 = run until the window closes (headless: 300)
    std::string statsPath;
    // Window-only options.
    int width = 1280, height = 720;
    std::string screenshotPath;
    std::string recordPath;
    std::string inputPath;
    // realtime | lockstep; unset: lockstep for --frames, --input and --record, else realtime.
    std::optional<std::string> pace;
};

// Parses argv. Returns an exit code to stop with (0 after --help, 2 on a bad value), or
// nothing to go on. Messages go to stderr and name what is valid.
std::optional<int> parseOptions(int argc, char** argv, Options& options);

// Applies the command line's overrides to a freshly loaded world; returns an error
// message (naming the bad value) or empty.
std::string applyOverrides(const Options& options, sim::World& world);

}  // namespace app
