#pragma once
// Device timings for the GPU benches (bench/gpu_*.cpp): the reference figures are
// an fp32 SpMV of the dual matrix A (cuSPARSE) and the device copy bandwidth, so both are
// timed the same way here, next to this path's own SpMV kernel (linalg_kernels.h).
// Timed with CUDA events, the mean of `repeats` launches after one warm-up.
#include <cstddef>

#include "sim/solvers/mgpbd/csr_matrix.h"

namespace sim::cuda {

struct SpmvTiming {
    double msOwn = 0;          // launchMultiply<float, float>
    double msCusparse = 0;     // cusparseSpMV, CSR, 32-bit indices, CUDA_R_32F
    double maxDifference = 0;  // max |y_own - y_cusparse| / max |y_cusparse|
};
SpmvTiming timeSpmvFloat(const CsrMatrix& A, int repeats);

// cudaMemcpyAsync device to device of `bytes`, as (bytes read + bytes written) / s [GB/s].
double copyBandwidth(size_t bytes, int repeats);

}  // namespace sim::cuda
