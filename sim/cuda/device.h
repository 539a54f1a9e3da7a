#pragma once
// Where the simulation runs: `--device cpu|cuda` of pbd-sandbox (headless), and pbd-bench.
// This header compiles in every build. With PBD_HAVE_CUDA (nvcc found at configure time,
// cmake/Cuda.cmake) the GPU solvers of sim/cuda are linked in (sim/cuda/README.md says what
// runs where); without it, or without a usable GPU, the queries say why in one line.
#include <memory>
#include <optional>
#include <string>

#include "sim/core/settings.h"

namespace sim {
class Solver;
class World;
}  // namespace sim

namespace sim::cuda {

enum class Device { Cpu, Cuda };

// "cpu" | "cuda"; nothing for anything else.
std::optional<Device> parseDevice(const std::string& name);
const char* deviceName(Device device);

// True when this build compiled the CUDA kernels.
bool built();
// Empty when a CUDA device can run the kernels now; else one line saying why not (not
// built, no driver, no device, too old an architecture). The device is queried once.
std::string unavailableReason();
// unavailableReason().empty(): a CUDA device can run this build's kernels.
bool available();
// The device's name as the driver reports it (cudaGetDeviceProperties), or "" when none.
std::string gpuName();

// Solver kinds with a GPU implementation: MGPBD (dual system, AMG-PCG) and XPBD
// (graph-coloured Gauss-Seidel).
bool hasGpuSolver(SolverKind kind);
// The GPU implementation of `kind`, or nullptr with *error saying why (not built, no
// device, no GPU version of that solver).
std::unique_ptr<Solver> createSolver(SolverKind kind, std::string* error);

// Moves `world` to `device`: for Cuda, installs the GPU version of world.settings.solver
// (World::setSolver keeps every particle, pin and collider). Returns an error message (the
// world unchanged) or empty. Cpu is a no-op.
std::string useDevice(Device device, World& world);

}  // namespace sim::cuda
