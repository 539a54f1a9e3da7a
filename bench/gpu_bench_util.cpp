#include "bench/gpu_bench_util.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>

#include "bench/bench_util.h"
#include "bench/mgpbd_bench_util.h"
#include "sim/cuda/device.h"

#ifdef PBD_HAVE_CUDA
#include "sim/cuda/gpu_mgpbd.h"
#include "sim/cuda/gpu_microbench.h"
#include "sim/cuda/gpu_xpbd.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#endif

namespace bench {

sim::World copyState(const sim::World& base) {
    sim::World world;
    world.particles = base.particles;
    world.constraints = base.constraints;
    world.colliders = base.colliders;
    world.contacts() = base.contacts();
    world.triangles = base.triangles;
    world.settings = base.settings;
    world.bumpTopology();
    return world;
}

void GpuFrameOptions::add(CLI::App& sub) {
    sub.add_option("--atol", atol, "MGPBD runs to ||b|| below this (and 1e-4 ||b_0||)");
    sub.add_option("--max-outer", maxOuter, "outer iteration cap of the measured solve");
    sub.add_option("--repeats", repeats, "SpMV timing launches");
    sub.add_flag("!--no-xpbd", xpbd, "skip the XPBD baselines");
    sub.add_option("--check-interval", checkInterval,
                   "PCG iterations per host read of the residual");
    sub.add_flag("!--no-graphs", graphs, "launch PCG iterations one by one, not as a CUDA graph");
    mg.add(sub);
}

void writeSummaryHeader(FILE* out, const std::string& what, double copyGBs) {
    std::fprintf(out, "# GPU: %s; host: %s; device copy %.0f GB/s (read + write); %s; %s\n",
                 sim::cuda::gpuName().c_str(), machineDescription().c_str(), copyGBs, what.c_str(),
                 benchCommandLine().c_str());
    std::fprintf(
        out,
        "case,rows,nonzeros,levels,setup_ms,outer,pcg_iterations,ms_per_outer,ms_assemble,"
        "ms_galerkin,ms_solve,ms_transfer,b0,final,ms_to_rel_1e-2,ms_to_rel_1e-4,ms_to_atol,"
        "xpbd_budget_ms,xpbd_jacobi_residual,xpbd_jacobi_sweeps,xpbd_gs_residual,xpbd_gs_sweeps,"
        "jacobi_over_mgpbd,jacobi_sweep_ms,spmv_fp32_ms,spmv_fp32_cusparse_ms,on_gpu\n");
    std::fflush(out);
}

void writeSummaryRow(FILE* out, const std::string& label, const GpuFrameResult& r) {
    std::fprintf(
        out,
        "%s,%d,%lld,%d,%.3f,%d,%d,%.4f,%.3f,%.3f,%.3f,%.3f,%.6e,%.6e,%.3f,%.3f,%.3f,%.3f,%.6e,%d,"
        "%.6e,%d,%.4g,%.5f,%.5f,%.5f,%d\n",
        label.c_str(), r.rows, r.nonZeros, r.levels, r.setupMs, r.outer, r.pcgIterations,
        r.msPerOuter, r.msAssemble, r.msGalerkin, r.msSolve, r.msTransfer, r.b0, r.final,
        r.msToRel2, r.msToRel4, r.msToAtol, r.budgetMs, r.jacobiResidual, r.jacobiSweeps,
        r.gsResidual, r.gsSweeps, r.atBudget > 0 ? r.jacobiResidual / r.atBudget : 0.0,
        r.jacobiSweepMs, r.spmvOwnMs, r.spmvCusparseMs, r.onDevice ? 1 : 0);
    std::fflush(out);
}

void writeCurves(FILE* out, const std::string& label, const GpuFrameResult& r, bool header) {
    if (header)
        std::fprintf(out, "# GPU: %s; %s\nmethod,case,point,wall_ms,dual_residual\n",
                     sim::cuda::gpuName().c_str(), benchCommandLine().c_str());
    for (const Curve& c : r.curves)
        for (size_t k = 0; k < c.points.size(); ++k)
            std::fprintf(out, "%s,%s,%zu,%.4f,%.6e\n", c.method.c_str(), label.c_str(), k,
                         c.points[k].first, c.points[k].second);
    std::fflush(out);
}

#ifdef PBD_HAVE_CUDA

namespace {

using Clock = std::chrono::steady_clock;

struct MgpbdRun {
    std::vector<double> residual, wallMs;
    double msAssemble = 0, msSetup = 0, msGalerkin = 0, msSolve = 0, msTransfer = 0;
    int outer = 0, pcgIterations = 0, levels = 0;
    bool onDevice = false;
    // Wall time at the first iterate with ||b|| <= limit, or -1.
    double msTo(double limit) const {
        for (size_t i = 0; i < residual.size(); ++i)
            if (residual[i] <= limit) return wallMs[i];
        return -1;
    }
};

// One solve of base's state by MGPBD on the GPU to ||b|| < stop. warm: the AMG setup of an
// untimed solve of the same state is reused (the lazy interval's common case).
MgpbdRun runMgpbd(const sim::World& base, const GpuFrameOptions& o, bool warm, double stop) {
    sim::World world = copyState(base);
    auto owned = std::make_unique<sim::cuda::GpuMgpbdSolver>(
        sim::cuda::GpuOptions{o.checkInterval, o.graphs});
    sim::cuda::GpuMgpbdSolver& solver = *owned;
    world.setSolver(std::move(owned));
    sim::MgpbdSettings& s = world.settings.block<sim::MgpbdSettings>();
    s.maxIterations = o.maxOuter;
    s.atol = stop;
    s.rtol = 0;
    const sim::Real dt = world.settings.substepDt();
    if (warm) {
        solver.solve(world.context(), dt);
        world.particles = base.particles;
        world.contacts() = base.contacts();
    }
    solver.solve(world.context(), dt);
    const sim::SolverStats& stats = solver.stats();
    MgpbdRun run;
    run.residual = stats.residualHistory;
    run.wallMs = solver.residualTimesMs();
    run.outer = stats.iterations;
    run.onDevice = solver.ranOnDevice();
    // The device's figures, or the CPU solver's where a setting sent the solve there.
    const auto take = [&run](const auto& figures) {
        run.pcgIterations = figures.pcgIterations;
        run.msAssemble = figures.msAssemble;
        run.msSetup = figures.msSetup;
        run.msGalerkin = figures.msGalerkin;
        run.msSolve = figures.msSolve;
        run.levels = figures.levels;
    };
    if (run.onDevice) {
        take(solver.gpuStats());
        run.msTransfer = solver.gpuStats().msTransfer;
    } else {
        take(solver.cpuStats());
    }
    return run;
}

// XPBD sweeps on the GPU from base's state for at least budgetMs of sweep time, in batches
// of 1, 2, 4 ... 64 sweeps timed without a host wait per sweep; the residual between
// batches is not timed.
Curve runXpbd(const sim::World& base, bool jacobi, double budgetMs, int& sweeps, double& ms) {
    sim::World world = copyState(base);
    sim::cuda::GpuXpbd session(jacobi ? sim::cuda::XpbdSweep::Jacobi
                                      : sim::cuda::XpbdSweep::ColouredGaussSeidel);
    Curve curve{jacobi ? "xpbd-jacobi" : "xpbd-gs", {}};
    if (std::string e = session.begin(world.context(), world.settings.substepDt()); !e.empty()) {
        std::fprintf(stderr, "pbd-bench: GPU XPBD: %s\n", e.c_str());
        return curve;
    }
    curve.points.emplace_back(0.0, session.residual());
    sweeps = 0;
    ms = 0;
    for (int batch = 1; ms < budgetMs; batch = std::min(2 * batch, 64)) {
        const auto t = Clock::now();
        for (int k = 0; k < batch; ++k) session.sweep();
        session.synchronize();
        ms += std::chrono::duration<double, std::milli>(Clock::now() - t).count();
        sweeps += batch;
        curve.points.emplace_back(ms, session.residual());
    }
    return curve;
}

Curve mgpbdCurve(const char* name, const MgpbdRun& run) {
    Curve c{name, {}};
    for (size_t i = 0; i < run.residual.size(); ++i)
        c.points.emplace_back(run.wallMs[i], run.residual[i]);
    return c;
}

}  // namespace

sim::World worldBeforeGpuSolve(const std::string& scene, const sim::SceneParams& params, int frame,
                               const GpuFrameOptions& o) {
    sim::World world = loadSceneOrDie(scene, params);
    if (std::string e = o.mg.apply(world.settings.block<sim::MgpbdSettings>()); !e.empty()) {
        std::fprintf(stderr, "pbd-bench: %s\n", e.c_str());
        std::exit(2);
    }
    world.setSolver(std::make_unique<sim::cuda::GpuMgpbdSolver>(
        sim::cuda::GpuOptions{o.checkInterval, o.graphs}));
    for (int f = 0; f < frame; ++f) world.step();
    preSolveStages(world);
    return world;
}

GpuFrameResult measureGpuFrame(sim::World& base, const GpuFrameOptions& o) {
    GpuFrameResult r;
    sim::DualSystem system;
    firstIterationSystem(base, system);
    r.rows = system.rows();
    r.nonZeros = system.A.nonZeros();
    r.b0 = sim::norm(system.b);
    const sim::cuda::SpmvTiming spmv = sim::cuda::timeSpmvFloat(system.A, o.repeats);
    r.spmvOwnMs = spmv.msOwn;
    r.spmvCusparseMs = spmv.msCusparse;
    if (spmv.maxDifference > 1e-4)
        std::fprintf(stderr, "pbd-bench: own and cuSPARSE SpMV differ by %g (relative)\n",
                     spmv.maxDifference);

    const double stop = std::min(o.atol, 1e-4 * r.b0);
    const MgpbdRun cold = runMgpbd(base, o, false, stop);
    const MgpbdRun warm = runMgpbd(base, o, true, stop);
    r.setupMs = cold.msSetup;
    r.onDevice = cold.onDevice && warm.onDevice;
    r.levels = warm.levels;
    r.outer = warm.outer;
    r.pcgIterations = warm.pcgIterations;
    r.msAssemble = warm.msAssemble;
    r.msGalerkin = warm.msGalerkin;
    r.msSolve = warm.msSolve;
    r.msTransfer = warm.msTransfer;
    r.msPerOuter = (warm.msAssemble + warm.msGalerkin + warm.msSolve) / std::max(warm.outer, 1);
    r.final = warm.residual.empty() ? 0 : warm.residual.back();
    r.msToRel2 = warm.msTo(1e-2 * r.b0);
    r.msToRel4 = warm.msTo(1e-4 * r.b0);
    r.msToAtol = warm.msTo(o.atol);
    r.curves.push_back(mgpbdCurve("mgpbd", warm));
    r.curves.push_back(mgpbdCurve("mgpbd-cold", cold));
    r.budgetMs = r.msToAtol > 0 ? r.msToAtol : (warm.wallMs.empty() ? 0 : warm.wallMs.back());
    for (size_t i = 0; i < warm.wallMs.size(); ++i)
        if (warm.wallMs[i] <= r.budgetMs) r.atBudget = warm.residual[i];
    if (o.xpbd && r.budgetMs > 0) {
        double ms = 0;
        r.curves.push_back(runXpbd(base, true, r.budgetMs, r.jacobiSweeps, ms));
        r.jacobiResidual =
            r.curves.back().points.empty() ? 0 : r.curves.back().points.back().second;
        r.jacobiSweepMs = r.jacobiSweeps > 0 ? ms / r.jacobiSweeps : 0;
        r.curves.push_back(runXpbd(base, false, r.budgetMs, r.gsSweeps, ms));
        r.gsResidual = r.curves.back().points.empty() ? 0 : r.curves.back().points.back().second;
    }
    return r;
}

double measureCopyBandwidth() {
    return sim::cuda::copyBandwidth(size_t(512) << 20, 20);
}

#else  // no CUDA path: the gpu-* subcommands stop in checkDevice before any of this

sim::World worldBeforeGpuSolve(const std::string&, const sim::SceneParams&, int,
                               const GpuFrameOptions&) {
    return {};
}
GpuFrameResult measureGpuFrame(sim::World&, const GpuFrameOptions&) {
    return {};
}
double measureCopyBandwidth() {
    return 0;
}

#endif

}  // namespace bench
