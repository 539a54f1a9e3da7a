#pragma once
// Every CUDA runtime, cuSPARSE and cuSOLVER call and every kernel launch in sim/cuda is
// checked: a failure throws std::runtime_error naming the call, the error, file and line.
// A launch is checked for configuration errors at once (cudaGetLastError); a fault inside
// a kernel surfaces at the next checked synchronising call (each outer iteration reads its
// residual back through one).
#include <cuda_runtime_api.h>

namespace sim::cuda {

[[noreturn]] void throwCudaError(const char* call, const char* error, const char* file, int line);
[[noreturn]] void throwLibraryError(const char* call, int status, const char* file, int line);

}  // namespace sim::cuda

#define CUDA_CHECK(call)                                                                    \
    do {                                                                                    \
        const cudaError_t pbdCudaError_ = (call);                                           \
        if (pbdCudaError_ != cudaSuccess)                                                   \
            ::sim::cuda::throwCudaError(#call, cudaGetErrorString(pbdCudaError_), __FILE__, \
                                        __LINE__);                                          \
    } while (0)

// After every <<<...>>>: the launch itself (grid, block, shared memory, a bad stream).
#define CUDA_CHECK_LAUNCH() CUDA_CHECK(cudaGetLastError())

// cuSPARSE / cuSOLVER status codes (0 is success in both).
#define CUDA_LIBRARY_CHECK(call)                                                   \
    do {                                                                           \
        const int pbdStatus_ = static_cast<int>(call);                             \
        if (pbdStatus_ != 0)                                                       \
            ::sim::cuda::throwLibraryError(#call, pbdStatus_, __FILE__, __LINE__); \
    } while (0)
