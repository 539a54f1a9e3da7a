#pragma once
// Block-wide sum in a fixed order (warp shuffles, then one warp over the warp sums), so a
// reduction gives the same bits on every run.
#include <cuda_runtime.h>

namespace sim::cuda {

// The block's sum of v, valid in thread 0. Every thread of the block must call it.
__device__ inline double blockSum(double v) {
    __shared__ double warpSums[32];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffffu, v, offset);
    if (lane == 0) warpSums[warp] = v;
    __syncthreads();
    const int warps = (blockDim.x + 31) >> 5;
    v = threadIdx.x < warps ? warpSums[threadIdx.x] : 0.0;
    if (warp == 0)
        for (int offset = 16; offset > 0; offset >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, offset);
    __syncthreads();  // warpSums may be reused by a following call
    return v;
}

// Sum of partials[0 .. count) by one block, valid in thread 0.
__device__ inline double sumPartials(const double* partials, int count) {
    double v = 0;
    for (int i = threadIdx.x; i < count; i += blockDim.x) v += partials[i];
    return blockSum(v);
}

}  // namespace sim::cuda
