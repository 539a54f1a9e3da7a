#pragma once
// Sparse and dense linear algebra on the device for the MGPBD solve: the CSR products of
// csr_matrix.h (multiply, residual, multiplyAdd), the smoothing steps of smoother.h
// (Jacobi, Chebyshev three-term step), the Galerkin numeric product of sparse_product.h,
// the dense coarsest level, and deterministic reductions. CSR rows are processed by
// groups of 1-32 lanes sized to the mean row length (csr "vector" kernel), so one matrix
// stream serves rows of 1 (P) to hundreds (tet A) of entries.
#include <cuda_runtime_api.h>

#include "sim/cuda/device_views.h"

namespace sim::cuda {

// y = A x.  V: value type of A; X: of the vectors (V = float with X = double is PCG's
// mixed-precision product).
template <class V, class X>
void launchMultiply(const CsrView<const V>& A, const X* x, X* y, cudaStream_t stream);
// y = b - A x.
template <class V, class X>
void launchResidual(const CsrView<const V>& A, const X* x, const X* b, X* y, cudaStream_t stream);
// y += A x (the prolonged correction).
template <class V, class X>
void launchMultiplyAdd(const CsrView<const V>& A, const X* x, X* y, cudaStream_t stream);
// q = A p, with per-block partial sums of p . q into partials (multiplyPartialCount of them).
template <class V>
void launchMultiplyDot(const CsrView<const V>& A, const double* p, double* q, double* partials,
                       cudaStream_t stream);
int multiplyPartialCount(int rows, long long nonZeros);

// x = c dinv b: a smoothing step from x = 0 (Jacobi and Chebyshev's first step).
template <class T>
void launchScaledDiagonal(int n, T c, const T* dinv, const T* b, T* x, cudaStream_t stream);
// One fused Jacobi / Chebyshev step with z = dinv (b - A x) (Smoother::chebyshev):
//   mode 0: out = x + c2 z                      (Jacobi with c2 = omega; Chebyshev's first)
//   mode 1: out = (1 + c1) x + c2 z             (the step after a zero-guess first step)
//   mode 2: out = x + c1 (x - out) + c2 z       (out holds x_{k-1} on entry)
template <class T>
void launchSmoothingStep(const CsrView<const T>& A, const T* dinv, const T* b, const T* x, T* out,
                         T c1, T c2, int mode, cudaStream_t stream);
// dinv_i = 1 / A_ii (0 where A_ii = 0), A_ii at val[diag[i]].
template <class V, class T>
void launchDiagonalInverse(int n, const int* diag, const V* val, T* dinv, cudaStream_t stream);

// C = X Y into C's fixed pattern (sparse_product.h multiplyNumeric), one thread per row of
// X accumulating in double.
template <class VX>
void launchMultiplyNumeric(const CsrView<const VX>& X, const CsrView<const double>& Y,
                           const CsrView<double>& C, cudaStream_t stream);

// out = in, converted.
template <class A, class B>
void launchConvert(long long n, const A* in, B* out, cudaStream_t stream);
// The dense column-major n x n copy of a CSR matrix (zeros elsewhere).
void launchScatterDense(const CsrView<const double>& A, double* dense, cudaStream_t stream);
// dense = value I (n x n).
void launchSetIdentity(int n, double value, double* dense, cudaStream_t stream);
// x = M b for a dense column-major n x n M (the coarsest level's inverse).
template <class T>
void launchDenseMultiply(int n, const double* M, const T* b, T* x, cudaStream_t stream);

// y += a x.
void launchAxpy(int n, double a, const double* x, double* y, cudaStream_t stream);
// z_i = r_i / A_ii (the Jacobi preconditioner of the jacobiPreconditioner baseline).
template <class V>
void launchJacobiPrecondition(int n, const int* diag, const V* val, const double* r, double* z,
                              cudaStream_t stream);

// Deterministic sums: partial sums of a . b per block (reductionBlocks(n) of them), then
// *out = their sum (one block). The order is fixed, so repeated runs agree bitwise.
int reductionBlocks(long long n);
void launchDotPartials(long long n, const double* a, const double* b, double* partials,
                       cudaStream_t stream);
void launchSumPartials(const double* partials, int count, double* out, cudaStream_t stream);

}  // namespace sim::cuda
