// The device queries of the programs that link the GPU path statically (pbd-bench, the GPU
// tests): straight to the runtime (module_api.h).
#include "sim/cuda/device.h"
#include "sim/cuda/module_api.h"
#include "sim/solvers/solver.h"

namespace sim::cuda {

bool built() {
    return true;
}

std::string unavailableReason() {
    return runtime::unavailableReason();
}

std::string gpuName() {
    return runtime::gpuName();
}

std::unique_ptr<Solver> createSolver(SolverKind kind, std::string* error) {
    return runtime::createSolver(kind, error);
}

}  // namespace sim::cuda
