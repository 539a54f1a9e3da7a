#include "sim/scenes/imported_scene.h"

#include <algorithm>

#include "sim/scenes/softbody_common.h"

namespace sim {

int importedIterations(const World& world) {
    constexpr double kTetWeight = 6;  // an ARAP projection against a distance constraint
    const ConstraintSet& c = world.constraints;
    const double tets = static_cast<double>(c.arap.size() + c.arapStrain.size());
    const double rows = static_cast<double>(c.size()) - tets + kTetWeight * tets;
    const double perIteration = rows * world.settings.substeps;
    const int settled = world.settings.iterations;
    if (perIteration <= 0) return settled;
    const int fit = static_cast<int>(kImportedWorkPerStep / perIteration);
    return std::clamp(fit, std::min(kImportedMinIterations, settled), settled);
}

std::string buildImportedScene(World& world, std::span<const PreparedImport> bodies) {
    if (bodies.empty()) return "no mesh to import";
    World fresh;
    fresh.settings = Settings::defaults();
    bool softBody = false;
    for (const PreparedImport& body : bodies) {
        if (std::string e = applyImport(fresh, body); !e.empty()) return e;
        softBody = softBody || body.options.kind == BodyKind::SoftBody;
    }
    fresh.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    if (softBody)
        useSoftBodySettings(fresh.settings, kImportedSoftBodyMu);
    else
        fresh.settings.substeps = kImportedClothSubsteps;
    // A mesh made cloth folds onto itself (a closed shell hanging from its top collapses).
    fresh.settings.selfCollision = !softBody || bodies.size() > 1;
    fresh.settings.iterations = importedIterations(fresh);
    world = std::move(fresh);
    world.bumpTopology();
    world.setSolver(world.settings.solver);
    return {};
}

}  // namespace sim
