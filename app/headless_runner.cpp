#include "app/headless_runner.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "app/load_world.h"
#include "sim/core/frame_cost.h"
#include "sim/io/obj_export.h"
#include "sim/io/state_file.h"
#include "sim/io/stats_csv.h"
#include "sim/scenes/scene_table.h"
#include "sim/world/checks.h"
#include "sim/world/metrics.h"
#include "sim/world/state_hash.h"

namespace app {

int listScenes() {
    for (const sim::SceneInfo& s : sim::sceneTable())
        std::printf("%-20s %-10s res %-4d %s\n", s.name, s.category, s.defaultResolution,
                    s.description);
    return 0;
}

namespace {

// --save-state at the end of the run; false (message printed) when it could not be written.
bool saveFinalState(const sim::World& world, const std::string& path, const std::string& scene) {
    if (std::string error = sim::saveState(world, path, scene); !error.empty()) {
        std::cerr << "pbd-sandbox: " << error << "\n";
        return false;
    }
    if (std::string note = world.solver().inexactResumeNote(world.frame(), world.settings);
        !note.empty())
        std::cerr << "pbd-sandbox: note: " << note << "\n";
    return true;
}

// One row of --stats with the headless runner's own columns; false (message printed) when it
// could not be written.
bool writeStatsRow(sim::StatsCsv& csv, const sim::World& world, int penetrations, int crossings,
                   int edgeCrossings) {
    if (csv.writeRow(world,
                     {double(world.particles.size()), double(world.contacts().self.size()),
                      double(penetrations), double(crossings), double(sim::countComponents(world)),
                      sim::volumeRatio(world), double(edgeCrossings)}))
        return true;
    std::cerr << "pbd-sandbox: " << csv.error() << "\n";
    return false;
}

// Warns on stderr of a frame far dearer than the run's usual one (sim/core/frame_cost.h).
void warnOfCost(sim::FrameCostWatch& watch, const sim::World& world) {
    const std::string w =
        watch.update(world.frame(), world.profile.total, world.contacts().self.size(),
                     world.particles.size(), world.settings.substepDt());
    if (!w.empty()) std::cerr << "pbd-sandbox: warning: " << w << "\n";
}

// The checks' totals over the run (--stats).
void printCheckTotals(const sim::World& world, const sim::CrossingMonitor& crossings,
                      const sim::EdgeCrossingMonitor& edgeCrossings, int maxPenetrations,
                      int totalCrossings, int totalEdgeCrossings) {
    std::printf("checks: max penetrations %d, total crossings %d, components %d%s\n",
                maxPenetrations, totalCrossings, sim::countComponents(world),
                crossings.truncatedUpdates() == 0
                    ? ""
                    : (" (crossings a lower bound: the check reached its work limit in " +
                       std::to_string(crossings.truncatedUpdates()) + " frames)")
                          .c_str());
    std::printf("checks: total edge-edge crossings %d%s\n", totalEdgeCrossings,
                edgeCrossings.truncatedUpdates() == 0
                    ? ""
                    : (" (a lower bound: the check reached its work limit in " +
                       std::to_string(edgeCrossings.truncatedUpdates()) + " frames)")
                          .c_str());
}

// The run's one summary line; false when the state is not finite.
bool printSummary(const sim::World& world, const LoadedWorld& loaded, int frames, double simMs) {
    const sim::FrameMetrics m = sim::measure(world);
    const bool finite = m.kineticEnergy == m.kineticEnergy;
    const sim::SceneInfo* info = sim::findScene(loaded.name);
    const int res = loaded.description.params.resolution > 0 ? loaded.description.params.resolution
                    : info                                   ? info->defaultResolution
                                                             : 0;
    std::printf(
        "%s res=%d solver=%s device=%s iterations=%d substeps=%d particles=%d constraints=%zu: "
        "%d frames, %.3f ms/frame, max strain %.5f, mean strain %.6f, kinetic energy %.5g J%s, "
        "frame %ld state_hash %s\n",
        loaded.name.c_str(), res, sim::solverName(world.settings.solver),
        world.solver().stats().device ? "cuda" : "cpu",  // where it ran
        world.settings.iterations, world.settings.substeps, world.particles.size(),
        world.constraints.size(), frames, simMs / frames, m.maxStrain, m.meanStrain,
        m.kineticEnergy, finite ? "" : " (NOT FINITE)", world.frame(),
        sim::stateHashText(world).c_str());
    return finite;
}

}  // namespace

int runHeadless(const Options& o) {
    sim::World world;
    LoadedWorld loaded;
    if (std::string error = loadWorld(o, world, &loaded); !error.empty()) {
        std::cerr << "pbd-sandbox: " << error << "\n";
        return 2;
    }
    for (const sim::ImportReport& r : loaded.info.imports)
        std::printf("imported %s\n", r.text().c_str());
    if (!o.saveScene.empty()) {  // the scene as it starts, written before the first step
        const sim::SceneDescription now =
            sim::describeScene(world, loaded.description, loaded.info);
        if (std::string error = sim::writeSceneFile(o.saveScene, now); !error.empty()) {
            std::cerr << "pbd-sandbox: " << error << "\n";
            return 2;
        }
    }
    sim::ObjSequenceExporter exporter;
    if (!o.exportMeshes.empty())
        if (std::string error = exporter.start(o.exportMeshes); !error.empty()) {
            std::cerr << "pbd-sandbox: " << error << "\n";
            return 2;
        }
    sim::StatsCsv csv;
    // Particle and self-contact counts (they grow with tearing and folding), then the
    // solver-independent checks (sim/world/checks.h) as extra columns; volume_ratio is 0
    // without a closed pressure surface; edge_crossings counts edge-edge passes (ccd.h).
    if (!o.statsPath.empty() &&
        !csv.open(o.statsPath, {"particles", "self_contacts", "penetrations", "crossings",
                                "components", "volume_ratio", "edge_crossings"})) {
        std::cerr << "pbd-sandbox: " << csv.error() << "\n";
        return 2;
    }
    const int frames = o.frames > 0 ? o.frames : 300;
    double simMs = 0;
    sim::CrossingMonitor crossings;
    sim::EdgeCrossingMonitor edgeCrossings;
    if (csv.isOpen()) crossings.update(world), edgeCrossings.update(world);
    int maxPenetrations = 0, totalCrossings = 0, totalEdgeCrossings = 0;
    sim::FrameCostWatch costWatch;
    for (int f = 0; f < frames; ++f) {
        try {
            world.step();
        } catch (const std::exception& e) {  // StepFailure: the world is back at its last state
            std::cerr << "pbd-sandbox: the step to frame " << world.frame() + 1
                      << " failed: " << e.what() << "\n";
            return 1;
        }
        simMs += world.profile.total;
        warnOfCost(costWatch, world);
        if (std::string error = exporter.writeFrame(world); !error.empty()) {
            std::cerr << "pbd-sandbox: " << error << "\n";
            return 1;
        }
        if (!csv.isOpen()) continue;
        const int pen = sim::countPenetrations(world);
        const int cross = crossings.update(world);
        const int edgeCross = edgeCrossings.update(world);
        maxPenetrations = std::max(maxPenetrations, pen);
        totalCrossings += cross;
        totalEdgeCrossings += edgeCross;
        if (!writeStatsRow(csv, world, pen, cross, edgeCross)) return 1;
    }
    if (csv.isOpen())
        printCheckTotals(world, crossings, edgeCrossings, maxPenetrations, totalCrossings,
                         totalEdgeCrossings);
    if (!o.saveState.empty() && !saveFinalState(world, o.saveState, loaded.name)) return 1;
    const bool finite = printSummary(world, loaded, frames, simMs);
    if (!exporter.folder().empty())
        std::printf("exported %d OBJ files to %s\n", exporter.framesWritten(),
                    exporter.folder().c_str());
    return finite ? 0 : 1;
}

}  // namespace app
