#pragma once
// The entry of the CUDA module (libpbd_cuda.so): the GPU path is a shared library that
// pbd-sandbox loads with dlopen the first time `--device cuda` asks for it, so a CPU run
// neither maps the CUDA libraries nor pays their start-up (device_loader.cpp). pbd-bench and
// the GPU tests link the same code statically (device_direct.cpp).
#include <memory>
#include <string>

#include "sim/core/settings.h"

namespace sim {
class Solver;
}  // namespace sim

namespace sim::cuda {

// The queries of device.h that need the CUDA runtime (device_runtime.cpp).
namespace runtime {
std::string unavailableReason();
std::string gpuName();
std::unique_ptr<Solver> createSolver(SolverKind kind, std::string* error);
}  // namespace runtime

// What the module hands the loader. The module and the program are built together from one
// tree, so C++ types cross; the version refuses a module left over from another build.
struct ModuleApi {
    int version;
    std::string (*unavailableReason)();
    std::string (*gpuName)();
    std::unique_ptr<Solver> (*createSolver)(SolverKind kind, std::string* error);
};
inline constexpr int kModuleApiVersion = 1;
inline constexpr const char* kModuleEntry = "pbd_cuda_module_api";

}  // namespace sim::cuda
