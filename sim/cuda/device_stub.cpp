// The device queries of a build without the CUDA path (PBD_CUDA=OFF or no nvcc).
#include "sim/cuda/device.h"
#include "sim/solvers/solver.h"

namespace sim::cuda {

bool built() {
    return false;
}

std::string unavailableReason() {
    return "this build has no CUDA path (nvcc was not found at configure time, or PBD_CUDA=OFF); "
           "reconfigure where the CUDA Toolkit is installed";
}

std::string gpuName() {
    return {};
}

std::unique_ptr<Solver> createSolver(SolverKind, std::string* error) {
    if (error) *error = "--device cuda: " + unavailableReason();
    return nullptr;
}

}  // namespace sim::cuda
