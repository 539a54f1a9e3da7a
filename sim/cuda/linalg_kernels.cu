// The kernels of linalg_kernels.h.
#include <algorithm>
#include <type_traits>

#include "sim/cuda/cuda_check.h"
#include "sim/cuda/device_math.cuh"
#include "sim/cuda/linalg_kernels.h"
#include "sim/cuda/reduce.cuh"

namespace sim::cuda {

namespace {

// Lanes per row: about half the mean row length, a power of two in [1, 32].
int lanesFor(int rows, long long nonZeros) {
    const double mean = rows > 0 ? double(nonZeros) / rows : 0;
    int lanes = 1;
    while (lanes < 32 && 2 * lanes <= mean) lanes *= 2;
    return lanes;
}

// f(i, (A x)_i) for every row, LANES lanes per row; accumulation in the wider of V and X.
template <int LANES, class V, class X, class F>
__global__ void rowProductKernel(CsrView<const V> A, const X* x, F f) {
    using Acc = decltype(V() * X());
    const long long t = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
    const int row = static_cast<int>(t / LANES);
    const int lane = static_cast<int>(t % LANES);
    Acc sum = 0;
    if (row < A.rows)
        for (int k = A.rowStart[row] + lane; k < A.rowStart[row + 1]; k += LANES)
            sum += Acc(A.val[k]) * Acc(x[A.col[k]]);
    if constexpr (LANES > 1)
        for (int offset = LANES / 2; offset > 0; offset >>= 1)
            sum += __shfl_down_sync(0xffffffffu, sum, offset, LANES);
    if (lane == 0 && row < A.rows) f(row, sum);
}

template <class V, class X, class F>
void launchRows(const CsrView<const V>& A, const X* x, F f, cudaStream_t stream) {
    if (A.rows == 0) return;
    const long long threads = static_cast<long long>(A.rows) * lanesFor(A.rows, A.nonZeros);
    const unsigned grid = gridFor(threads);
    switch (lanesFor(A.rows, A.nonZeros)) {
        case 1:
            rowProductKernel<1><<<grid, kBlock, 0, stream>>>(A, x, f);
            break;
        case 2:
            rowProductKernel<2><<<grid, kBlock, 0, stream>>>(A, x, f);
            break;
        case 4:
            rowProductKernel<4><<<grid, kBlock, 0, stream>>>(A, x, f);
            break;
        case 8:
            rowProductKernel<8><<<grid, kBlock, 0, stream>>>(A, x, f);
            break;
        case 16:
            rowProductKernel<16><<<grid, kBlock, 0, stream>>>(A, x, f);
            break;
        default:
            rowProductKernel<32><<<grid, kBlock, 0, stream>>>(A, x, f);
            break;
    }
    CUDA_CHECK_LAUNCH();
}

template <class X>
struct SetOp {
    X* y;
    template <class Acc>
    __device__ void operator()(int i, Acc ax) const {
        y[i] = X(ax);
    }
};
template <class X>
struct ResidualOp {
    const X* b;
    X* y;
    template <class Acc>
    __device__ void operator()(int i, Acc ax) const {
        y[i] = b[i] - X(ax);
    }
};
template <class X>
struct AddOp {
    X* y;
    template <class Acc>
    __device__ void operator()(int i, Acc ax) const {
        y[i] += X(ax);
    }
};
template <class T>
struct SmoothOp {
    const T *dinv, *b, *x;
    T* out;
    T c1, c2;
    int mode;
    __device__ void operator()(int i, T ax) const {
        const T z = dinv[i] * (b[i] - ax);
        if (mode == 0)
            out[i] = x[i] + c2 * z;
        else if (mode == 1)
            out[i] = (1 + c1) * x[i] + c2 * z;
        else
            out[i] = x[i] + c1 * (x[i] - out[i]) + c2 * z;
    }
};

template <int LANES, class V>
__global__ void multiplyDotKernel(CsrView<const V> A, const double* p, double* q,
                                  double* partials) {
    const long long t = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
    const int row = static_cast<int>(t / LANES);
    const int lane = static_cast<int>(t % LANES);
    double sum = 0;
    if (row < A.rows)
        for (int k = A.rowStart[row] + lane; k < A.rowStart[row + 1]; k += LANES)
            sum += double(A.val[k]) * p[A.col[k]];
    if constexpr (LANES > 1)
        for (int offset = LANES / 2; offset > 0; offset >>= 1)
            sum += __shfl_down_sync(0xffffffffu, sum, offset, LANES);
    double contribution = 0;
    if (lane == 0 && row < A.rows) {
        q[row] = sum;
        contribution = p[row] * sum;
    }
    const double s = blockSum(contribution);
    if (threadIdx.x == 0) partials[blockIdx.x] = s;
}

template <class V, class T>
__global__ void diagonalInverseKernel(int n, const int* diag, const V* val, T* dinv) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int k = diag[i];
    const double a = k >= 0 ? double(val[k]) : 0.0;
    dinv[i] = T(a != 0 ? 1.0 / a : 0.0);
}

template <class T>
__global__ void scaledDiagonalKernel(int n, T c, const T* dinv, const T* b, T* x) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = c * dinv[i] * b[i];
}

