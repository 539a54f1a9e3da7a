#pragma once
// Scene files (--scene-file / --save-scene, the Scene panel's Save and Load): how to build a
// world, as versioned JSON. A scene file names a built-in scene (with its resolution and
// soft-body parameters) or lists imported meshes (path, kind, options); then every setting of
// the parameter table by name (the text of paramText/setParam), the pins, the colliders with
// their motion (collider_motion.h) and the window's camera (an opaque object the sim only
// keeps). It describes the start of a scene, not a moment of it: that is a state file.
//   {"format": "pbd-sandbox-scene", "version": 1,
//    "scene": {"name": "hanging_cloth", "resolution": 32, "tet_quality": 1.414,
//              "tet_max_volume": 0, "arap_form": "norm"},
//    "imports": [{"path": "bunny.off", "kind": "softbody", "tets": 5000, "pin_top": false,
//                 "pins": [], "triangles": 0, "size": 1.5, "lift": 0.3, "place": [0, 0, 0]}],
//    "settings": {"solver": "xpbd", "dt": 0.01, "gravity": [0, -9.81, 0], ...},
//    "pins": {"pinned": [0, 32], "unpinned": [5]},
//    "colliders": [{"shape": "box", "center": [...], "half_extents": [...],
//                   "rotation": [[...], [...], [...]], "motion": {"type": "linear", ...}}],
//    "camera": {...}}
// "scene" or "imports", one of them, is required; the rest is optional. Loading a built-in
// scene keeps its own scripted motion; a setting whose value prints the same as the built
// scene's keeps the scene's exact value. Every number is checked against its range (the
// parameter table's for settings) and a bad one is named with its file and field. pbd-bench's
// knobs are not written; an older file's are read (findFileParam, params.h).
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "sim/io/mesh_import.h"
#include "sim/scenes/scene_table.h"

namespace sim {

inline constexpr int kSceneFileVersion = 1;

struct ImportSpec {
    std::string path;
    ImportOptions options;
};

// Pins relative to the built scene: these particles pinned, those unpinned, others as built.
struct PinEdits {
    std::vector<int> pinned, unpinned;
};

struct SceneDescription {
    std::string scene;  // a scene of the table; empty when the world is made of `imports`
    SceneParams params;
    std::vector<ImportSpec> imports;
    std::vector<std::pair<std::string, std::string>> settings;  // name -> paramText form
    std::optional<PinEdits> pins;
    std::optional<std::vector<Collider>> colliders;  // replaces the scene's (see buildScene)
    std::string camera;  // the window's camera as JSON text ("" = none): stored, never read
    std::string source = "command line";  // where it came from, for messages
};

// What building a scene found out, for describeScene and the UI.
struct SceneBuildInfo {
    int builtParticles = 0;        // particles right after the build (pins index these)
    std::vector<int> defaultPins;  // pinned by the scene itself
    std::vector<ImportReport> imports;
};

std::string readSceneFile(const std::string& path, SceneDescription& out);
std::string writeSceneFile(const std::string& path, const SceneDescription& description);

// Builds the described world into `world` (replaced only on success). `prepared`: imports
// already prepared off the UI thread (ImportJob), one per description import, in order;
// empty: they are prepared here. A built-in scene's colliders may be moved, resized or given
// a motion and more may be added, but not removed or reshaped (its scripts address them).
std::string buildScene(World& world, const SceneDescription& description,
                       SceneBuildInfo* info = nullptr,
                       std::span<const PreparedImport> prepared = {});

// The description of the world as it is now: `source`'s scene or imports and camera, every
// setting, the pins against the built scene's, the colliders (moving ones at their start pose).
SceneDescription describeScene(const World& world, const SceneDescription& source,
                               const SceneBuildInfo& info);

}  // namespace sim
