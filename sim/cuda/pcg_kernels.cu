// The kernels of pcg_kernels.h; scalar updates run in one thread after a one-block sum.
#include "sim/cuda/cuda_check.h"
#include "sim/cuda/device_math.cuh"
#include "sim/cuda/linalg_kernels.h"
#include "sim/cuda/pcg_kernels.h"
#include "sim/cuda/reduce.cuh"

namespace sim::cuda {

namespace {

constexpr int kScalarThreads = 1024;

__global__ void startKernel(int n, const double* b, double* x, double* r, double* partials) {
    double v = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        x[i] = 0;
        r[i] = b[i];
        v += b[i] * b[i];
    }
    const double s = blockSum(v);
    if (threadIdx.x == 0) partials[blockIdx.x] = s;
}

__global__ void limitKernel(PcgScalars* s, const double* partials, int count, double tolerance,
                            int maxIterations, int flexible) {
    const double sum = sumPartials(partials, count);
    if (threadIdx.x != 0) return;
    s->bnorm = sqrt(sum);
    s->rnorm = s->bnorm;
    s->limit = tolerance * s->bnorm;
    s->iterations = 0;
    s->maxIterations = maxIterations;
    s->flexible = flexible;
    s->alpha = s->beta = s->rz = s->pq = 0;
    s->done = (s->bnorm == 0 || s->rnorm <= s->limit || maxIterations <= 0) ? 1 : 0;
}

__global__ void firstDirectionKernel(int n, const double* r, const double* z, double* p,
                                     double* partials) {
    double v = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        p[i] = z[i];
        v += r[i] * z[i];
    }
    const double s = blockSum(v);
    if (threadIdx.x == 0) partials[blockIdx.x] = s;
}

__global__ void setRzKernel(PcgScalars* s, const double* partials, int count) {
    const double sum = sumPartials(partials, count);
    if (threadIdx.x == 0) s->rz = sum;
}

__global__ void alphaKernel(PcgScalars* s, const double* partials, int count) {
    const double pq = sumPartials(partials, count);
    if (threadIdx.x != 0) return;
    s->pq = pq;
    s->alpha = 0;
    if (s->done) return;
    if (!(pq > 0)) {  // lost positive definiteness numerically: stop before the update
        s->done = 1;
        return;
    }
    s->alpha = s->rz / pq;
}

__global__ void updateKernel(int n, const PcgScalars* s, const double* p, const double* q,
                             double* x, double* r, double* rOld, double* partials) {
    const bool move = !s->done;
    const double alpha = s->alpha;
    double v = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        double ri = r[i];
        if (move) {
            x[i] += alpha * p[i];
            if (rOld) rOld[i] = ri;
            ri -= alpha * q[i];
            r[i] = ri;
        }
        v += ri * ri;
    }
    const double sum = blockSum(v);
    if (threadIdx.x == 0) partials[blockIdx.x] = sum;
}

__global__ void residualKernel(PcgScalars* s, const double* partials, int count) {
    const double rr = sumPartials(partials, count);
    if (threadIdx.x != 0 || s->done) return;
    s->rnorm = sqrt(rr);
    ++s->iterations;
    if (s->rnorm <= s->limit || s->iterations >= s->maxIterations) s->done = 1;
}

__global__ void dotsKernel(int n, const double* r, const double* z, const double* rOld,
                           double* partials) {
    double rz = 0, zr = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        rz += r[i] * z[i];
        if (rOld) zr += z[i] * rOld[i];
    }
    const double a = blockSum(rz);
    const double b = blockSum(zr);
    if (threadIdx.x == 0) {
        partials[blockIdx.x] = a;
        partials[gridDim.x + blockIdx.x] = b;
    }
}

__global__ void betaKernel(PcgScalars* s, const double* partials, int count) {
    const double rzNew = sumPartials(partials, count);
    const double zrOld = sumPartials(partials + count, count);
    if (threadIdx.x != 0 || s->done) return;
    // Polak-Ribiere z_new . (r_new - r_old) for the flexible variant (pcg.cpp).
    s->beta = (s->flexible ? rzNew - zrOld : rzNew) / s->rz;
    s->rz = rzNew;
}

__global__ void directionKernel(int n, const PcgScalars* s, const double* z, double* p) {
    if (s->done) return;
    const double beta = s->beta;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        p[i] = z[i] + beta * p[i];
}

}  // namespace

void launchPcgStart(int n, const double* b, double* x, double* r, double* partials,
                    cudaStream_t stream) {
    startKernel<<<reductionBlocks(n), kBlock, 0, stream>>>(n, b, x, r, partials);
    CUDA_CHECK_LAUNCH();
}

void launchPcgLimit(PcgScalars* s, const double* partials, int count, double tolerance,
                    int maxIterations, bool flexible, cudaStream_t stream) {
    limitKernel<<<1, kScalarThreads, 0, stream>>>(s, partials, count, tolerance, maxIterations,
                                                  flexible);
    CUDA_CHECK_LAUNCH();
}

void launchPcgFirstDirection(int n, const double* r, const double* z, double* p, double* partials,
                             cudaStream_t stream) {
    firstDirectionKernel<<<reductionBlocks(n), kBlock, 0, stream>>>(n, r, z, p, partials);
    CUDA_CHECK_LAUNCH();
}

void launchPcgSetRz(PcgScalars* s, const double* partials, int count, cudaStream_t stream) {
    setRzKernel<<<1, kScalarThreads, 0, stream>>>(s, partials, count);
    CUDA_CHECK_LAUNCH();
}

void launchPcgAlpha(PcgScalars* s, const double* partials, int count, cudaStream_t stream) {
    alphaKernel<<<1, kScalarThreads, 0, stream>>>(s, partials, count);
    CUDA_CHECK_LAUNCH();
}

void launchPcgUpdate(int n, const PcgScalars* s, const double* p, const double* q, double* x,
                     double* r, double* rOld, double* partials, cudaStream_t stream) {
    updateKernel<<<reductionBlocks(n), kBlock, 0, stream>>>(n, s, p, q, x, r, rOld, partials);
    CUDA_CHECK_LAUNCH();
}

void launchPcgResidual(PcgScalars* s, const double* partials, int count, cudaStream_t stream) {
    residualKernel<<<1, kScalarThreads, 0, stream>>>(s, partials, count);
    CUDA_CHECK_LAUNCH();
}

void launchPcgDots(int n, const double* r, const double* z, const double* rOld, double* partials,
                   cudaStream_t stream) {
    dotsKernel<<<reductionBlocks(n), kBlock, 0, stream>>>(n, r, z, rOld, partials);
    CUDA_CHECK_LAUNCH();
}

void launchPcgBeta(PcgScalars* s, const double* partials, int count, cudaStream_t stream) {
    betaKernel<<<1, kScalarThreads, 0, stream>>>(s, partials, count);
    CUDA_CHECK_LAUNCH();
}

void launchPcgDirection(int n, const PcgScalars* s, const double* z, double* p,
                        cudaStream_t stream) {
    directionKernel<<<reductionBlocks(n), kBlock, 0, stream>>>(n, s, z, p);
    CUDA_CHECK_LAUNCH();
}

}  // namespace sim::cuda
