#include "app/load_world.h"

#include "sim/io/state_file.h"

namespace app {

sim::ImportSpec importSpec(const Options& o, const std::string& path, sim::BodyKind kind,
                           double x) {
    sim::ImportSpec spec;
    spec.path = path;
    sim::ImportOptions& io = spec.options;
    io.kind = kind;
    io.pinTop = o.pinTop;
    io.targetTets = o.tets;
    io.maxTriangles = kind == sim::BodyKind::Cloth ? o.clothTriangles : 0;
    io.place = sim::Vec3(x, 0, 0);
    io.tetgen = o.sceneParams.tetgen;
    if (o.sceneParams.arapForm) io.softBody.arapForm = *o.sceneParams.arapForm;
    return spec;
}

std::string describeOptions(const Options& o, sim::SceneDescription& d) {
    if (!o.sceneFile.empty()) return sim::readSceneFile(o.sceneFile, d);
    d.scene.clear();
    d.imports.clear();
    d.params = o.sceneParams;
    if (o.clothPath.empty() && o.softBodyPath.empty()) {
        d.scene = o.scene;
        return {};
    }
    const bool both = !o.clothPath.empty() && !o.softBodyPath.empty();  // side by side then
    if (!o.clothPath.empty())
        d.imports.push_back(importSpec(o, o.clothPath, sim::BodyKind::Cloth, both ? -1.0 : 0.0));
    if (!o.softBodyPath.empty())
        d.imports.push_back(
            importSpec(o, o.softBodyPath, sim::BodyKind::SoftBody, both ? 1.0 : 0.0));
    return {};
}

std::string loadStateWithOverrides(const Options& o, sim::World& world, const std::string& scene) {
    if (std::string e = sim::loadState(world, o.statePath, nullptr, scene); !e.empty()) return e;
    // The file brings the settings it was saved with; flags given on the command line still
    // win over them, as they win over the scene's.
    const sim::SolverKind loaded = world.settings.solver;
    if (std::string e = o.settings.apply(world.settings); !e.empty()) return e;
    if (world.settings.solver != loaded) world.setSolver(world.settings.solver);
    return {};
}

std::string loadWorld(const Options& o, sim::World& world, LoadedWorld* loaded) {
    LoadedWorld out;
    if (std::string e = describeOptions(o, out.description); !e.empty()) return e;
    sim::World next;
    if (std::string e = sim::buildScene(next, out.description, &out.info); !e.empty()) return e;
    if (std::string e = applyOverrides(o, next); !e.empty()) return e;
    next.setSolver(next.settings.solver);
    out.name = out.description.imports.empty() ? out.description.scene : "imported";
    if (!o.statePath.empty())
        if (std::string e = loadStateWithOverrides(o, next, out.name); !e.empty()) return e;
    world = std::move(next);
    if (loaded) *loaded = std::move(out);
    return {};
}

}  // namespace app
