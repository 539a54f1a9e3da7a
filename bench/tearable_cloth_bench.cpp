// pbd-bench tearable: ms per frame of tearable_cloth (PBD Fig. 10, 4,264 vertices / 8,262
// triangles at res 81) headless, with self collision off and on, run side by side in one
// process (alternating repetitions) so that their ratio is fair on a noisy machine.
// Columns: self_collision, repetition, frames, ms_per_frame and the stage means.
#include <cstdio>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "sim/world/checks.h"

namespace bench {
namespace {

struct Args {
    std::string solver = "pbd";
    int res = 81;
    int iterations = 10;
    int frames = 300;
    int repetitions = 2;
    std::string self = "0,1";  // self collision modes to run, 0 = off, 1 = on
    int tethers = -1;          // -1: the scene's default (on), 0: off (the paper's set-up), 1: on
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
    std::fprintf(out,
                 "# %s, scene tearable_cloth res %d, solver %s, %d iterations, %d frames, "
                 "tethers %s\n",
                 machineDescription().c_str(), a.res, a.solver.c_str(), a.iterations, a.frames,
                 a.tethers < 0 ? "scene default"
                 : a.tethers   ? "on"
                               : "off");
    std::fprintf(out,
                 "self_collision,repetition,particles_start,particles_end,components_end,"
                 "ms_per_frame,ms_collisions,ms_solve,ms_tear\n");
    for (int rep = 0; rep < a.repetitions; ++rep)
        for (int mode : parseList<int>(a.self)) {
            const bool self = mode != 0;
            sim::World world = loadSceneOrDie("tearable_cloth", a.res);
            world.settings.iterations = a.iterations;
            world.settings.trackResidual = false;
            world.settings.selfCollision = self;
            if (a.tethers >= 0) world.settings.tethers = a.tethers != 0;
            world.setSolver(*kind);
            const int start = world.particles.size();
            double total = 0, collisions = 0, solve = 0, tear = 0;
            for (int f = 0; f < a.frames; ++f) {
                world.step();
                total += world.profile.total;
                collisions +=
                    world.profile[sim::Stage::Contacts] + world.profile[sim::Stage::PostProjection];
                solve += world.profile[sim::Stage::Solve];
                tear += world.profile[sim::Stage::Tear];
            }
            const double n = a.frames;
            std::fprintf(out, "%d,%d,%d,%d,%d,%.3f,%.3f,%.3f,%.3f\n", self ? 1 : 0, rep, start,
                         world.particles.size(), sim::countComponents(world), total / n,
                         collisions / n, solve / n, tear / n);
            std::fflush(out);
        }
    if (out != stdout) std::fclose(out);
    return 0;
}

BenchRegistration reg({"tearable", "tearable_cloth ms/frame, self collision off and on",
                       [](CLI::App& sub) {
                           auto a = std::make_shared<Args>();
                           sub.add_option("--solver", a->solver);
                           sub.add_option("--res", a->res);
                           sub.add_option("--iterations", a->iterations);
                           sub.add_option("--frames", a->frames);
                           sub.add_option("--repetitions", a->repetitions);
                           sub.add_option("--self", a->self, "comma-separated modes: 0 off, 1 on");
                           sub.add_option("--tethers", a->tethers,
                                          "-1 the scene's default (on), 0 off (the paper's "
                                          "set-up), 1 on");
                           sub.add_option("--csv", a->csv);
                           return [a] { return run(*a); };
                       }});

}  // namespace
}  // namespace bench