template <class VX>
__global__ void multiplyNumericKernel(CsrView<const VX> X, CsrView<const double> Y,
                                      CsrView<double> C) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= X.rows) return;
    const int begin = C.rowStart[i], end = C.rowStart[i + 1];
    for (int k = begin; k < end; ++k) C.val[k] = 0;
    for (int a = X.rowStart[i]; a < X.rowStart[i + 1]; ++a) {
        const double xv = double(X.val[a]);
        const int c = X.col[a];
        for (int b = Y.rowStart[c]; b < Y.rowStart[c + 1]; ++b) {
            const int j = Y.col[b];
            int lo = begin, hi = end;  // lower_bound of j in C's sorted row
            while (lo < hi) {
                const int mid = (lo + hi) >> 1;
                if (C.col[mid] < j)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            if (lo < end && C.col[lo] == j) C.val[lo] += xv * Y.val[b];
        }
    }
}

template <class A, class B>
__global__ void convertKernel(long long n, const A* in, B* out) {
    const long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n) out[i] = B(in[i]);
}

__global__ void scatterDenseKernel(CsrView<const double> A, double* dense) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= A.rows) return;
    for (int k = A.rowStart[i]; k < A.rowStart[i + 1]; ++k)
        dense[i + static_cast<long long>(A.col[k]) * A.rows] = A.val[k];
}

__global__ void setIdentityKernel(int n, double value, double* dense) {
    const long long k = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (k < static_cast<long long>(n) * n) dense[k] = (k % (n + 1) == 0) ? value : 0.0;
}

template <class T>
__global__ void denseMultiplyKernel(int n, const double* M, const T* b, T* x) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double s = 0;
    for (int j = 0; j < n; ++j) s += M[i + static_cast<long long>(j) * n] * double(b[j]);
    x[i] = T(s);
}

__global__ void axpyKernel(int n, double a, const double* x, double* y) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] += a * x[i];
}

template <class V>
__global__ void jacobiPreconditionKernel(int n, const int* diag, const V* val, const double* r,
                                         double* z) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = r[i] / double(val[diag[i]]);
}

__global__ void dotPartialsKernel(long long n, const double* a, const double* b, double* partials) {
    double v = 0;
    for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += static_cast<long long>(gridDim.x) * blockDim.x)
        v += a[i] * b[i];
    const double s = blockSum(v);
    if (threadIdx.x == 0) partials[blockIdx.x] = s;
}

__global__ void sumPartialsKernel(const double* partials, int count, double* out) {
    const double s = sumPartials(partials, count);
    if (threadIdx.x == 0) *out = s;
}

}  // namespace

