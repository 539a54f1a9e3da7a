// The per-stage kernels of stage_kernels.h.
#include "sim/cuda/constraint_eval.cuh"
#include "sim/cuda/cuda_check.h"
#include "sim/cuda/stage_kernels.h"

namespace sim::cuda {

namespace {

__global__ void predictKernel(int n, const double* x, double* v, const double* w, double gx,
                              double gy, double gz, double dt, double* p) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    D3 vi = load3(v, i);
    if (w[i] > 0) vi = vi + dt * D3{gx, gy, gz};
    store3(v, i, vi);
    store3(p, i, load3(x, i) + dt * vi);
}

__global__ void updateVelocitiesKernel(int n, const double* p, double* x, double* v, double inv) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const D3 pi = load3(p, i);
    store3(v, i, (pi - load3(x, i)) * inv);
    store3(x, i, pi);
}

template <class T>
__global__ void evaluateKernel(RowBlock block, SlotView slots, const double* p,
                               const double* lambda, T* grad, double* b, double* alphaTilde) {
    const int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= block.count) return;
    const int r = block.begin + k;
    D3 g[4];
    const double C = evalRow(block, slots, p, r, g);
    const int arity = rowArity(block.kind);
    const int s = slots.slotStart[r];
    for (int j = 0; j < arity; ++j) storeT3(grad, s + j, g[j]);
    const double scale = block.params[static_cast<long long>(k) * rowParamStride(block.kind) +
                                      complianceScaleSlot(block.kind)];
    const double at = block.alphaTilde * scale;
    alphaTilde[r] = at;
    b[r] = -C - at * lambda[r];
}

__device__ inline int findInRow(const int* col, int begin, int end, int c) {
    int lo = begin, hi = end;
    while (lo < hi) {
        const int mid = (lo + hi) >> 1;
        if (col[mid] < c)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < end && col[lo] == c ? lo : -1;
}

__global__ void buildScatterKernel(DualView d, int* scatter, int* diag) {
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= d.slots.rows) return;
    const int begin = d.rowStart[r], end = d.rowStart[r + 1];
    diag[r] = findInRow(d.col, begin, end, r);
    for (int s = d.slots.slotStart[r]; s < d.slots.slotStart[r + 1]; ++s) {
        const int p = d.slots.slotParticle[s];
        int out = d.scatterStart[s];
        for (int j = d.incStart[p]; j < d.incStart[p + 1]; ++j)
            scatter[out++] = findInRow(d.col, begin, end, d.slotRow[d.incSlot[j]]);
    }
}

template <class T>
__global__ void fillMatrixKernel(DualView d, const double* w, const T* grad,
                                 const double* alphaTilde, T* val) {
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= d.slots.rows) return;
    for (int k = d.rowStart[r]; k < d.rowStart[r + 1]; ++k) val[k] = T(0);
    for (int s = d.slots.slotStart[r]; s < d.slots.slotStart[r + 1]; ++s) {
        const int p = d.slots.slotParticle[s];
        const double wp = w[p];
        if (wp == 0) continue;
        const D3 g = loadT3(grad, s);
        int out = d.scatterStart[s];
        for (int j = d.incStart[p]; j < d.incStart[p + 1]; ++j) {
            const int k = d.scatter[out++];
            val[k] = T(double(val[k]) + wp * dot(g, loadT3(grad, d.incSlot[j])));
        }
    }
    const int k = d.diag[r];
    val[k] = T(double(val[k]) + alphaTilde[r]);
}

template <class T>
__global__ void positionDeltaKernel(DualView d, const double* w, const T* grad,
                                    const double* dlambda, double omega, double* dx, double* p) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= d.particles) return;
    D3 sum{0, 0, 0};
    const double wi = w[i];
    if (wi > 0)
        for (int j = d.incStart[i]; j < d.incStart[i + 1]; ++j) {
            const int s = d.incSlot[j];
            sum = sum + loadT3(grad, s) * dlambda[d.slotRow[s]];
        }
    const D3 delta = wi * sum;
    if (dx) store3(dx, i, delta);
    if (p) store3(p, i, load3(p, i) + omega * delta);
}

