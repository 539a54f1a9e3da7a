#pragma once
// The one way the program builds its world from the command line, for the headless runner
// and the window alike: a scene file (--scene-file), the imported meshes (--cloth,
// --softbody), or a scene of the table (--scene, --res); then the setting flags; then a
// state file (--state). The description it was built from is kept, so that --save-scene
// and the window's Save write the same scene back (sim::describeScene).
#include <string>

#include "app/options.h"
#include "sim/scenes/scene_file.h"

namespace app {

struct LoadedWorld {
    sim::SceneDescription description;  // what was built (reset and Save use it)
    sim::SceneBuildInfo info;           // particles built, the scene's own pins, import reports
    std::string name;                   // the scene's name, or "imported"
};

// How the command line imports `path` as `kind` (pins, tet budget, decimation, tetgen),
// its bounding box centred at x (m) in x; the window's dropped files use it too.
sim::ImportSpec importSpec(const Options& options, const std::string& path, sim::BodyKind kind,
                           double x = 0);

// The description the options give (reads --scene-file) into `out`, which is fresh (default
// constructed). Returns an error, or empty.
std::string describeOptions(const Options& options, sim::SceneDescription& out);

// Loads --state into the world built for `scene` (a file of another scene is refused), then
// applies the setting flags again: the file brings its settings, the command line wins.
std::string loadStateWithOverrides(const Options& options, sim::World& world,
                                   const std::string& scene);

// Builds the world the options describe into `world` (replaced only on success); `loaded`
// gets the description and the build info. Returns an error naming the file or flag, or empty.
std::string loadWorld(const Options& options, sim::World& world, LoadedWorld* loaded = nullptr);

}  // namespace app
