// The device queries of pbd-sandbox in a CUDA build: the GPU path is the module
// libpbd_cuda.so (module_api.h), loaded on the first query, which only `--device cuda` makes.
// The module is looked for beside the executable, then where the build put it.
#include <dlfcn.h>
#include <unistd.h>

#include <mutex>
#include <string>
#include <vector>

#include "sim/cuda/device.h"
#include "sim/cuda/module_api.h"
#include "sim/solvers/solver.h"

namespace sim::cuda {

namespace {

struct Module {
    const ModuleApi* api = nullptr;
    std::string reason;  // why there is no api
};

std::string besideExecutable() {
    std::vector<char> path(4096);
    const ssize_t n = readlink("/proc/self/exe", path.data(), path.size() - 1);
    if (n <= 0) return {};
    std::string exe(path.data(), static_cast<size_t>(n));
    const size_t slash = exe.rfind('/');
    return slash == std::string::npos ? std::string() : exe.substr(0, slash + 1) + "libpbd_cuda.so";
}

const Module& module() {
    static Module result;
    static std::once_flag once;
    std::call_once(once, [] {
        std::string errors;
        void* handle = nullptr;
        for (const std::string& path : {besideExecutable(), std::string(PBD_CUDA_MODULE_PATH)}) {
            if (path.empty()) continue;
            if (access(path.c_str(), F_OK) != 0) continue;
            handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
            if (handle) break;
            errors += std::string(errors.empty() ? "" : "; ") + dlerror();
        }
        if (!handle) {
            result.reason = "the CUDA module libpbd_cuda.so could not be loaded (" +
                            (errors.empty() ? "not found beside the executable nor at " +
                                                  std::string(PBD_CUDA_MODULE_PATH)
                                            : errors) +
                            ")";
            return;
        }
        using Entry = const ModuleApi* (*)();
        auto entry = reinterpret_cast<Entry>(dlsym(handle, kModuleEntry));
        const ModuleApi* api = entry ? entry() : nullptr;
        if (!api || api->version != kModuleApiVersion) {
            result.reason = "the CUDA module libpbd_cuda.so is from another build (rebuild it)";
            return;
        }
        result.api = api;  // the module stays loaded for the life of the process
    });
    return result;
}

}  // namespace

bool built() {
    return true;
}

std::string unavailableReason() {
    return module().api ? module().api->unavailableReason() : module().reason;
}

std::string gpuName() {
    return module().api ? module().api->gpuName() : std::string();
}

std::unique_ptr<Solver> createSolver(SolverKind kind, std::string* error) {
    if (module().api) return module().api->createSolver(kind, error);
    if (error) *error = "--device cuda: " + module().reason;
    return nullptr;
}

}  // namespace sim::cuda
