// The entry point of libpbd_cuda.so (module_api.h), which device_loader.cpp looks up.
#include "sim/cuda/module_api.h"
#include "sim/solvers/solver.h"

extern "C" __attribute__((visibility("default"))) const sim::cuda::ModuleApi*
pbd_cuda_module_api() {
    static const sim::cuda::ModuleApi api{
        sim::cuda::kModuleApiVersion, &sim::cuda::runtime::unavailableReason,
        &sim::cuda::runtime::gpuName, &sim::cuda::runtime::createSolver};
    return &api;
}
