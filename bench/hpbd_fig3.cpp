// pbd-bench hpbd-fig3: HPBD paper Fig. 3. A cloth of 64 x 64 particles (126 rows of
// triangles) hangs from its top edge; for each target max stretch, the smallest number of
// fine Gauss-Seidel iterations per step that keeps the steady-state max stretch at or below
// it, with 0, 3 and 5 hierarchy levels (HPBD solver; 0 levels = its plain symmetric sweeps).
// Steady state = the largest max strain over the last `window` of `frames` frames.
#include <algorithm>
#include <cstdio>
#include <map>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "bench/hpbd_cloth.h"

namespace bench {
namespace {

struct Args {
    int quads = 63;
    std::string levels = "0,3,5";
    std::string targets = "0.10,0.05,0.02,0.01";
    int frames = 150;
    int window = 20;
    int maxIterations = 256;
    bool bending = false;
    bool gridOrder = false;
    std::string hierarchy = "grid";
    std::string csv;
};

struct Run {
    double strain = 0;
    double ms = 0;
};

Run simulate(const Args& a, HierarchyChoice choice, int levels, int iterations) {
    sim::World world = hpbdHangingCloth(a.quads, a.bending, !a.gridOrder);
    useSolver(world, true, levels, iterations, a.quads, choice);
    Run r;
    for (int f = 0; f < a.frames; ++f) {
        world.step();
        r.ms += world.profile.total;
        if (f >= a.frames - a.window) r.strain = std::max(r.strain, sim::measure(world).maxStrain);
    }
    r.ms /= a.frames;
    return r;
}

int run(const Args& a) {
    HierarchyChoice choice;
    if (!parseHierarchyChoice(a.hierarchy, choice)) {
        std::fprintf(stderr, "pbd-bench: unknown --hierarchy '%s' (geodesic | rest-pose | grid)\n",
                     a.hierarchy.c_str());
        return 2;
    }
    FILE* out = openCsv(a.csv);
    std::fprintf(out,
                 "# %s; hpbd-fig3: %dx%d particles hanging from the top edge, bending %s, "
                 "constraint order %s, hierarchy: %s, "
                 "%d frames at 60 Hz, 1 substep, steady max stretch = max over the last %d; "
                 "command: pbd-bench hpbd-fig3 --quads %d --levels %s --targets %s --frames %d "
                 "--window %d --max-iterations %d --hierarchy %s%s%s --csv %s\n",
                 machineDescription().c_str(), a.quads + 1, a.quads + 1, a.bending ? "on" : "off",
                 a.gridOrder ? "row by row" : "shuffled (seed 1)", hierarchyChoiceName(choice),
                 a.frames, a.window, a.quads, a.levels.c_str(), a.targets.c_str(), a.frames,
                 a.window, a.maxIterations, a.hierarchy.c_str(), a.bending ? " --bending" : "",
                 a.gridOrder ? " --grid-order" : "", a.csv.empty() ? "-" : a.csv.c_str());
    std::fprintf(out, "levels,target_stretch,iterations,ms_per_frame\n");
    std::vector<double> targets = parseList<double>(a.targets);
    std::sort(targets.rbegin(), targets.rend());  // loosest first: answers only grow
    for (int levels : parseList<int>(a.levels)) {
        std::map<int, Run> cache;
        auto eval = [&](int it) {
            auto found = cache.find(it);
            if (found != cache.end()) return found->second;
            const Run r = simulate(a, choice, levels, it);
            std::fprintf(stderr, "  levels %d iterations %d: max stretch %.5f, %.3f ms/frame\n",
                         levels, it, r.strain, r.ms);
            return cache[it] = r;
        };
        int lo = 0;  // largest count known to fail
        for (double target : targets) {
            // Double from the last answer until the target holds, then bisect (monotone in n).
            int hi = std::max(1, lo + 1);
            while (hi <= a.maxIterations && eval(hi).strain > target) lo = hi, hi *= 2;
            if (hi > a.maxIterations) {
                hi = a.maxIterations;
                if (eval(hi).strain > target) {
                    std::fprintf(out, "%d,%g,-1,nan\n", levels,
                                 target);  // not reached within the cap
                    lo = hi;
                    continue;
                }
            }
            while (hi - lo > 1) {
                const int mid = (lo + hi) / 2;
                if (eval(mid).strain > target)
                    lo = mid;
                else
                    hi = mid;
            }
            std::fprintf(out, "%d,%g,%d,%.4f\n", levels, target, hi, eval(hi).ms);
            std::fflush(out);
        }
    }
    if (out != stdout) std::fclose(out);
    return 0;
}

BenchRegistration reg(
    {"hpbd-fig3", "HPBD Fig. 3: iterations needed for a target stretch, 0/3/5 levels",
     [](CLI::App& sub) {
         auto a = std::make_shared<Args>();
         sub.add_option("--quads", a->quads, "quads per side (63 = 64x64 particles)");
         sub.add_option("--levels", a->levels, "comma-separated level counts");
         sub.add_option("--targets", a->targets, "comma-separated max stretches");
         sub.add_option("--frames", a->frames, "frames per run");
         sub.add_option("--window", a->window, "last frames taken as steady state");
         sub.add_option("--max-iterations", a->maxIterations, "search cap");
         sub.add_flag("--bending", a->bending, "add bending constraints");
         sub.add_option("--hierarchy", a->hierarchy, "geodesic | rest-pose | grid");
         sub.add_flag("--grid-order", a->gridOrder,
                      "keep the builder's row-by-row constraint order (default: shuffled)");
         sub.add_option("--csv", a->csv);
         return [a] { return run(*a); };
     }});

}  // namespace
}  // namespace bench
