// pbd-bench mgpbd-cloth: MGPBD paper Fig. 14/17. The mgpbd_cloth scene at resolution N is
// advanced to a frame (by MGPBD), then that frame's solve is run from the same predicted
// positions by each method, logging the dual residual ||-C - alpha~ lambda|| against wall
// time after every iteration (residual evaluation excluded from the XPBD timings):
//   mgpbd         Algorithm 1 with the UA-AMG-PCG inner solve (default settings)
//   mgpbd-jpcg    the same outer loop with Jacobi-preconditioned CG inside (baseline)
//   mgpbd-primal  the same outer loop solving each dual system through its primal form
//                 (MgpbdLinearSystem::primal: SA-AMG-PCG on K = M + J^T D^-1 J)
//   xpbd-gs       XPBD Gauss-Seidel sweeps (sim::sweep, sim/sweeps/sweeps.h)
//   xpbd-jacobi   XPBD Jacobi: every dlambda_j = (-C_j - at lambda_j)/A_jj from the same
//                 positions, scaled by 1/(max particle degree) so that it converges
// Every MGPBD run starts with a fresh solver, so its time includes building A's pattern and
// the AMG setup. With --warm the solver has first solved frame 0 (untimed) and keeps that
// setup, as the lazy setup of a running simulation does between setups (§4.2).
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "bench/mgpbd_bench_util.h"
#include "bench/mgpbd_cli.h"
#include "sim/constraints/constraint_set.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/solvers/mgpbd/mgpbd_solver.h"
#include "sim/sweeps/residual.h"
#include "sim/sweeps/sweeps.h"

namespace bench {
namespace {

struct Args {
    std::string res = "64";
    std::string frames = "0,10";
    std::string methods = "mgpbd,mgpbd-primal,mgpbd-jpcg,xpbd-gs,xpbd-jacobi";
    double atol = 1e-5;
    int xpbdIterations = 10000;
    double maxSeconds = 60;
    bool warm = false;
    std::string csv;
    MgpbdOverrides mg;
};

// A fresh copy of the scene carrying base's particle state (World is move-only).
sim::World copyOf(const sim::World& base, int res) {
    sim::World world = loadSceneOrDie("mgpbd_cloth", res);
    world.particles = base.particles;
    world.contacts() = base.contacts();
    world.settings = base.settings;
    return world;
}

bool logged(int it) {
    return it < 100 || it % std::max(1, it / 50) == 0;
}

void xpbdJacobiSweep(sim::World& world, sim::Real dt, sim::LambdaSet& lambdas,
                     const std::vector<int>& degree, std::vector<sim::Vec3>& dx) {
    sim::Particles& P = world.particles;
    std::fill(dx.begin(), dx.end(), sim::Vec3::Zero());
    size_t type = 0;
    sim::visitConstraints(world.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        constexpr int R = Traits::rows;
        std::vector<sim::Real>& lambda = lambdas[type++];
        const sim::Real at = Traits::material(world.settings).compliance / (dt * dt);
        sim::RowEval<Traits> eval;
        for (size_t c = 0; c < array.size(); ++c) {
            const auto idx = Traits::indices(array[c]);
            eval(array[c], P.p);
            const int N = eval.arity;
            for (int row = 0; row < R; ++row) {
                const sim::Vec3* g = eval.g(row);
                sim::Real sum = 0;
                int deg = 1;
                for (int k = 0; k < N; ++k) {
                    sum += P.w[idx[k]] * g[k].squaredNorm();
                    deg = std::max(deg, degree[idx[k]]);
                }
                const sim::Real a = at * array[c].complianceScale;
                if (sum + a < 1e-12) continue;
                sim::Real& l = lambda[c * R + row];
                const sim::Real dl = (-eval.C[row] - a * l) / (sum + a) / deg;
                l += dl;
                for (int k = 0; k < N; ++k) dx[idx[k]] += P.w[idx[k]] * dl * g[k];
            }
        }
    });
    for (int i = 0; i < P.size(); ++i) P.p[i] += dx[i];
}

void runXpbd(const sim::World& base, bool jacobi, const Args& a, int res, int frame, FILE* out) {
    sim::World world = copyOf(base, res);
    const sim::Real dt = world.settings.substepDt();
    sim::LambdaSet lambdas;
    sim::resetLambdas(world.context(), lambdas);
    std::vector<int> degree(world.particles.size(), 0);
    sim::visitConstraints(world.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        for (const auto& c : array)
            for (int i : Traits::indices(c)) ++degree[i];
    });
    std::vector<sim::Vec3> dx(world.particles.size());
    const char* name = jacobi ? "xpbd-jacobi" : "xpbd-gs";
    double wall = 0;
    double r = sim::dualResidual(world.context(), sim::ProjectionMode::Compliance, dt, lambdas);
    std::fprintf(out, "%s,%d,%d,0,0,%.6e\n", name, res, frame, r);
    int it = 1;
    for (; it <= a.xpbdIterations; ++it) {
        const auto t = Clock::now();
        if (jacobi)
            xpbdJacobiSweep(world, dt, lambdas, degree, dx);
        else
            sim::sweep(world.context(), lambdas,
                       {.mode = sim::ProjectionMode::Compliance, .dt = dt});
        wall += msSince(t);
        r = sim::dualResidual(world.context(), sim::ProjectionMode::Compliance, dt, lambdas);
        if (logged(it) || r < a.atol)
            std::fprintf(out, "%s,%d,%d,%d,%.3f,%.6e\n", name, res, frame, it, wall, r);
        if (r < a.atol || wall > a.maxSeconds * 1000) break;
    }
    std::fflush(out);
    std::cerr << name << " N=" << res << " frame " << frame << ": "
              << std::min(it, a.xpbdIterations) << " iterations, " << wall << " ms, residual " << r
              << "\n";
}

