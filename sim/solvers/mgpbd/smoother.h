#pragma once
// The V-cycle smoothers of Li et al. 2025 §4.5, each symmetric as a pre/post pair so that
// the V-cycle is a symmetric preconditioner for PCG:
//   weighted Jacobi  x += omega D^-1 (b - A x),  omega = 2 / (lambda_max + lambda_min) of
//                    D^-1 A (lambda_max by power iteration; lambda_min a user estimate);
//   Chebyshev        degree-d polynomial in D^-1 A on [rho/30, 1.1 rho] (Saad, Alg. 12.1);
//   Gauss-Seidel     multicolour: forward colour order before, backward after.
// The coefficients (omega, rho) are computed at setup time and reused until the next lazy
// setup (§4.5, last paragraph); D^-1 follows the current A. T is the V-cycle's precision
// (double, or float for the mixed-precision V-cycle); the coefficients come from the
// double-precision operator either way.
// Jacobi and Chebyshev steps fuse the residual into the update (one pass over A per step,
// the new iterate written to a second buffer; Chebyshev in its three-term form, so the
// second buffer holds x_{k-1} and no direction vector is streamed), and a pre-smoothing
// from x = 0 starts from r = b, saving the first SpMV.
#include <vector>

#include "sim/solvers/mgpbd/amg_options.h"
#include "sim/solvers/mgpbd/bsr_matrix.h"
#include "sim/solvers/mgpbd/csr_matrix.h"

namespace sim {

template <class T>
class Smoother {
  public:
    using Vec = std::vector<T>;
    // Setup-time coefficients from the current A; `lambdaMax` > 0 is a caller's estimate
    // of lambda_max(D^-1 A) (else one is computed by power iteration).
    // With `nodeStart` (node -> first row, rows of a node contiguous, at most kMaxBlock rows
    // each) the Chebyshev smoother works on D_B^-1 A with D_B the nodes' diagonal blocks
    // (block Jacobi; the primal system's x/y/z of a particle): the point diagonal of a
    // curved sheet's stiffness mixes the stiff in-plane and the soft normal direction, so
    // point scaling leaves the bending-like modes out of the smoothed range. `lambdaMax` is
    // then ignored (it is of the point D^-1 A) and estimated for D_B^-1 A.
    void setup(const CsrMatrix& A, const AmgOptions& settings, Real lambdaMax = 0,
               const std::vector<int>* nodeStart = nullptr);
    static constexpr int kMaxBlock = 8;
    // Per-solve: D^-1 of the current A.
    void refresh(const CsrMatrix& A);
    // `sweeps` sweeps improving x for A x = b; `post` picks the adjoint order (GS);
    // `zeroGuess` says x is 0 on entry (x is then not read).
    void smooth(const CsrOf<T>& A, const Vec& b, Vec& x, bool post, bool zeroGuess) const;
    // The same on A's block copy, for a block-mode Chebyshev smoother whose nodes are A's
    // block rows (blockMode, nodes all A's block size); the V-cycle's primal levels.
    void smooth(const BsrOf<T>& A, const Vec& b, Vec& x, bool post, bool zeroGuess) const;
    // Chebyshev on the nodes' diagonal blocks (setup was given nodes that fit).
    bool blockMode() const { return kind_ == MgpbdSmoother::Chebyshev && !nodeStart_.empty(); }

    Real lambdaMax() const { return lambdaMax_; }
    Real jacobiOmega() const { return omega_; }

  private:
    void jacobi(const CsrOf<T>& A, const Vec& b, Vec& x, bool zeroGuess) const;
    template <class M>
    void chebyshev(const M& A, const Vec& b, Vec& x, bool zeroGuess) const;
    void gaussSeidel(const CsrOf<T>& A, const Vec& b, Vec& x, bool backward) const;

    MgpbdSmoother kind_ = MgpbdSmoother::Jacobi;
    int sweeps_ = 2, degree_ = 3;
    Real lambdaMax_ = 1, omega_ = 1, lowerRatio_ = 1.0 / 30;
    Vec dinv_;
    // Block mode: node ranges, and each node's inverse diagonal block (row-major, size^2).
    std::vector<int> nodeStart_;
    std::vector<int64_t> blockOffset_;
    Vec blockInv_;
    // f(i, z_i) for z = D^-1 (b - A x) (point or block), OpenMP over rows or nodes.
    template <class F>
    void forEachScaledResidual(const CsrOf<T>& A, const T* x, const T* b, F&& f) const;
    template <class F>
    void forEachScaledResidual(const BsrOf<T>& A, const T* x, const T* b, F&& f) const;
    // z = D_B^-1 b with the block inverses (block mode), in b's and z's precision V.
    template <class V>
    void applyBlockInverse(const V* b, V* z) const;
    std::vector<std::vector<int>> colours_;
    mutable Vec next_;  // the second iterate buffer, reused
};

extern template class Smoother<double>;
extern template class Smoother<float>;

}  // namespace sim
