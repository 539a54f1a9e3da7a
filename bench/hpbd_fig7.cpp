// pbd-bench hpbd-fig7: HPBD paper Fig. 7. A cloth of 76 x 76 particles (11,250 triangles)
// hangs from its top edge; HPBD (5 levels + 2 symmetric Gauss-Seidel iterations) against PBD
// with 2, 5, 10 and 20 iterations. All cloths live in one process and are stepped in turn,
// frame by frame, so machine load hits every method alike. Strain = max / mean over the
// distance constraints, taken as the worst (max) and the average (mean) of the last `window`
// frames; ms per frame = mean wall time of World::step over all frames.
#include <algorithm>
#include <cstdio>
#include <memory>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "bench/hpbd_cloth.h"

namespace bench {
namespace {

struct Args {
    int quads = 75;
    int levels = 5;
    int hpbdIterations = 2;
    std::string pbdIterations = "2,5,10,20";
    int frames = 300;
    int window = 20;
    bool bending = true;
    bool gridOrder = false;
    std::string hierarchy = "grid";
    std::string csv;
};

struct Method {
    std::string name;
    int levels = 0, iterations = 0;
    std::unique_ptr<sim::World> world;
    double ms = 0, maxStrain = 0, meanStrain = 0;
};

int run(const Args& a) {
    HierarchyChoice choice;
    if (!parseHierarchyChoice(a.hierarchy, choice)) {
        std::fprintf(stderr, "pbd-bench: unknown --hierarchy '%s' (geodesic | rest-pose | grid)\n",
                     a.hierarchy.c_str());
        return 2;
    }
    std::vector<Method> methods;
    auto add = [&](bool hpbd, int levels, int iterations) {
        Method m{hpbd ? "hpbd" : "pbd", levels, iterations, nullptr};
        m.world = std::make_unique<sim::World>(hpbdHangingCloth(a.quads, a.bending, !a.gridOrder));
        useSolver(*m.world, hpbd, levels, iterations, a.quads, choice);
        methods.push_back(std::move(m));
    };
    add(true, a.levels, a.hpbdIterations);
    for (int it : parseList<int>(a.pbdIterations)) add(false, 0, it);

    for (int f = 0; f < a.frames; ++f)
        for (Method& m : methods) {
            m.world->step();
            m.ms += m.world->profile.total;
            if (f >= a.frames - a.window) {
                const sim::FrameMetrics fm = sim::measure(*m.world);
                m.maxStrain = std::max(m.maxStrain, fm.maxStrain);
                m.meanStrain += fm.meanStrain / a.window;
            }
        }

    FILE* out = openCsv(a.csv);
    const sim::World& w = *methods.front().world;
    std::fprintf(out,
                 "# %s; hpbd-fig7: %dx%d particles (%zu triangles) hanging from the top edge, "
                 "bending %s, constraint order %s, hierarchy: %s, %d frames at 60 Hz, 1 substep, "
                 "strain over the last %d frames; command: pbd-bench hpbd-fig7 --quads %d "
                 "--levels %d --hpbd-iterations %d --pbd-iterations %s --frames %d --window %d "
                 "--hierarchy %s%s%s --csv %s\n",
                 machineDescription().c_str(), a.quads + 1, a.quads + 1, w.triangles.size(),
                 a.bending ? "on" : "off", a.gridOrder ? "row by row" : "shuffled (seed 1)",
                 hierarchyChoiceName(choice), a.frames, a.window, a.quads, a.levels,
                 a.hpbdIterations, a.pbdIterations.c_str(), a.frames, a.window, a.hierarchy.c_str(),
                 a.bending ? "" : " --no-bending", a.gridOrder ? " --grid-order" : "",
                 a.csv.empty() ? "-" : a.csv.c_str());
    std::fprintf(out, "method,levels,iterations,max_strain,mean_strain,ms_per_frame\n");
    for (const Method& m : methods)
        std::fprintf(out, "%s,%d,%d,%.6f,%.7f,%.4f\n", m.name.c_str(), m.levels, m.iterations,
                     m.maxStrain, m.meanStrain, m.ms / a.frames);
    if (out != stdout) std::fclose(out);
    return 0;
}

BenchRegistration reg(
    {"hpbd-fig7", "HPBD Fig. 7: HPBD (5 levels + 2 GS) against PBD with 2-20 iterations",
     [](CLI::App& sub) {
         auto a = std::make_shared<Args>();
         sub.add_option("--quads", a->quads, "quads per side (75 = 76x76 particles)");
         sub.add_option("--levels", a->levels, "HPBD levels");
         sub.add_option("--hpbd-iterations", a->hpbdIterations, "HPBD fine iterations");
         sub.add_option("--pbd-iterations", a->pbdIterations, "comma-separated PBD runs");
         sub.add_option("--frames", a->frames, "frames per method");
         sub.add_option("--window", a->window, "last frames measured for strain");
         sub.add_flag("--bending,!--no-bending", a->bending, "bending constraints (on)");
         sub.add_option("--hierarchy", a->hierarchy, "geodesic | rest-pose | grid");
         sub.add_flag("--grid-order", a->gridOrder,
                      "keep the builder's row-by-row constraint order (default: shuffled)");
         sub.add_option("--csv", a->csv);
         return [a] { return run(*a); };
     }});

}  // namespace
}  // namespace bench