__global__ void projectContactsKernel(ContactView c, const double* x, double friction, double dt,
                                      double* p) {
    const int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= c.count) return;
    const int i = c.particle[k];
    const D3 n = load3(c.normal, k);
    D3 pi = load3(p, i);
    const double C = dot(pi - load3(c.point, k), n);
    if (C >= 0) return;
    pi = pi - C * n;
    const double pushed = c.pushed[k] - C;
    c.pushed[k] = pushed;
    const D3 moved = pi - load3(x, i) - dt * load3(c.velocity, k);
    const D3 tangential = moved - dot(moved, n) * n;
    if (sqrt(dot(tangential, tangential)) < friction * pushed) pi = pi - tangential;
    store3(p, i, pi);
}

}  // namespace

void launchPredict(int n, const double* x, double* v, const double* w, const double gravity[3],
                   double dt, double* p, cudaStream_t stream) {
    if (n == 0) return;
    predictKernel<<<gridFor(n), kBlock, 0, stream>>>(n, x, v, w, gravity[0], gravity[1], gravity[2],
                                                     dt, p);
    CUDA_CHECK_LAUNCH();
}

void launchUpdateVelocities(int n, const double* p, double* x, double* v, double dt,
                            cudaStream_t stream) {
    if (n == 0) return;
    updateVelocitiesKernel<<<gridFor(n), kBlock, 0, stream>>>(n, p, x, v, 1.0 / dt);
    CUDA_CHECK_LAUNCH();
}

template <class T>
void launchEvaluate(const RowBlock& block, const SlotView& slots, const double* p,
                    const double* lambda, T* grad, double* b, double* alphaTilde,
                    cudaStream_t stream) {
    if (block.count == 0) return;
    evaluateKernel<T>
        <<<gridFor(block.count), kBlock, 0, stream>>>(block, slots, p, lambda, grad, b, alphaTilde);
    CUDA_CHECK_LAUNCH();
}

void launchBuildScatter(const DualView& dual, int* scatter, int* diag, cudaStream_t stream) {
    if (dual.slots.rows == 0) return;
    buildScatterKernel<<<gridFor(dual.slots.rows), kBlock, 0, stream>>>(dual, scatter, diag);
    CUDA_CHECK_LAUNCH();
}

template <class T>
void launchFillMatrix(const DualView& dual, const double* w, const T* grad,
                      const double* alphaTilde, T* val, cudaStream_t stream) {
    if (dual.slots.rows == 0) return;
    fillMatrixKernel<T>
        <<<gridFor(dual.slots.rows), kBlock, 0, stream>>>(dual, w, grad, alphaTilde, val);
    CUDA_CHECK_LAUNCH();
}

template <class T>
void launchPositionDelta(const DualView& dual, const double* w, const T* grad,
                         const double* dlambda, double omega, double* dx, double* p,
                         cudaStream_t stream) {
    if (dual.particles == 0) return;
    positionDeltaKernel<T>
        <<<gridFor(dual.particles), kBlock, 0, stream>>>(dual, w, grad, dlambda, omega, dx, p);
    CUDA_CHECK_LAUNCH();
}

void launchProjectContacts(const ContactView& contacts, const double* x, double friction, double dt,
                           double* p, cudaStream_t stream) {
    if (contacts.count == 0) return;
    projectContactsKernel<<<gridFor(contacts.count), kBlock, 0, stream>>>(contacts, x, friction, dt,
                                                                          p);
    CUDA_CHECK_LAUNCH();
}

#define PBD_INSTANTIATE(T)                                                                         \
    template void launchEvaluate<T>(const RowBlock&, const SlotView&, const double*,               \
                                    const double*, T*, double*, double*, cudaStream_t);            \
    template void launchFillMatrix<T>(const DualView&, const double*, const T*, const double*, T*, \
                                      cudaStream_t);                                               \
    template void launchPositionDelta<T>(const DualView&, const double*, const T*, const double*,  \
                                         double, double*, double*, cudaStream_t);
PBD_INSTANTIATE(float)
PBD_INSTANTIATE(double)
#undef PBD_INSTANTIATE

}  // namespace sim::cuda
