#pragma once
// The one table of scenes that the app, the tests and the benchmarks share (Jolt's
// sSoftBodyTests[], Box2D's RegisterSample). Each scene lives in its own file and exposes a
// build function that fills an empty world and may adjust its settings; command-line and UI
// settings are applied after it.
#include <string>
#include <vector>

namespace sim {

class World;

struct SceneParams {
    int resolution = 0;  // scene-specific size (quads per side, links, ...); 0 = default
};

struct SceneInfo {
    const char* name;
    const char* category;
    const char* description;
    int defaultResolution;
    // Builds into a cleared world; returns an error message or empty.
    std::string (*build)(World& world, int resolution);
};

const std::vector<SceneInfo>& sceneTable();
const SceneInfo* findScene(const std::string& name);
// A comma-separated list of the scene names, for messages.
std::string sceneNames();

// Clears the world, resets its settings to defaults and builds the named scene. On error
// (unknown scene, bad resolution, failed build) the world is left untouched.
std::string loadScene(World& world, const std::string& name, const SceneParams& params = {});

}  // namespace sim
