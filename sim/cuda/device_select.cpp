// The device choice shared by every build (sim/cuda/device.h); what needs CUDA is in
// device_runtime.cpp, or device_stub.cpp when the CUDA path is not built.
#include <utility>

#include "sim/cuda/device.h"
#include "sim/world/world.h"

namespace sim::cuda {

std::optional<Device> parseDevice(const std::string& name) {
    if (name == "cpu") return Device::Cpu;
    if (name == "cuda") return Device::Cuda;
    return std::nullopt;
}

const char* deviceName(Device device) {
    return device == Device::Cuda ? "cuda" : "cpu";
}

bool available() {
    return unavailableReason().empty();
}

bool hasGpuSolver(SolverKind kind) {
    return kind == SolverKind::MGPBD || kind == SolverKind::XPBD;
}

std::string useDevice(Device device, World& world) {
    if (device == Device::Cpu) return {};
    std::string error;
    std::unique_ptr<Solver> solver = createSolver(world.settings.solver, &error);
    if (!solver) return error;
    world.setSolver(std::move(solver));
    return {};
}

}  // namespace sim::cuda