enum class Inner { Amg, Jacobi, Primal };

void runMgpbd(const sim::World& base, Inner inner, const Args& a, int res, int frame, FILE* out) {
    sim::World world = copyOf(base, res);
    sim::MgpbdSettings& s = world.settings.block<sim::MgpbdSettings>();
    s.atol = a.atol;
    s.system.jacobiPreconditioner = inner == Inner::Jacobi;
    s.system.primal = inner == Inner::Primal;
    s.budget.wallClockMs = a.maxSeconds * 1000;
    sim::MgpbdSolver solver;
    if (a.warm) {
        // Frame 0's predicted state solved first in this same world (same topology version,
        // frame() 0), so the measured solve reuses that AMG setup and A's pattern.
        const sim::World first = worldBeforeSolve("mgpbd_cloth", res, 0);
        const sim::Particles keep = world.particles;
        world.particles = first.particles;
        solver.solve(world.context(), world.settings.substepDt());
        world.particles = keep;
    }
    solver.solve(world.context(), world.settings.substepDt());
    const auto& h = solver.stats().residualHistory;
    const auto& t = solver.residualTimesMs();
    const char* name = inner == Inner::Jacobi   ? "mgpbd-jpcg"
                       : inner == Inner::Primal ? "mgpbd-primal"
                                                : "mgpbd";
    for (size_t i = 0; i < h.size(); ++i)
        std::fprintf(out, "%s,%d,%d,%zu,%.3f,%.6e\n", name, res, frame, i, t[i], h[i]);
    std::fflush(out);
    std::cerr << name << " N=" << res << " frame " << frame << ": " << h.size() - 1
              << " iterations, " << t.back() << " ms, residual " << h.back();
    std::cerr << bench::solverFiguresText(solver.stats(), ", ") << "\n";
}

int run(const Args& a) {
    FILE* out = openCsv(a.csv);
    std::fprintf(out, "# %s; scene mgpbd_cloth, atol %g, xpbd cap %d iterations / %g s%s\n",
                 machineDescription().c_str(), a.atol, a.xpbdIterations, a.maxSeconds,
                 a.warm ? "; MGPBD warm (setup from frame 0 reused)" : "");
    std::fprintf(out, "method,res,frame,iteration,wall_ms,dual_residual\n");
    const auto wanted = [&](const std::string& m) {
        for (const std::string& x : parseList<std::string>(a.methods))
            if (x == m) return true;
        return false;
    };
    for (int res : parseList<int>(a.res))
        for (int frame : parseList<int>(a.frames)) {
            sim::World base = worldBeforeSolve("mgpbd_cloth", res, frame);
            if (std::string e = a.mg.apply(base.settings.block<sim::MgpbdSettings>()); !e.empty()) {
                std::cerr << "pbd-bench: " << e << "\n";
                return 2;
            }
            if (wanted("mgpbd")) runMgpbd(base, Inner::Amg, a, res, frame, out);
            if (wanted("mgpbd-jpcg")) runMgpbd(base, Inner::Jacobi, a, res, frame, out);
            if (wanted("mgpbd-primal")) runMgpbd(base, Inner::Primal, a, res, frame, out);
            if (wanted("xpbd-gs")) runXpbd(base, false, a, res, frame, out);
            if (wanted("xpbd-jacobi")) runXpbd(base, true, a, res, frame, out);
        }
    if (out != stdout) std::fclose(out);
    return 0;
}

BenchRegistration reg(
    {"mgpbd-cloth",
     "dual residual vs wall time of MGPBD and XPBD on the paper's cloth (Fig. 14/17)",
     [](CLI::App& sub) {
         auto a = std::make_shared<Args>();
         sub.add_option("--res", a->res, "comma-separated N list");
         sub.add_option("--frames", a->frames, "comma-separated frames");
         sub.add_option("--methods", a->methods);
         sub.add_option("--atol", a->atol, "stop at this dual residual");
         sub.add_option("--xpbd-iterations", a->xpbdIterations);
         sub.add_option("--max-seconds", a->maxSeconds, "per method and frame");
         sub.add_flag("--warm", a->warm, "MGPBD reuses the AMG setup of an untimed frame-0 solve");
         sub.add_option("--csv", a->csv);
         a->mg.add(sub);
         return [a] { return run(*a); };
     }});

}  // namespace
}  // namespace bench
