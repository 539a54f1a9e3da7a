#pragma once
// MGPBD (Li, Chen, Liu and Deng, SIGGRAPH 2025, Algorithm 1) with its outer loop on the
// GPU. The CPU solver (sim/solvers/mgpbd/mgpbd_solver.h) is the reference and its essay
// holds the equations; this one runs the same loop with the data on the device:
//   once per topology   the CPU's DualSystem builds the structure (rows, incidence, A's
//                       pattern) and DeviceRows / DeviceDual upload it;
//   per solve           p, x, w and the contacts go up; lambda = 0 (line 2);
//   per outer iteration evaluate C, grad C and b (lines 4/6), fill A (line 5), the AMG
//                       refresh (Galerkin products, D^-1, coarsest inverse; line 7) and
//                       MGPCG (line 8) on the device; every `setupInterval` frames the
//                       lazy setup runs on the CPU from A's downloaded values (§4.2) and is
//                       uploaded; dx, lambda and x (lines 9-11) on the device. The host
//                       reads ||b|| once per outer iteration and PCG's residual once per
//                       `checkInterval` PCG iterations.
//   after the loop      contacts projected on the device (§5.4), p downloaded; unilateral
//                       constraints and self contacts then on the CPU, as the CPU solver.
// As on the CPU, everything is double but the V-cycle, which runs on float copies of the
// hierarchy when AmgOptions::floatVCycle (the default): it streams ~33 matrices per PCG
// iteration against PCG's one, so float halves the solve's memory traffic.
// The line search and inexact solves (MgpbdSettings) run on the device too. Settings with
// no GPU version (primal system, primal residual, Gauss-Seidel smoother, strain candidates)
// run that solve on the CPU solver, with one note on stderr.
#include <memory>
#include <vector>

#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/solvers/mgpbd/mgpbd_solver.h"
#include "sim/solvers/solver.h"

namespace sim::cuda {

// Device-only knobs (no CPU counterpart).
struct GpuOptions {
    int checkInterval = 4;  // PCG iterations per host read of the residual (one CUDA graph)
    bool graphs = true;     // launch those iterations as a captured CUDA graph
};

// What the last solve on the device did, typed; visitGpuMgpbdStats lists it.
struct GpuMgpbdStats {
    int pcgIterations = 0;  // all outer iterations together
    int pcgHostReads = 0;   // PCG residual reads on the host
    int rows = 0;           // rows of the dual system
    bool floatVCycle = false, cudaGraph = false;
    double msAssemble = 0, msSetup = 0, msGalerkin = 0, msSolve = 0, msTransfer = 0;
    bool lineSearch = false;
    double minOmega = 1;  // smallest step the line search took
    int levels = 0;       // 0: no hierarchy yet
    bool coarseDirect = false;
    int levelSize[MgpbdStats::kMaxLevels] = {};
    double operatorComplexity = 0;
};

template <class F>
void visitGpuMgpbdStats(const GpuMgpbdStats& s, F&& f) {
    f("pcg iterations", s.pcgIterations, "");
    visitPhaseTimes(s, f);
    f("transfer", s.msTransfer, "ms");
    f("constraints", s.rows, "");
    f("gpu float", s.floatVCycle ? 1 : 0, "");
    f("pcg host reads", s.pcgHostReads, "");
    f("cuda graph", s.cudaGraph ? 1 : 0, "");
    visitAmgLevels(s, f);
    if (s.levels > 0) f("coarse direct", s.coarseDirect ? 1 : 0, "");
    if (s.lineSearch) f("line search omega (min)", s.minOmega, "");
}

class GpuMgpbdImpl;

class GpuMgpbdSolver final : public Solver {
  public:
    explicit GpuMgpbdSolver(GpuOptions options = {});
    ~GpuMgpbdSolver() override;
    const char* name() const override { return "mgpbd"; }
    void solve(const StepContext& ctx, Real dt) override;

    // Wall time [ms] since the start of the last solve at each residualHistory entry.
    const std::vector<double>& residualTimesMs() const { return times_; }
    // Forces the next solve to redo the AMG setup.
    void invalidateSetup();
    // Whether the last solve ran on the device (false: an unsupported setting sent it to
    // the CPU solver).
    bool ranOnDevice() const { return ranOnDevice_; }
    // The last solve's figures: on the device, or those of the CPU solver it went to.
    const GpuMgpbdStats& gpuStats() const { return gpu_; }
    const MgpbdStats& cpuStats() const { return cpu_.mgpbdStats(); }

  private:
    GpuOptions options_;
    std::unique_ptr<GpuMgpbdImpl> impl_;
    MgpbdSolver cpu_;
    std::vector<double> times_;
    GpuMgpbdStats gpu_;
    bool ranOnDevice_ = false, warned_ = false;
};

}  // namespace sim::cuda
