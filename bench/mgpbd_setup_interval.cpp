// pbd-bench mgpbd-setup-interval: MGPBD paper Fig. 5, lazy setup. The mgpbd_cloth scene
// runs `--frames` frames with a fixed number of outer iterations per frame (atol 0) for
// each setup interval; reported: the share of solve time spent in the AMG setup and the
// dual residual after the last frame's iterations.
#include <cstdio>
#include <iostream>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "bench/mgpbd_bench_util.h"
#include "bench/mgpbd_cli.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/solvers/mgpbd/mgpbd_solver.h"

namespace bench {
namespace {

struct Args {
    std::string intervals = "1,5,10,20,50,100";
    int res = 24;
    int frames = 41;
    int iterations = 20;
    std::string csv;
    MgpbdOverrides mg;
};

int run(const Args& a) {
    FILE* out = openCsv(a.csv);
    std::fprintf(out, "# %s; scene mgpbd_cloth res %d, %d frames, %d outer iterations per frame\n",
                 machineDescription().c_str(), a.res, a.frames, a.iterations);
    std::fprintf(
        out,
        "setup_interval,frames,solve_ms,setup_ms,setup_fraction,final_residual,first_residual\n");
    for (int interval : parseList<int>(a.intervals)) {
        sim::World world = loadSceneOrDie("mgpbd_cloth", a.res);
        world.settings.block<sim::MgpbdSettings>().applyPaperPreset();  // the paper's Algorithm 1
        world.setSolver(sim::SolverKind::MGPBD);  // the scene keeps the default solver
        if (std::string e = a.mg.apply(world.settings.block<sim::MgpbdSettings>()); !e.empty()) {
            std::cerr << "pbd-bench: " << e << "\n";
            return 2;
        }
        world.settings.block<sim::MgpbdSettings>().setupInterval = interval;
        world.settings.block<sim::MgpbdSettings>().maxIterations = a.iterations;
        world.settings.block<sim::MgpbdSettings>().atol = 0;
        double solveMs = 0, setupMs = 0;
        for (int f = 0; f < a.frames; ++f) {
            world.step();
            solveMs += world.profile[sim::Stage::Solve];
            setupMs += dynamic_cast<const sim::MgpbdSolver&>(world.solver()).mgpbdStats().msSetup;
        }
        const auto& h = world.solver().stats().residualHistory;
        std::fprintf(out, "%d,%d,%.3f,%.3f,%.4f,%.6e,%.6e\n", interval, a.frames, solveMs, setupMs,
                     setupMs / solveMs, h.back(), h.front());
        std::fflush(out);
        std::cerr << "interval " << interval << ": setup " << setupMs / solveMs * 100 << "% of "
                  << solveMs << " ms, residual " << h.back() << "\n";
    }
    if (out != stdout) std::fclose(out);
    return 0;
}

BenchRegistration reg({"mgpbd-setup-interval", "lazy AMG setup: setup share and residual (Fig. 5)",
                       [](CLI::App& sub) {
                           auto a = std::make_shared<Args>();
                           sub.add_option("--intervals", a->intervals);
                           sub.add_option("--res", a->res);
                           sub.add_option("--frames", a->frames);
                           sub.add_option("--iterations", a->iterations,
                                          "outer iterations per frame");
                           sub.add_option("--csv", a->csv);
                           a->mg.add(sub);
                           return [a] { return run(*a); };
                       }});

}  // namespace
}  // namespace bench
