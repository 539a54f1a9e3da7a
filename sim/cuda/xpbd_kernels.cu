// The kernels of xpbd_kernels.h.
#include "sim/cuda/constraint_eval.cuh"
#include "sim/cuda/cuda_check.h"
#include "sim/cuda/xpbd_kernels.h"

namespace sim::cuda {

namespace {

__device__ inline double rowAlphaTilde(const RowBlock& block, int k) {
    return block.alphaTilde * block.params[static_cast<long long>(k) * rowParamStride(block.kind) +
                                           complianceScaleSlot(block.kind)];
}

__global__ void jacobiKernel(RowBlock block, SlotView slots, const double* w, const double* p,
                             const int* degree, double* lambda, double* dx) {
    const int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= block.count) return;
    const int r = block.begin + k;
    D3 g[4];
    const double C = evalRow(block, slots, p, r, g);
    const int* idx = slots.slotParticle + slots.slotStart[r];
    const int n = rowArity(block.kind);
    double sum = 0;
    int deg = 1;
    for (int j = 0; j < n; ++j) {
        sum += w[idx[j]] * dot(g[j], g[j]);
        deg = max(deg, degree[idx[j]]);
    }
    const double a = rowAlphaTilde(block, k);
    if (sum + a < 1e-12) return;
    const double dl = (-C - a * lambda[r]) / (sum + a) / deg;
    lambda[r] += dl;
    for (int j = 0; j < n; ++j) {
        const double s = w[idx[j]] * dl;
        atomicAdd(dx + 3 * idx[j], s * g[j].x);
        atomicAdd(dx + 3 * idx[j] + 1, s * g[j].y);
        atomicAdd(dx + 3 * idx[j] + 2, s * g[j].z);
    }
}

__global__ void applyDeltaKernel(int n, double* dx, double* p) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 3 * n) return;
    p[i] += dx[i];
    dx[i] = 0;
}

__global__ void colourKernel(BlockSet blocks, SlotView slots, const int* rows, int count,
                             const double* w, double* p, double* lambda) {
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= count) return;
    const int r = rows[t];
    int b = 0;
    while (b + 1 < blocks.count && r >= blocks.blocks[b].begin + blocks.blocks[b].count) ++b;
    const RowBlock& block = blocks.blocks[b];
    const int k = r - block.begin;
    D3 g[4];
    const double C = evalRow(block, slots, p, r, g);
    const int* idx = slots.slotParticle + slots.slotStart[r];
    const int n = rowArity(block.kind);
    double sum = 0, maxWGrad2 = 0;
    for (int j = 0; j < n; ++j) {
        const double wj = w[idx[j]], g2 = dot(g[j], g[j]);
        sum += wj * g2;
        maxWGrad2 = fmax(maxWGrad2, wj * wj * g2);
    }
    const double at = rowAlphaTilde(block, k);
    const double denom = sum + at;
    if (denom < 1e-12) return;
    const double lambdaBefore = lambda[r];
    double s = (-C - at * lambdaBefore) / denom;
    lambda[r] = lambdaBefore + s;
    if (s == 0) return;
    const double maxStep =
        block.kind == RowKind::Bending
            ? block.params[static_cast<long long>(k) * rowParamStride(block.kind) + 2]
            : INFINITY;
    if (s * s * maxWGrad2 > maxStep * maxStep) {
        s *= maxStep / (fabs(s) * sqrt(maxWGrad2));
        lambda[r] = lambdaBefore + s;
    }
    for (int j = 0; j < n; ++j) store3(p, idx[j], load3(p, idx[j]) + (s * w[idx[j]]) * g[j]);
}

__global__ void rowResidualKernel(RowBlock block, SlotView slots, const double* p,
                                  const double* lambda, double* b) {
    const int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= block.count) return;
    const int r = block.begin + k;
    D3 g[4];
    const double C = evalRow(block, slots, p, r, g);
    b[r] = -C - rowAlphaTilde(block, k) * lambda[r];
}

}  // namespace

void launchXpbdJacobi(const RowBlock& block, const SlotView& slots, const double* w,
                      const double* p, const int* degree, double* lambda, double* dx,
                      cudaStream_t stream) {
    if (block.count == 0) return;
    jacobiKernel<<<gridFor(block.count), kBlock, 0, stream>>>(block, slots, w, p, degree, lambda,
                                                              dx);
    CUDA_CHECK_LAUNCH();
}

void launchApplyDelta(int particles, double* dx, double* p, cudaStream_t stream) {
    if (particles == 0) return;
    applyDeltaKernel<<<gridFor(3LL * particles), kBlock, 0, stream>>>(particles, dx, p);
    CUDA_CHECK_LAUNCH();
}

void launchXpbdColour(const BlockSet& blocks, const SlotView& slots, const int* rows, int count,
                      const double* w, double* p, double* lambda, cudaStream_t stream) {
    if (count == 0) return;
    colourKernel<<<gridFor(count), kBlock, 0, stream>>>(blocks, slots, rows, count, w, p, lambda);
    CUDA_CHECK_LAUNCH();
}

void launchRowResiduals(const RowBlock& block, const SlotView& slots, const double* p,
                        const double* lambda, double* b, cudaStream_t stream) {
    if (block.count == 0) return;
    rowResidualKernel<<<gridFor(block.count), kBlock, 0, stream>>>(block, slots, p, lambda, b);
    CUDA_CHECK_LAUNCH();
}

}  // namespace sim::cuda
