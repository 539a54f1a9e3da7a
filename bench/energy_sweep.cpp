// pbd-bench energy-sweep: issue 20's no-explosion sweep. Each scene x resolution x solver x
// substeps x iterations runs N frames at the scene's own time step; a row gives the largest
// kinetic energy over the run divided by m g h (releasableEnergy at the start: nothing else
// does work in these scenes, so the ratio must stay below 1) and whether a NaN appeared.
#include <chrono>
#include <cmath>
#include <cstdio>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "sim/world/checks.h"
#include "sim/world/metrics.h"

namespace bench {
namespace {

struct Args {
    std::string scenes = "hanging_cloth,cloth_on_sphere";
    std::string resolutions = "32,99,199";
    std::string solvers = "pbd,xpbd,hpbd";
    std::string substeps = "1,2,5,10,20";
    std::string iterations = "1,2,5,10,20";
    int frames = 300;
    std::string tethers = "scene";  // scene (the scene's own default), on or off
    std::string csv;
};

struct Outcome {
    double mgh = 0, maxKe = 0, msPerFrame = 0;
    int frameOfMax = 0, framesRun = 0;
    bool nan = false;
};

Outcome runOne(const std::string& scene, int res, sim::SolverKind solver, int substeps,
               int iterations, int frames, const std::string& tethers) {
    sim::World world = loadSceneOrDie(scene, res);
    if (tethers != "scene") world.settings.tethers = tethers == "on";
    world.settings.substeps = substeps;
    world.settings.iterations = iterations;
    world.settings.trackResidual = false;
    world.setSolver(solver);
    Outcome o;
    o.mgh = sim::releasableEnergy(world);
    const auto start = std::chrono::steady_clock::now();
    for (int f = 0; f < frames; ++f) {
        world.step();
        ++o.framesRun;
        const double ke = sim::measure(world).kineticEnergy;
        if (!std::isfinite(ke)) {
            o.nan = true;
            break;
        }
        if (ke > o.maxKe) o.maxKe = ke, o.frameOfMax = f + 1;
    }
    o.msPerFrame =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count() /
        o.framesRun;
    return o;
}

int run(const Args& a) {
    FILE* out = openCsv(a.csv);
    std::fprintf(out, "# %s\n# %s; dt = each scene's own (1/60 s)\n", machineDescription().c_str(),
                 benchCommandLine().c_str());
    std::fprintf(
        out,
        "scene,res,solver,tethers,substeps,iterations,frames,mgh_J,max_ke_J,max_ke_over_mgh,"
        "frame_of_max,nan,ms_per_frame\n");
    double worst = 0;
    int nans = 0, rows = 0;
    for (const std::string& scene : parseList<std::string>(a.scenes))
        for (int res : parseList<int>(a.resolutions))
            for (const std::string& name : parseList<std::string>(a.solvers)) {
                const auto kind = sim::solverFromName(name);
                if (!kind) {
                    std::fprintf(stderr, "pbd-bench: unknown solver '%s'\n", name.c_str());
                    return 2;
                }
                for (int s : parseList<int>(a.substeps))
                    for (int it : parseList<int>(a.iterations)) {
                        const Outcome o = runOne(scene, res, *kind, s, it, a.frames, a.tethers);
                        std::fprintf(out, "%s,%d,%s,%s,%d,%d,%d,%.6g,%.6g,%.6g,%d,%d,%.3f\n",
                                     scene.c_str(), res, name.c_str(), a.tethers.c_str(), s, it,
                                     o.framesRun, o.mgh, o.maxKe, o.maxKe / o.mgh, o.frameOfMax,
                                     o.nan ? 1 : 0, o.msPerFrame);
                        std::fflush(out);
                        worst = std::max(worst, o.nan ? INFINITY : o.maxKe / o.mgh);
                        nans += o.nan;
                        ++rows;
                    }
            }
    std::fprintf(out, "# %d runs: max KE / m g h = %.4g, runs with NaN: %d\n", rows, worst, nans);
    if (out != stdout) std::fclose(out);
    std::fprintf(stderr, "energy-sweep: %d runs, max KE / m g h = %.4g, runs with NaN: %d\n", rows,
                 worst, nans);
    return worst < 1 && nans == 0 ? 0 : 1;
}

BenchRegistration reg(
    {"energy-sweep",
     "issue 20: max kinetic energy / m g h over scenes x res x solvers x substeps x iterations",
     [](CLI::App& sub) {
         auto a = std::make_shared<Args>();
         sub.add_option("--scenes", a->scenes, "comma-separated scene names");
         sub.add_option("--res", a->resolutions, "comma-separated resolutions");
         sub.add_option("--solvers", a->solvers, "comma-separated: pbd, xpbd, hpbd, mgpbd");
         sub.add_option("--substeps", a->substeps, "comma-separated list");
         sub.add_option("--iterations", a->iterations, "comma-separated list");
         sub.add_option("--frames", a->frames, "frames per run");
         sub.add_option("--tethers", a->tethers, "scene (its default), on or off")
             ->check(CLI::IsMember({"scene", "on", "off"}));
         sub.add_option("--csv", a->csv, "output file (default stdout)");
         return [a] { return run(*a); };
     }});

}  // namespace
}  // namespace bench
