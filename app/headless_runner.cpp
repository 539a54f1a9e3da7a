#include "app/headless_runner.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "sim/core/checks.h"
#include "sim/core/metrics.h"
#include "sim/io/stats_csv.h"
#include "sim/scenes/scene_table.h"

namespace app {

int listScenes() {
    for (const sim::SceneInfo& s : sim::sceneTable())
        std::printf("%-20s %-10s res %-4d %s\n", s.name, s.category, s.defaultResolution,
                    s.description);
    return 0;
}

int runHeadless(const Options& o) {
    sim::World world;
    if (std::string error = sim::loadScene(world, o.scene, o.sceneParams); !error.empty()) {
        std::cerr << "pbd-sandbox: " << error << "\n";
        return 2;
    }
    if (std::string error = applyOverrides(o, world); !error.empty()) {
        std::cerr << "pbd-sandbox: " << error << "\n";
        return 2;
    }
    sim::StatsCsv csv;
    // Particle and self-contact counts (they grow with tearing and folding), then the
    // solver-independent checks (sim/core/checks.h) as extra columns.
    if (!o.statsPath.empty() &&
        !csv.open(o.statsPath,
                  {"particles", "self_contacts", "penetrations", "crossings", "components"})) {
        std::cerr << "pbd-sandbox: " << csv.error() << "\n";
        return 2;
    }
    const int frames = o.frames > 0 ? o.frames : 300;
    double simMs = 0;
    sim::CrossingMonitor crossings;
    if (csv.isOpen()) crossings.update(world);
    int maxPenetrations = 0, totalCrossings = 0;
    for (int f = 0; f < frames; ++f) {
        world.step();
        simMs += world.profile.total;
        if (!csv.isOpen()) continue;
        const int pen = sim::countPenetrations(world);
        const int cross = crossings.update(world);
        maxPenetrations = std::max(maxPenetrations, pen);
        totalCrossings += cross;
        csv.writeRow(world, {double(world.particles.size()), double(world.contacts().self.size()),
                             double(pen), double(cross), double(sim::countComponents(world))});
    }
    if (csv.isOpen())
        std::printf("checks: max penetrations %d, total crossings %d, components %d%s\n",
                    maxPenetrations, totalCrossings, sim::countComponents(world),
                    crossings.truncatedUpdates() == 0
                        ? ""
                        : (" (crossings a lower bound: the check reached its work limit in " +
                           std::to_string(crossings.truncatedUpdates()) + " frames)")
                              .c_str());
    const sim::FrameMetrics m = sim::measure(world);
    const bool finite = m.kineticEnergy == m.kineticEnergy;
    std::printf(
        "%s res=%d solver=%s device=%s iterations=%d substeps=%d particles=%d constraints=%zu: %d frames, "
        "%.3f ms/frame, max strain %.5f, mean strain %.6f, kinetic energy %.5g J%s\n",
        o.scene.c_str(), o.sceneParams.resolution > 0 ? o.sceneParams.resolution : sim::findScene(o.scene)->defaultResolution,
        sim::solverName(world.settings.solver),
        world.solver().stats().find("gpu").value_or(0) > 0 ? "cuda" : "cpu",  // where the last solve ran
        world.settings.iterations, world.settings.substeps,
        world.particles.size(), world.constraints.size(), frames, simMs / frames, m.maxStrain,
        m.meanStrain, m.kineticEnergy, finite ? "" : " (NOT FINITE)");
    return finite ? 0 : 1;
}

}  // namespace app