template <class V, class X>
void launchMultiply(const CsrView<const V>& A, const X* x, X* y, cudaStream_t stream) {
    launchRows(A, x, SetOp<X>{y}, stream);
}

template <class V, class X>
void launchResidual(const CsrView<const V>& A, const X* x, const X* b, X* y, cudaStream_t stream) {
    launchRows(A, x, ResidualOp<X>{b, y}, stream);
}

template <class V, class X>
void launchMultiplyAdd(const CsrView<const V>& A, const X* x, X* y, cudaStream_t stream) {
    launchRows(A, x, AddOp<X>{y}, stream);
}

int multiplyPartialCount(int rows, long long nonZeros) {
    return static_cast<int>(gridFor(static_cast<long long>(rows) * lanesFor(rows, nonZeros)));
}

template <class V>
void launchMultiplyDot(const CsrView<const V>& A, const double* p, double* q, double* partials,
                       cudaStream_t stream) {
    if (A.rows == 0) return;
    const unsigned grid = multiplyPartialCount(A.rows, A.nonZeros);
    switch (lanesFor(A.rows, A.nonZeros)) {
        case 1:
            multiplyDotKernel<1><<<grid, kBlock, 0, stream>>>(A, p, q, partials);
            break;
        case 2:
            multiplyDotKernel<2><<<grid, kBlock, 0, stream>>>(A, p, q, partials);
            break;
        case 4:
            multiplyDotKernel<4><<<grid, kBlock, 0, stream>>>(A, p, q, partials);
            break;
        case 8:
            multiplyDotKernel<8><<<grid, kBlock, 0, stream>>>(A, p, q, partials);
            break;
        case 16:
            multiplyDotKernel<16><<<grid, kBlock, 0, stream>>>(A, p, q, partials);
            break;
        default:
            multiplyDotKernel<32><<<grid, kBlock, 0, stream>>>(A, p, q, partials);
            break;
    }
    CUDA_CHECK_LAUNCH();
}

template <class T>
void launchScaledDiagonal(int n, T c, const T* dinv, const T* b, T* x, cudaStream_t stream) {
    if (n == 0) return;
    scaledDiagonalKernel<T><<<gridFor(n), kBlock, 0, stream>>>(n, c, dinv, b, x);
    CUDA_CHECK_LAUNCH();
}

template <class T>
void launchSmoothingStep(const CsrView<const T>& A, const T* dinv, const T* b, const T* x, T* out,
                         T c1, T c2, int mode, cudaStream_t stream) {
    launchRows(A, x, SmoothOp<T>{dinv, b, x, out, c1, c2, mode}, stream);
}

template <class V, class T>
void launchDiagonalInverse(int n, const int* diag, const V* val, T* dinv, cudaStream_t stream) {
    if (n == 0) return;
    diagonalInverseKernel<V, T><<<gridFor(n), kBlock, 0, stream>>>(n, diag, val, dinv);
    CUDA_CHECK_LAUNCH();
}

template <class VX>
void launchMultiplyNumeric(const CsrView<const VX>& X, const CsrView<const double>& Y,
                           const CsrView<double>& C, cudaStream_t stream) {
    if (X.rows == 0) return;
    multiplyNumericKernel<VX><<<gridFor(X.rows), kBlock, 0, stream>>>(X, Y, C);
    CUDA_CHECK_LAUNCH();
}

template <class A, class B>
void launchConvert(long long n, const A* in, B* out, cudaStream_t stream) {
    if (n == 0) return;
    convertKernel<A, B><<<gridFor(n), kBlock, 0, stream>>>(n, in, out);
    CUDA_CHECK_LAUNCH();
}

void launchScatterDense(const CsrView<const double>& A, double* dense, cudaStream_t stream) {
    if (A.rows == 0) return;
    scatterDenseKernel<<<gridFor(A.rows), kBlock, 0, stream>>>(A, dense);
    CUDA_CHECK_LAUNCH();
}

