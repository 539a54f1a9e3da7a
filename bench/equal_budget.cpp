// pbd-bench equal-budget (issue 14, item 8): every scene under PBD, XPBD with small steps,
// HPBD and MGPBD, each given the same CPU time per frame on one thread, over the same
// frames. Each method has one knob that buys accuracy with time:
//   pbd         iterations per substep (the scene's substeps)
//   xpbd-small  substeps of one XPBD iteration each (Macklin et al., "Small steps")
//   hpbd        iterations per substep (the scene's substeps)
//   mgpbd       its per-frame work budget (mgpbd-frame-budget-ms, work units)
// The knob is calibrated per scene, method and budget from two short runs (cost = a + b knob,
// CPU time of this thread, over the first frames of a fresh scene: sim/world/equal_budget.h),
// then a fresh run of `frames` frames is measured: CPU ms per frame (mean), the peak and mean
// strain (edges: |l - l0| / l0; tets: the largest principal stretch |sigma - 1|), the solvers' dual
// residual (MGPBD eq. 4; PBD reports -C), kinetic energy. The knob is the deterministic part: a row
// replays exactly with its knob; the CPU times show how equal the budgets came out on this machine.
#include "sim/world/equal_budget.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "sim/constraints/arap.h"
#include "sim/world/metrics.h"

namespace bench {
namespace {

struct Args {
    std::string scenes;  // empty = every scene of the table; NAME:RES sets a resolution
    std::string budgets = "4,8,16";
    std::string methods = "pbd,xpbd-small,hpbd,mgpbd";
    int frames = 300;
    int calibrationFrames = 60;
    std::string csv;
};

// The strain of a frame: edges and tets together (tets by their largest principal stretch).
struct Strain {
    double max = 0, sum = 0;
    long count = 0;
};

void addTet(Strain& s, const sim::World& w, const int i[4], const sim::Mat3& restInverse) {
    const auto& x = w.particles.x;
    sim::Mat3 Ds;
    Ds.col(0) = x[i[1]] - x[i[0]];
    Ds.col(1) = x[i[2]] - x[i[0]];
    Ds.col(2) = x[i[3]] - x[i[0]];
    const sim::Vec3 sigma = sim::polarParts(Ds * restInverse).sigma;
    const double e = (sigma.array() - 1).abs().maxCoeff();
    s.max = std::max(s.max, e), s.sum += e, ++s.count;
}

Strain measureStrain(const sim::World& w) {
    Strain s;
    for (const auto& d : w.constraints.distance) {
        const double e =
            std::abs((w.particles.x[d.i] - w.particles.x[d.j]).norm() / d.restLength - 1);
        s.max = std::max(s.max, e), s.sum += e, ++s.count;
    }
    for (const auto& t : w.constraints.arap) addTet(s, w, t.i, t.restInverse);
    for (const auto& t : w.constraints.arapStrain) addTet(s, w, t.i, t.restInverse);
    return s;
}

struct Outcome {
    double cpuMs = 0, peakStrain = 0, meanStrain = 0, residual = 0, keLast = 0, keMax = 0;
    int frames = 0;
    bool failed = false;
};

// "name" or "name:res" (0 = the scene's default resolution).
sim::World loadSpec(const std::string& spec) {
    const size_t colon = spec.find(':');
    if (colon == std::string::npos) return loadSceneOrDie(spec, 0);
    return loadSceneOrDie(spec.substr(0, colon), std::atoi(spec.c_str() + colon + 1));
}

Outcome runFrames(const std::string& scene, const std::string& method, double knob, int frames,
                  bool measureAll) {
    sim::World world = loadSpec(scene);
    sim::setBudgetKnob(world, method, knob);
    Outcome o;
    double meanSum = 0, residualSum = 0;
    for (int f = 0; f < frames; ++f) {
        const double t0 = sim::threadCpuMs();
        try {
            world.step();
        } catch (const sim::StepFailure&) {
            o.failed = true;
            break;
        }
        o.cpuMs += sim::threadCpuMs() - t0;
        ++o.frames;
        if (!measureAll) continue;
        const Strain s = measureStrain(world);
        o.peakStrain = std::max(o.peakStrain, s.max);
        meanSum += s.count ? s.sum / s.count : 0;
        residualSum += world.solver().stats().residual;
        o.keLast = sim::measure(world).kineticEnergy;
        o.keMax = std::max(o.keMax, o.keLast);
    }
    if (o.frames > 0) {
        o.cpuMs /= o.frames;
        o.meanStrain = meanSum / o.frames;
        o.residual = residualSum / o.frames;
    }
    return o;
}

int run(const Args& a) {
    std::vector<std::string> scenes = parseList<std::string>(a.scenes);
    if (scenes.empty())
        for (const sim::SceneInfo& s : sim::sceneTable()) scenes.push_back(s.name);
    FILE* out = openCsv(a.csv);
    std::fprintf(out, "# %s\n# %s\n", machineDescription().c_str(), benchCommandLine().c_str());
    std::fprintf(out,
                 "scene,budget_ms,method,knob,cpu_ms_per_frame,frames,peak_strain,mean_strain,"
                 "residual_mean,kinetic_energy_last,kinetic_energy_max,failed\n");
    for (const std::string& scene : scenes)
        for (double budget : parseList<double>(a.budgets))
            for (const std::string& method : parseList<std::string>(a.methods)) {
                if (!sim::isBudgetMethod(method)) {
                    std::fprintf(stderr, "pbd-bench: unknown method '%s'\n", method.c_str());
                    return 2;
                }
                const double knob = sim::calibrateKnob([&] { return loadSpec(scene); }, method,
                                                       budget, a.calibrationFrames);
                const Outcome o = runFrames(scene, method, knob, a.frames, true);
                std::fprintf(out, "%s,%g,%s,%.4g,%.3f,%d,%.6g,%.6g,%.6g,%.6g,%.6g,%d\n",
                             scene.c_str(), budget, method.c_str(), knob, o.cpuMs, o.frames,
                             o.peakStrain, o.meanStrain, o.residual, o.keLast, o.keMax,
                             o.failed ? 1 : 0);
                std::fflush(out);
                std::fprintf(stderr, "%s %g ms %s: knob %.4g, %.2f ms/frame, peak strain %.4g\n",
                             scene.c_str(), budget, method.c_str(), knob, o.cpuMs, o.peakStrain);
            }
    if (out != stdout) std::fclose(out);
    return 0;
}

BenchRegistration reg(
    {"equal-budget",
     "issue 14: every scene under PBD, XPBD small steps, HPBD and MGPBD at equal CPU time per "
     "frame",
     [](CLI::App& sub) {
         auto a = std::make_shared<Args>();
         sub.add_option("--scenes", a->scenes,
                        "comma-separated scene names, NAME:RES for a resolution (default: all)");
         sub.add_option("--budgets", a->budgets, "comma-separated CPU ms per frame");
         sub.add_option("--methods", a->methods, "comma-separated: pbd, xpbd-small, hpbd, mgpbd");
         sub.add_option("--frames", a->frames, "measured frames per run");
         sub.add_option("--calibration-frames", a->calibrationFrames,
                        "frames of each of the two calibration runs");
         sub.add_option("--csv", a->csv, "output file (default stdout)");
         return [a] { return run(*a); };
     }});

}  // namespace
}  // namespace bench
