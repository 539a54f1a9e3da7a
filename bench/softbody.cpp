// pbd-bench softbody: the soft-body experiments of MGPBD §5.4.
//   --scene bunny_squash: every method gets the same wall-time budget per frame (the first
//     method's time at --iterations, or --budget-ms); the others' iteration counts are
//     calibrated to it. Per frame: wall_ms, dual residual, V/V_rest and shape error (mean
//     distance to the rigidly aligned rest pose over the rest bounding-box diagonal), then
//     the solver's iterations (MGPBD: outer, and PCG in total), the kinetic energy (all, and
//     of the centre-of-mass motion), the centre-of-mass height and the ARAP energy
//     sum C^2 / (2 alpha) [J]. Rows are flushed per frame, and stderr shows
//     progress, so a slow method is visible while it runs.
//   --scene beam: per method and dt (--dt list), the tip deflection over time (rest height
//     minus current height of the mean free-end vertex); the last second's mean is printed.
// Methods not in this build are skipped with a message.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "bench/mgpbd_bench_util.h"
#include "bench/mgpbd_cli.h"
#include "sim/constraints/constraint_set.h"
#include "sim/scenes/scenes.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/solvers/mgpbd/mgpbd_solver.h"
#include "sim/topology/softbody_metrics.h"
#include "sim/world/metrics.h"
#include "sim/world/softbody_builder.h"

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
    std::string arapForm;     // empty: the scene's
    sim::SceneParams params;  // resolution and ARAP form, set by run()
    MgpbdOverrides mg;
};

// sum over ARAP constraints of C^2 / (2 alpha), alpha = arap.compliance * complianceScale [J].
double arapEnergy(const sim::World& w) {
    const sim::Real compliance = w.settings.arap.compliance;
    if (!(compliance > 0)) return 0;
    double e = 0;
    sim::visitConstraints(w.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        if (&Traits::material(w.settings) != &w.settings.arap) return;  // the ARAP family only
        sim::RowEval<Traits> eval;
        for (const auto& c : array) {
            eval(c, w.particles.x);
            for (sim::Real r : eval.C) e += r * r / (2 * compliance * c.complianceScale);
        }
    });
    return e;
}

// Centre-of-mass height [m] and the kinetic energy of the centre-of-mass motion [J]; the
// rest of the kinetic energy is internal (vibration, rotation).
std::pair<double, double> centreOfMass(const sim::World& w) {
    double mass = 0;
    sim::Vec3 x = sim::Vec3::Zero(), momentum = sim::Vec3::Zero();
    for (int i = 0; i < w.particles.size(); ++i) {
        mass += w.particles.m[i];
        x += w.particles.m[i] * w.particles.x[i];
        momentum += w.particles.m[i] * w.particles.v[i];
    }
    if (!(mass > 0)) return {0, 0};
    return {x.y() / mass, 0.5 * momentum.squaredNorm() / mass};
}

// Outer iterations (MGPBD) or sweeps (PBD/XPBD) of the last step, and MGPBD's PCG total.
std::pair<int, int> iterationCounts(const sim::World& w) {
    const auto* mg = dynamic_cast<const sim::MgpbdSolver*>(&w.solver());
    return {w.solver().stats().iterations, mg ? mg->mgpbdStats().pcgIterations : 0};
}

