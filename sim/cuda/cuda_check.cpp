#include "sim/cuda/cuda_check.h"

#include <stdexcept>
#include <string>

namespace sim::cuda {

void throwCudaError(const char* call, const char* error, const char* file, int line) {
    throw std::runtime_error(std::string("CUDA error '") + error + "' in " + call + " at " + file +
                             ":" + std::to_string(line));
}

void throwLibraryError(const char* call, int status, const char* file, int line) {
    throw std::runtime_error(std::string("CUDA library call ") + call + " returned status " +
                             std::to_string(status) + " at " + file + ":" + std::to_string(line));
}

}  // namespace sim::cuda
