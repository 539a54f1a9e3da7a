// pbd-bench mgpbd-live: one scene under MGPBD at its in-app settings (plus overrides), with
// the solver's own per-frame figures (outer and PCG iterations, residual, phase times, AMG
// levels): the probe used to choose MGPBD's interactive defaults.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "bench/mgpbd_cli.h"
#include "sim/solvers/mgpbd/mgpbd_cpu_clock.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/solvers/mgpbd/mgpbd_solver.h"
#include "sim/world/metrics.h"

namespace bench {
namespace {

struct Args {
    std::string scene = "hanging_cloth";
    std::string solver = "mgpbd";
    int res = 0;
    int frames = 10;
    int every = 0;
    std::string arapForm;
    MgpbdOverrides mg;
};

int run(const Args& a) {
    sim::SceneParams params;
    params.resolution = a.res;
    std::string arapForm = a.arapForm;
    if (std::string e = app::checkSceneParams(params, arapForm); !e.empty()) {
        std::fprintf(stderr, "pbd-bench mgpbd-live: %s\n", e.c_str());
        return 2;
    }
    sim::World w = loadSceneOrDie(a.scene, params);
    const auto kind = sim::solverFromName(a.solver);
    if (!kind) {
        std::fprintf(stderr, "pbd-bench mgpbd-live: unknown solver '%s'\n", a.solver.c_str());
        return 2;
    }
    w.setSolver(*kind);
    if (std::string e = a.mg.apply(w.settings.block<sim::MgpbdSettings>()); !e.empty()) {
        std::fprintf(stderr, "pbd-bench mgpbd-live: %s\n", e.c_str());
        return 2;
    }
    std::vector<double> times;
    double worstStrain = 0, sumMaxStrain = 0, sumPcg = 0, sumOuter = 0;
    int rejects = 0, capHits = 0;
    double phaseMs[4] = {}, units[4] = {};
    for (int f = 1; f <= a.frames; ++f) {
        const double t0 = sim::mgpbd_clock::nowMs();  // process CPU time
        w.step();
        const double ms = sim::mgpbd_clock::msSince(t0);
        times.push_back(ms);
        const sim::FrameMetrics m = sim::measure(w);
        if (!std::isfinite(m.maxStrain)) {
            std::printf("frame %d: NaN\n", f);
            return 1;
        }
        worstStrain = std::max<double>(worstStrain, m.maxStrain);
        sumMaxStrain += m.maxStrain;
        sumOuter += w.solver().stats().iterations;
        if (const auto* mg = dynamic_cast<const sim::MgpbdSolver*>(&w.solver())) {
            sumPcg += mg->mgpbdStats().pcgIterations;
            rejects += mg->mgpbdStats().lineSearchReject;
            const sim::MgpbdStats& st = mg->mgpbdStats();
            capHits += st.pcgCapHits;
            const double m4[4] = {st.msAssemble, st.msSetup, st.msGalerkin, st.msSolve};
            const double u4[4] = {st.workAssemble, st.workSetup, st.workGalerkin, st.workSolve};
            for (int k = 0; k < 4; ++k) phaseMs[k] += m4[k], units[k] += u4[k];
        }
        if (a.every <= 0 || (f % a.every != 0 && f != 1)) continue;
        const sim::SolverStats& s = w.solver().stats();
        std::printf("frame %d: %.2f ms, strain max %.3g mean %.3g, residual %.3g, iterations %d", f,
                    ms, m.maxStrain, m.meanStrain, s.residual, s.iterations);
        std::printf("%s", bench::solverFiguresText(s, "; ").c_str());
        std::printf("\n  residual history:");
        for (double r : s.residualHistory) std::printf(" %.3g", r);
        std::printf("\n");
    }
    if (units[3] > 0) {
        const char* names[4] = {"assemble", "setup", "galerkin", "solve"};
        std::printf("work units per ms (calibration):");
        for (int k = 0; k < 4; ++k)
            std::printf(" %s %.3g (%.1f ms)", names[k],
                        phaseMs[k] > 0 ? units[k] / phaseMs[k] : 0.0, phaseMs[k]);
        std::printf("\n");
    }
    std::sort(times.begin(), times.end());
    const double n = a.frames;
    std::printf(
        "%s %s: CPU median %.2f ms, max %.2f ms; max strain %.4g (mean of per-frame max "
        "%.4g), outer %.2f, pcg %.1f per substep, rejects %d, cap hits %d, %d frames\n",
        a.scene.c_str(), a.solver.c_str(), times[times.size() / 2], times.back(), worstStrain,
        sumMaxStrain / n, sumOuter / n, sumPcg / n, rejects, capHits, a.frames);
    return 0;
}

BenchRegistration reg({"mgpbd-live", "a scene under MGPBD with the solver's per-frame figures",
                       [](CLI::App& sub) {
                           auto a = std::make_shared<Args>();
                           sub.add_option("--scene", a->scene);
                           sub.add_option("--solver", a->solver, "pbd | xpbd | hpbd | mgpbd");
                           sub.add_option("--res", a->res, "scene resolution (0 = default)");
                           sub.add_option("--frames", a->frames);
                           sub.add_option("--every", a->every, "print every n-th frame");
                           sub.add_option("--arap-form", a->arapForm,
                                          "strain (six rows) or norm (one) per tet");
                           a->mg.add(sub);
                           return [a] { return run(*a); };
                       }});

}  // namespace
}  // namespace bench