double wallMs(sim::World& w) {
    const auto t0 = std::chrono::steady_clock::now();
    w.step();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

std::vector<sim::SolverKind> availableMethods(const std::string& list) {
    std::vector<sim::SolverKind> kinds;
    for (const std::string& name : parseList<std::string>(list)) {
        auto kind = sim::solverFromName(name);
        if (!kind)
            std::fprintf(stderr, "pbd-bench softbody: unknown method '%s' skipped\n", name.c_str());
        else
            kinds.push_back(*kind);
    }
    return kinds;
}

sim::World loadWith(const Args& a, sim::SolverKind kind, int iterations) {
    sim::World w = loadSceneOrDie(a.scene, a.params);
    w.setSolver(kind);
    // One step per frame, as in the paper's experiments (and the committed CSVs): the scenes'
    // own defaults are substeps for real time (bunny_squash 3 since e6c7066, the beam 8).
    w.settings.substeps = 1;
    w.settings.iterations = iterations;
    w.settings.block<sim::MgpbdSettings>().maxIterations = iterations;  // MGPBD's outer iterations
    if (std::string e = a.mg.apply(w.settings.block<sim::MgpbdSettings>()); !e.empty()) {
        std::fprintf(stderr, "pbd-bench softbody: %s\n", e.c_str());
        std::exit(2);
    }
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

// The MgpbdSettings the runs use, for the CSV header.
std::string mgpbdDescription(const Args& a) {
    sim::World w = loadWith(a, sim::SolverKind::MGPBD, a.iterations);
    const sim::MgpbdSettings& m = w.settings.block<sim::MgpbdSettings>();
    char text[320];
    std::snprintf(text, sizeof text,
                  "mgpbd: max %d outer, atol %g, omega %g%s%s, budget %g ms, pcg tol %g max %d, "
                  "smoother %s, setup every %d frames",
                  m.maxIterations, m.atol, m.relaxation,
                  m.step.backtracking ? " (backtracking)" : "",
                  m.system.primalResidual ? ", primal residual" : ", no primal residual",
                  m.budget.frameMs, m.pcgTolerance, m.system.pcgMaxIterations,
                  sim::smootherName(m.system.amg.smoother), m.setupInterval);
    return text;
}

int runSquash(const Args& a, const std::string& command, FILE* out) {
    sim::TetMesh rest;
    sim::SceneParams params = a.params;
    params.resolution = a.res > 0 ? a.res : sim::findScene(a.scene)->defaultResolution;
    std::string source;
    if (std::string e = sim::bunnySquashMesh(params, rest, &source); !e.empty()) {
        std::fprintf(stderr, "pbd-bench softbody: %s\n", e.c_str());
        return 2;
    }
    std::fprintf(out, "# %s; %s; body: %s, %zu tets; %s\n", machineDescription().c_str(),
                 command.c_str(), source.c_str(), rest.tets.size(), mgpbdDescription(a).c_str());
    std::fprintf(out,
                 "method,frame,wall_ms,dual_residual,volume_ratio,shape_error,iterations,"
                 "pcg_iterations,kinetic_energy,kinetic_cm,com_height,arap_energy\n");
    std::fflush(out);
    double budget = a.budgetMs;
    for (sim::SolverKind kind : availableMethods(a.methods)) {
        const int iterations = budget > 0 ? calibrate(a, kind, budget) : a.iterations;
        sim::World w = loadWith(a, kind, iterations);
        const int frames = static_cast<int>(std::lround(a.seconds / w.settings.frameDt));
        std::fprintf(
            stderr, "%s: %d iterations, %d frames, mass %.4g kg, initial ARAP energy %.4g J\n",
            sim::solverName(kind), iterations, frames, w.particles.totalMass(), arapEnergy(w));
        double total = 0;
        bool met = false;
        for (int f = 1; f <= frames; ++f) {
            const double ms = wallMs(w);
            total += ms;
            const sim::SoftBodyShape s = sim::measureSoftBody(rest, w.particles.x);
            const auto [outer, pcgTotal] = iterationCounts(w);
            const double kinetic = sim::measure(w).kineticEnergy;
            const auto [height, kineticCm] = centreOfMass(w);
            std::fprintf(out, "%s,%d,%.3f,%.6e,%.5f,%.5f,%d,%d,%.6e,%.6e,%.5f,%.6e\n",
                         sim::solverName(kind), f, ms, w.solver().stats().residual, s.volumeRatio,
                         s.shapeError, outer, pcgTotal, kinetic, kineticCm, height, arapEnergy(w));
            std::fflush(out);
            if (!met && s.volumeRatio >= 0.95 && s.shapeError <= 0.02) {
                met = true;
                std::fprintf(stderr,
                             "%s: thresholds (volume >= 0.95, shape <= 0.02) met at frame %d\n",
                             sim::solverName(kind), f);
            }
            if (f == 1) {  // the solver's own figures (MGPBD: ms per phase, AMG levels)
                std::fprintf(stderr, "%s frame 1 stats%s\n", sim::solverName(kind),
                             bench::solverFiguresText(w.solver().stats(), "; ").c_str());
            }
            if (f % 10 == 0 || f == 1)
                std::fprintf(
                    stderr,
                    "%s frame %d/%d: %.1f ms (mean %.1f), volume %.4f, shape %.4f, KE %.4g J\n",
                    sim::solverName(kind), f, frames, ms, total / f, s.volumeRatio, s.shapeError,
                    kinetic);
        }
        const sim::SoftBodyShape s = sim::measureSoftBody(rest, w.particles.x);
        std::printf(
            "%s: %d iterations, %.2f ms/frame, after %.2f s: volume ratio %.4f, shape error %.4f\n",
            sim::solverName(kind), iterations, total / frames, a.seconds, s.volumeRatio,
            s.shapeError);
        std::fflush(stdout);
        if (budget <= 0) budget = total / frames;
    }
    return 0;
}

int runBeam(const Args& a, const std::string& command, FILE* out) {
    std::fprintf(out, "# %s; %s; arap form %s; %s\n", machineDescription().c_str(), command.c_str(),
                 a.arapForm.empty() ? "of the scene" : a.arapForm.c_str(),
                 mgpbdDescription(a).c_str());
    std::fprintf(out,
                 "method,dt,iterations,frame,time_s,wall_ms,tip_deflection,dual_residual,"
                 "outer_iterations,pcg_iterations\n");
    std::fflush(out);
    for (sim::SolverKind kind : availableMethods(a.methods))
        for (double dt : parseList<double>(a.dts)) {
            sim::World w = loadWith(a, kind, a.iterations);
            w.settings.frameDt = dt;
            const std::vector<int> tip = sim::particlesAtMaxX(w.particles.x);
            auto tipY = [&] { return sim::meanHeight(w.particles.x, tip); };
            const Real restY = tipY();
            const int frames = static_cast<int>(std::lround(a.seconds / dt));
            double lastSecond = 0, totalMs = 0;
            int lastCount = 0;
            for (int f = 1; f <= frames; ++f) {
                const double ms = wallMs(w);
                totalMs += ms;
                const Real deflection = restY - tipY();
                if (f * dt > a.seconds - 1.0 + 1e-9) {
                    lastSecond += deflection;
                    ++lastCount;
                }
                const auto [outer, pcgTotal] = iterationCounts(w);
                std::fprintf(out, "%s,%.3f,%d,%d,%.3f,%.3f,%.6e,%.6e,%d,%d\n",
                             sim::solverName(kind), dt, a.iterations, f, f * dt, ms, deflection,
                             w.solver().stats().residual, outer, pcgTotal);
                std::fflush(out);
            }
            std::printf(
                "%s dt %.3f: mean tip deflection over the last second %.6e m (%.1f ms/frame)\n",
                sim::solverName(kind), dt, lastSecond / std::max(1, lastCount), totalMs / frames);
            std::fflush(stdout);
        }
    return 0;
}

int run(Args a) {
    if (!sim::findScene(a.scene)) {
        std::fprintf(stderr, "pbd-bench softbody: unknown scene '%s'\n", a.scene.c_str());
        return 2;
    }
    if (a.scene != "bunny_squash" && a.scene != "beam") {
        std::fprintf(stderr, "pbd-bench softbody: --scene must be bunny_squash or beam\n");
        return 2;
    }
    a.params.resolution = a.res;
    if (std::string e = app::checkSceneParams(a.params, a.arapForm); !e.empty()) {
        std::fprintf(stderr, "pbd-bench softbody: %s\n", e.c_str());
        return 2;
    }
    FILE* out = openCsv(a.csv);
    const std::string command = benchCommandLine();
    const int rc = a.scene == "beam" ? runBeam(a, command, out) : runSquash(a, command, out);
    if (out != stdout) std::fclose(out);
    return rc;
}

BenchRegistration reg(
    {"softbody", "bunny_squash at equal wall time per frame; beam tip deflection per dt",
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
         sub.add_option("--arap-form", a->arapForm,
                        "ARAP rows per tet: strain (six) or norm (one); default: the scene's");
         a->mg.add(sub);
         return [a] { return run(*a); };
     }});

}  // namespace
}  // namespace bench
