#pragma once
// The UA-AMG V-cycle of Li et al. 2025 §4.4-4.5 on the device, mirroring the CPU's
// AmgHierarchy (amg_hierarchy.h) level for level:
//   setup      stays on the CPU at the lazy interval (§4.2: aggregation, candidates, P,
//              the Galerkin patterns, smoother lambda_max); upload() copies its result;
//   refresh    every solve, on the device: A_{l+1} = R_l (A_l P_l) (eq. 6) in the fixed
//              patterns, accumulated in double; D^-1 per level; the coarsest level's dense
//              inverse by cuSOLVER's Cholesky (potrf/potrs);
//   vcycle     pre-smooth (Jacobi or Chebyshev, the CPU's fused three-term steps), restrict,
//              recurse, prolong, post-smooth; the coarsest by one dense product.
// T is the V-cycle's precision (the CPU's floatVCycle: float): level 0's operator is a T
// copy of the caller's double A, refreshed with it, as the CPU's. A Cholesky that fails (a
// coarsest operator that is only semi-definite, where the CPU's LDL^T still works) falls
// back to smoothing on that level; coarseDirect() tells.
#include <cstdint>
#include <string>
#include <vector>

#include "sim/cuda/device_buffer.h"
#include "sim/cuda/device_views.h"
#include "sim/solvers/mgpbd/amg_options.h"
#include "sim/solvers/mgpbd/csr_matrix.h"

namespace sim {
class AmgHierarchy;
}

namespace sim::cuda {

template <class T>
class DeviceAmg {
  public:
    DeviceAmg() = default;
    ~DeviceAmg();
    DeviceAmg(const DeviceAmg&) = delete;
    DeviceAmg& operator=(const DeviceAmg&) = delete;

    // Mirrors `amg`, set up on the CPU for the pattern of `a0`: the device's level-0
    // operator (double), whose values the caller refills in place; a0Diag its diagonal
    // offsets. Empty, or why not (a Gauss-Seidel smoother, which has no device version).
    std::string upload(const AmgHierarchy& amg, const AmgOptions& settings,
                       const CsrView<const double>& a0, const int* a0Diag, cudaStream_t stream);
    // The Galerkin operators, D^-1 and the coarsest inverse from a0's current values.
    void refresh(cudaStream_t stream);
    // z = V(r), one V-cycle from z = 0.
    void vcycle(const double* r, double* z, cudaStream_t stream);

    bool ready() const { return !levels_.empty(); }
    int levelCount() const { return static_cast<int>(levels_.size()); }
    bool coarseDirect() const { return coarseDirect_; }
    // Changes whenever the V-cycle's launches change (upload, coarse fallback): a captured
    // CUDA graph of the V-cycle is stale then.
    uint64_t version() const { return version_; }

  private:
    struct Matrix {
        int rows = 0, cols = 0;
        long long nonZeros = 0;
        DeviceBuffer<int> rowStart, col;
        DeviceBuffer<double> val;  // Galerkin products and P, R in double
        DeviceBuffer<T> valT;      // the V-cycle's copy (unused when T is double)
        void upload(const CsrMatrix& m, bool values, cudaStream_t stream);
        CsrView<const double> viewDouble() const;
        CsrView<double> viewDoubleMutable();
        CsrView<const T> viewT() const;
    };
    struct Level {
        Matrix A;         // l >= 1; level 0's operator is the caller's
        Matrix P, R, AP;  // all but the coarsest
        DeviceBuffer<int> diag;
        DeviceBuffer<T> dinv, b, x, r, next;
        int degree = 0;
        double lambdaMax = 1, omega = 1;
    };
    CsrView<const T> op(int l) const;
    const int* diagonal(int l) const { return l == 0 ? a0Diag_ : levels_[l].diag.data(); }
    void smooth(int l, bool zeroGuess, cudaStream_t stream);
    void chebyshev(int l, T*& x, T*& next, bool zeroGuess, cudaStream_t stream);
    void cycle(int l, cudaStream_t stream);
    void factorCoarsest(cudaStream_t stream);

    AmgOptions settings_;
    CsrView<const double> a0_;
    const int* a0Diag_ = nullptr;
    DeviceBuffer<T> a0Values_;  // level 0 in T (unused when T is double)
    std::vector<Level> levels_;
    bool coarseDirect_ = false, coarseWanted_ = false;
    uint64_t version_ = 0;
    // The coarsest level's factor and inverse.
    DeviceBuffer<double> dense_, inverse_, work_;
    DeviceBuffer<int> info_;
    void* solver_ = nullptr;  // cusolverDnHandle_t
};

extern template class DeviceAmg<float>;
extern template class DeviceAmg<double>;

}  // namespace sim::cuda
