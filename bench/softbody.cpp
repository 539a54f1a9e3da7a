// pbd-bench softbody: the soft-body experiments of MGPBD §5.4.
//   --scene bunny_squash: every method gets the same wall-time budget per frame (the first
//     method's time at --iterations, or --budget-ms); the others' iteration counts are
//     calibrated to it. Per frame: wall_ms, dual residual, V/V_rest and shape error (mean
//     distance to the rigidly aligned rest pose over the rest bounding-box diagonal).
//   --scene beam: per method and dt (--dt list), the tip deflection over time (rest height
//     minus current height of the mean free-end vertex); the last second's mean is printed.
// Methods not in this build are skipped with a message.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "sim/scenes/scenes.h"
#include "sim/solvers/solver_params.h"
#include "sim/topology/softbody_metrics.h"

namespace bench {
namespace {

using sim::Real;

struct Args {
    std::string scene = "bunny_squash";
    std::string methods = "mgpbd,xpbd";
    std::string dts = "0.01,0.02,0.03";
    int iterations = 20;
    double budgetMs = 0;  // 0 = the first available method's measured time
    double seconds = 2.0;
    int res = 0;
    std::string csv;
};

double wallMs(sim::World& w) {
    const auto t0 = std::chrono::steady_clock::now();
    w.step();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

std::vector<sim::SolverKind> availableMethods(const std::string& list) {
    std::vector<sim::SolverKind> kinds;
    for (const std::string& name : parseList<std::string>(list)) {
        auto kind = sim::solverFromName(name);
        if (!kind) std::fprintf(stderr, "pbd-bench softbody: unknown method '%s' skipped\n", name.c_str());
        else if (!sim::solverAvailable(*kind))
            std::fprintf(stderr, "pbd-bench softbody: method '%s' is not in this build, skipped\n",
                         name.c_str());
        else kinds.push_back(*kind);
    }
    return kinds;
}

sim::World loadWith(const Args& a, sim::SolverKind kind, int iterations) {
    sim::World w = loadSceneOrDie(a.scene, a.res);
    w.setSolver(kind);
    w.settings.iterations = iterations;
    w.settings.mgpbd.maxIterations = iterations;  // MGPBD's outer iterations
    return w;
}

// Iterations that make `kind` take about budgetMs per frame, from a short probe run.
int calibrate(const Args& a, sim::SolverKind kind, double budgetMs) {
    sim::World w = loadWith(a, kind, a.iterations);
    double ms = 0;
    const int probe = 10;
    for (int f = 0; f < probe; ++f) ms += wallMs(w);
    const double perIteration = ms / probe / a.iterations;
    return std::clamp(static_cast<int>(std::lround(budgetMs / perIteration)), 1, 100000);
}

int runSquash(const Args& a, FILE* out) {
    sim::TetMesh rest;
    const int res = a.res > 0 ? a.res : sim::findScene(a.scene)->defaultResolution;
    std::string source;
    if (std::string e = sim::bunnySquashMesh(res, rest, &source); !e.empty()) {
        std::fprintf(stderr, "pbd-bench softbody: %s\n", e.c_str());
        return 2;
    }
    std::fprintf(out, "# %s; pbd-bench softbody --scene bunny_squash --res %d --method %s "
                 "--iterations %d; body: %s, %zu tets\n",
                 machineDescription().c_str(), res, a.methods.c_str(), a.iterations,
                 source.c_str(), rest.tets.size());
    std::fprintf(out, "method,frame,wall_ms,dual_residual,volume_ratio,shape_error\n");
    double budget = a.budgetMs;
    for (sim::SolverKind kind : availableMethods(a.methods)) {
        const int iterations = budget > 0 ? calibrate(a, kind, budget) : a.iterations;
        sim::World w = loadWith(a, kind, iterations);
        const int frames = static_cast<int>(std::lround(a.seconds / w.settings.frameDt));
        double total = 0;
        for (int f = 1; f <= frames; ++f) {
            const double ms = wallMs(w);
            total += ms;
            const sim::SoftBodyShape s = sim::measureSoftBody(rest, w.particles.x);
            std::fprintf(out, "%s,%d,%.3f,%.6e,%.5f,%.5f\n", sim::solverName(kind), f, ms,
                         w.solver().stats().residual, s.volumeRatio, s.shapeError);
        }
        const sim::SoftBodyShape s = sim::measureSoftBody(rest, w.particles.x);
        std::printf("%s: %d iterations, %.2f ms/frame, after %.2f s: volume ratio %.4f, shape error %.4f\n",
                    sim::solverName(kind), iterations, total / frames, a.seconds, s.volumeRatio,
                    s.shapeError);
        if (budget <= 0) budget = total / frames;
    }
    return 0;
}

int runBeam(const Args& a, FILE* out) {
    std::fprintf(out, "# %s; pbd-bench softbody --scene beam --res %d --method %s --iterations %d "
                 "--dt %s --seconds %g\n",
                 machineDescription().c_str(), a.res, a.methods.c_str(), a.iterations,
                 a.dts.c_str(), a.seconds);
    std::fprintf(out, "method,dt,iterations,frame,time_s,wall_ms,tip_deflection\n");
    for (sim::SolverKind kind : availableMethods(a.methods))
        for (double dt : parseList<double>(a.dts)) {
            sim::World w = loadWith(a, kind, a.iterations);
            w.settings.frameDt = dt;
            Real xmax = -1e30;
            for (const sim::Vec3& x : w.particles.x) xmax = std::max(xmax, x.x());
            std::vector<int> tip;
            for (int i = 0; i < w.particles.size(); ++i)
                if (w.particles.x[i].x() > xmax - 1e-9) tip.push_back(i);
            auto tipY = [&] {
                Real y = 0;
                for (int i : tip) y += w.particles.x[i].y();
                return y / tip.size();
            };
            const Real restY = tipY();
            const int frames = static_cast<int>(std::lround(a.seconds / dt));
            double lastSecond = 0;
            int lastCount = 0;
            for (int f = 1; f <= frames; ++f) {
                const double ms = wallMs(w);
                const Real deflection = restY - tipY();
                if (f * dt > a.seconds - 1.0 + 1e-9) {
                    lastSecond += deflection;
                    ++lastCount;
                }
                std::fprintf(out, "%s,%.3f,%d,%d,%.3f,%.3f,%.6e\n", sim::solverName(kind), dt,
                             a.iterations, f, f * dt, ms, deflection);
            }
            std::printf("%s dt %.3f: mean tip deflection over the last second %.6e m\n",
                        sim::solverName(kind), dt, lastSecond / std::max(1, lastCount));
        }
    return 0;
}

int run(const Args& a) {
    if (!sim::findScene(a.scene)) {
        std::fprintf(stderr, "pbd-bench softbody: unknown scene '%s'\n", a.scene.c_str());
        return 2;
    }
    if (a.scene != "bunny_squash" && a.scene != "beam") {
        std::fprintf(stderr, "pbd-bench softbody: --scene must be bunny_squash or beam\n");
        return 2;
    }
    FILE* out = openCsv(a.csv);
    const int rc = a.scene == "beam" ? runBeam(a, out) : runSquash(a, out);
    if (out != stdout) std::fclose(out);
    return rc;
}

BenchRegistration reg({"softbody", "bunny_squash at equal wall time per frame; beam tip deflection per dt",
                       [](CLI::App& sub) {
                           auto a = std::make_shared<Args>();
                           sub.add_option("--scene", a->scene, "bunny_squash | beam");
                           sub.add_option("--method", a->methods, "comma-separated solvers");
                           sub.add_option("--dt", a->dts, "beam: comma-separated frame dt [s]");
                           sub.add_option("--iterations", a->iterations,
                                          "iterations of the first method (others: same wall time)");
                           sub.add_option("--budget-ms", a->budgetMs,
                                          "wall ms per frame for every method (0 = first method's)");
                           sub.add_option("--seconds", a->seconds, "simulated seconds");
                           sub.add_option("--res", a->res, "scene resolution (0 = default)");
                           sub.add_option("--csv", a->csv);
                           return [a] { return run(*a); };
                       }});

}  // namespace
}  // namespace bench
