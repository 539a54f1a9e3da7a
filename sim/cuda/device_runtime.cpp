// The device queries of a CUDA build (module_api.h's runtime): the first device is used, and
// it must run this build's code (sm_90 machine code plus compute_90 PTX, cmake/Cuda.cmake).
#include <cuda_runtime_api.h>

#include <mutex>

#include "sim/cuda/device.h"
#include "sim/cuda/gpu_mgpbd.h"
#include "sim/cuda/gpu_xpbd.h"
#include "sim/cuda/module_api.h"

namespace sim::cuda {

namespace {

struct Probe {
    std::string reason;  // empty when usable
    std::string name;
};

const Probe& probe() {
    static Probe result;
    static std::once_flag once;
    std::call_once(once, [] {
        int count = 0;
        const cudaError_t e = cudaGetDeviceCount(&count);
        if (e != cudaSuccess) {
            result.reason = std::string("no usable CUDA device (") + cudaGetErrorString(e) + ")";
            cudaGetLastError();
            return;
        }
        if (count == 0) {
            result.reason = "no CUDA device found";
            return;
        }
        cudaDeviceProp prop{};
        if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
            result.reason = "cudaGetDeviceProperties failed";
            cudaGetLastError();
            return;
        }
        result.name = prop.name;
        if (prop.major < 9) {
            result.reason =
                std::string("GPU '") + prop.name + "' has compute capability " +
                std::to_string(prop.major) + "." + std::to_string(prop.minor) +
                "; this build carries code for 9.0 and newer (set CMAKE_CUDA_ARCHITECTURES)";
        }
    });
    return result;
}

}  // namespace

namespace runtime {

std::string unavailableReason() {
    return probe().reason;
}

std::string gpuName() {
    return probe().reason.empty() ? probe().name : std::string();
}

std::unique_ptr<Solver> createSolver(SolverKind kind, std::string* error) {
    std::string why;
    if (!probe().reason.empty())
        why = "--device cuda: " + probe().reason;
    else if (!hasGpuSolver(kind))
        why = std::string("--device cuda: solver '") + solverName(kind) +
              "' has no GPU version (use mgpbd or xpbd)";
    if (!why.empty()) {
        if (error) *error = why;
        return nullptr;
    }
    if (kind == SolverKind::MGPBD) return std::make_unique<GpuMgpbdSolver>();
    return std::make_unique<GpuXpbdSolver>();
}

}  // namespace runtime

}  // namespace sim::cuda
