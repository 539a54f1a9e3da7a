#include "sim/scenes/scene_table.h"

#include "sim/scenes/scene_budget.h"
#include "sim/scenes/scenes.h"
#include "sim/world/world.h"

namespace sim {

const std::vector<SceneInfo>& sceneTable() {
    static const std::vector<SceneInfo> table = {
        hangingClothScene(),    curtainScene(),     clothOnSphereScene(), pendulumChainScene(),
        bunnySquashScene(),     beamScene(),        barTwistScene(),      ballDropScene(),
        softbodyOnClothScene(), mgpbdClothScene(),  tearableClothScene(), selfCollisionFoldScene(),
        rotatingBarrelScene(),  clothOnMeshScene(), movingSphereScene(),  rigidStackScene(),
        balloonScene(),
    };
    return table;
}

const SceneInfo* findScene(const std::string& name) {
    for (const SceneInfo& s : sceneTable())
        if (name == s.name) return &s;
    return nullptr;
}

std::string sceneNames() {
    std::string names;
    for (const SceneInfo& s : sceneTable())
        names += (names.empty() ? "" : ", ") + std::string(s.name);
    return names;
}

std::string loadScene(World& world, const std::string& name, int resolution) {
    SceneParams params;
    params.resolution = resolution;
    return loadScene(world, name, params);
}

std::string loadScene(World& world, const std::string& name, const SceneParams& params) {
    const SceneInfo* scene = findScene(name);
    if (!scene) return "unknown scene '" + name + "'; valid scenes: " + sceneNames();
    const int res = params.resolution > 0 ? params.resolution : scene->defaultResolution;
    if (res > 4096) return "resolution " + std::to_string(res) + " is too large (max 4096)";
    if (std::string e = checkSceneBudget(name, res, params.allowLarge); !e.empty())
        return std::string("scene '") + name + "': " + e;
    World fresh;
    fresh.settings = Settings::defaults();
    SceneParams resolved = params;
    resolved.resolution = res;
    if (std::string error = scene->build(fresh, resolved); !error.empty())
        return std::string("scene '") + name + "': " + error;
    world = std::move(fresh);
    world.bumpTopology();
    world.setSolver(world.settings.solver);
    return {};
}

}  // namespace sim
