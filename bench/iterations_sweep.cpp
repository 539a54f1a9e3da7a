// pbd-bench iterations: a scene run for N frames at several iteration counts; reports the
// max and mean strain at the last frame and the mean ms per frame (simulation only).
#include <cstdio>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "sim/world/metrics.h"

namespace bench {
namespace {

struct Args {
    std::string scene = "hanging_cloth";
    std::string solver = "pbd";
    std::string iterations = "5,10,20,40";
    int res = 64;
    int frames = 300;
    // The figures are of the plain solvers: no tethers, one substep (hanging_cloth's defaults
    // are tethers and 2 substeps).
    bool tethers = false;
    int substeps = 1;
    std::string csv;
};

int run(const Args& a) {
    auto kind = sim::solverFromName(a.solver);
    if (!kind) {
        std::fprintf(stderr, "pbd-bench: unknown solver '%s' (pbd | xpbd | hpbd | mgpbd)\n",
                     a.solver.c_str());
        return 2;
    }
    FILE* out = openCsv(a.csv);
    std::fprintf(out, "# %s, scene %s res %d, %d frames, %d substeps\n",
                 machineDescription().c_str(), a.scene.c_str(), a.res, a.frames, a.substeps);
    std::fprintf(out, "solver,iterations,frame,max_strain,mean_strain,ms_per_frame\n");
    for (int iterations : parseList<int>(a.iterations)) {
        sim::World world = loadSceneOrDie(a.scene, a.res);
        world.settings.iterations = iterations;
        world.settings.tethers = a.tethers;
        world.settings.substeps = a.substeps;
        world.settings.trackResidual = false;
        world.setSolver(*kind);
        double ms = 0;
        for (int f = 0; f < a.frames; ++f) {
            world.step();
            ms += world.profile.total;
        }
        const sim::FrameMetrics m = sim::measure(world);
        std::fprintf(out, "%s,%d,%d,%.6f,%.7f,%.4f\n", a.solver.c_str(), iterations, a.frames,
                     m.maxStrain, m.meanStrain, ms / a.frames);
        std::fflush(out);
    }
    if (out != stdout) std::fclose(out);
    return 0;
}

BenchRegistration reg({"iterations", "strain and ms/frame of a scene against iteration count",
                       [](CLI::App& sub) {
                           auto a = std::make_shared<Args>();
                           sub.add_option("--scene", a->scene);
                           sub.add_option("--solver", a->solver);
                           sub.add_option("--iterations", a->iterations, "comma-separated list");
                           sub.add_option("--res", a->res);
                           sub.add_option("--frames", a->frames);
                           sub.add_option("--tethers", a->tethers, "tethers to the pins");
                           sub.add_option("--substeps", a->substeps, "substeps per frame");
                           sub.add_option("--csv", a->csv);
                           return [a] { return run(*a); };
                       }});

}  // namespace
}  // namespace bench
