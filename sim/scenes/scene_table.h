#pragma once
// The one table of scenes that the app, the tests and the benchmarks share (Jolt's
// sSoftBodyTests[], Box2D's RegisterSample). Each scene lives in its own file and exposes a
// build function that fills an empty world and may adjust its settings; command-line and UI
// settings are applied after it.
#include <optional>
#include <string>
#include <vector>

#include "sim/constraints/arap.h"
#include "sim/io/tetgen_runner.h"

namespace sim {

class World;

// Everything a scene is built from: nothing reaches a build function any other way.
struct SceneParams {
    int resolution = 0;    // scene-specific size (quads per side, links, ...); 0 = default
    TetgenOptions tetgen;  // how soft-body surfaces are tetrahedralized
    std::optional<ArapForm> arapForm;  // ARAP rows per tet; unset: the scene's own choice
    bool allowLarge = false;           // build past the memory limit (scene_budget.h)
};

struct SceneInfo {
    const char* name;
    const char* category;
    const char* description;
    int defaultResolution;
    // Builds into a cleared world from params (resolution already defaulted); returns an
    // error message or empty.
    std::string (*build)(World& world, const SceneParams& params);
};

const std::vector<SceneInfo>& sceneTable();
const SceneInfo* findScene(const std::string& name);
// A comma-separated list of the scene names, for messages.
std::string sceneNames();

// Clears the world, resets its settings to defaults and builds the named scene. On error
// (unknown scene, bad resolution, failed build) the world is left untouched.
std::string loadScene(World& world, const std::string& name, const SceneParams& params = {});
// The same at a resolution (0 = the scene's default) with default scene parameters.
std::string loadScene(World& world, const std::string& name, int resolution);

}  // namespace sim