void launchSetIdentity(int n, double value, double* dense, cudaStream_t stream) {
    if (n == 0) return;
    setIdentityKernel<<<gridFor(static_cast<long long>(n) * n), kBlock, 0, stream>>>(n, value,
                                                                                     dense);
    CUDA_CHECK_LAUNCH();
}

template <class T>
void launchDenseMultiply(int n, const double* M, const T* b, T* x, cudaStream_t stream) {
    if (n == 0) return;
    denseMultiplyKernel<T><<<gridFor(n, 128), 128, 0, stream>>>(n, M, b, x);
    CUDA_CHECK_LAUNCH();
}

void launchAxpy(int n, double a, const double* x, double* y, cudaStream_t stream) {
    if (n == 0) return;
    axpyKernel<<<gridFor(n), kBlock, 0, stream>>>(n, a, x, y);
    CUDA_CHECK_LAUNCH();
}

template <class V>
void launchJacobiPrecondition(int n, const int* diag, const V* val, const double* r, double* z,
                              cudaStream_t stream) {
    if (n == 0) return;
    jacobiPreconditionKernel<V><<<gridFor(n), kBlock, 0, stream>>>(n, diag, val, r, z);
    CUDA_CHECK_LAUNCH();
}

int reductionBlocks(long long n) {
    return static_cast<int>(std::min<long long>(1024, gridFor(n)));
}

void launchDotPartials(long long n, const double* a, const double* b, double* partials,
                       cudaStream_t stream) {
    dotPartialsKernel<<<reductionBlocks(n), kBlock, 0, stream>>>(n, a, b, partials);
    CUDA_CHECK_LAUNCH();
}

void launchSumPartials(const double* partials, int count, double* out, cudaStream_t stream) {
    sumPartialsKernel<<<1, 1024, 0, stream>>>(partials, count, out);
    CUDA_CHECK_LAUNCH();
}

#define PBD_PRODUCTS(V, X)                                                                   \
    template void launchMultiply<V, X>(const CsrView<const V>&, const X*, X*, cudaStream_t); \
    template void launchResidual<V, X>(const CsrView<const V>&, const X*, const X*, X*,      \
                                       cudaStream_t);                                        \
    template void launchMultiplyAdd<V, X>(const CsrView<const V>&, const X*, X*, cudaStream_t);
PBD_PRODUCTS(float, float)
PBD_PRODUCTS(float, double)
PBD_PRODUCTS(double, double)
#undef PBD_PRODUCTS

#define PBD_PRECISION(T)                                                                          \
    template void launchMultiplyDot<T>(const CsrView<const T>&, const double*, double*, double*,  \
                                       cudaStream_t);                                             \
    template void launchScaledDiagonal<T>(int, T, const T*, const T*, T*, cudaStream_t);          \
    template void launchSmoothingStep<T>(const CsrView<const T>&, const T*, const T*, const T*,   \
                                         T*, T, T, int, cudaStream_t);                            \
    template void launchDiagonalInverse<double, T>(int, const int*, const double*, T*,            \
                                                   cudaStream_t);                                 \
    template void launchMultiplyNumeric<T>(const CsrView<const T>&, const CsrView<const double>&, \
                                           const CsrView<double>&, cudaStream_t);                 \
    template void launchConvert<double, T>(long long, const double*, T*, cudaStream_t);           \
    template void launchDenseMultiply<T>(int, const double*, const T*, T*, cudaStream_t);         \
    template void launchJacobiPrecondition<T>(int, const int*, const T*, const double*, double*,  \
                                              cudaStream_t);
PBD_PRECISION(float)
PBD_PRECISION(double)
#undef PBD_PRECISION
template void launchDiagonalInverse<float, float>(int, const int*, const float*, float*,
                                                  cudaStream_t);
template void launchConvert<float, double>(long long, const float*, double*, cudaStream_t);

}  // namespace sim::cuda
