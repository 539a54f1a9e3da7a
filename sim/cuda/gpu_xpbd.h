#pragma once
// XPBD on the GPU (Macklin et al. 2016; the baselines for MGPBD), the sweeps of
// xpbd_kernels.h over the dual system's rows (CPU references and formulas in
// xpbd_reference.h): graph-coloured Gauss-Seidel, one launch per colour, or Jacobi with
// atomic accumulation. After each sweep the collider contacts are projected on the device,
// as the CPU Gauss-Seidel sweep does; unilateral constraints and self contacts, which have
// no device version, are projected once after the last sweep on the CPU (the CPU solver
// does them every sweep).
//
// GpuXpbd is a session the bench drives sweep by sweep; GpuXpbdSolver is the Solver
// (`--device cuda --solver xpbd`: coloured Gauss-Seidel, settings.iterations sweeps).
#include <cstdint>
#include <string>
#include <vector>

#include "sim/solvers/solver.h"

namespace sim::cuda {

enum class XpbdSweep { ColouredGaussSeidel, Jacobi };

class GpuXpbdState;

class GpuXpbd {
  public:
    explicit GpuXpbd(XpbdSweep sweep);
    ~GpuXpbd();
    GpuXpbd(const GpuXpbd&) = delete;
    GpuXpbd& operator=(const GpuXpbd&) = delete;

    // Uploads the world's rows (rebuilt when the topology or the pins changed), positions and
    // contacts; lambda = 0. Empty, or why this world cannot run on the device (untouched).
    std::string begin(const StepContext& ctx, Real dt);
    // One sweep and the contacts, queued on the device.
    void sweep();
    // Waits for the queued sweeps.
    void synchronize();
    // ||-C - alpha~ lambda|| at the current positions (one host read).
    double residual();
    // p (and the contacts' pushes) back to the world, then what stays on the CPU.
    void end(const StepContext& ctx);
    int colours() const;
    int rows() const;

  private:
    XpbdSweep sweep_;
    std::unique_ptr<GpuXpbdState> state_;
};

// What the last GPU XPBD solve ran on.
struct GpuXpbdStats {
    int colours = 0;  // colour classes of the coloured Gauss-Seidel sweep
    int rows = 0;     // constraint rows
};

class GpuXpbdSolver final : public Solver {
  public:
    GpuXpbdSolver();
    const char* name() const override { return "xpbd"; }
    void solve(const StepContext& ctx, Real dt) override;
    const GpuXpbdStats& gpuStats() const { return gpu_; }

  private:
    GpuXpbd session_;
    GpuXpbdStats gpu_;
};

}  // namespace sim::cuda
