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

#include "sim/solvers/mgpbd/csr_matrix.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"

namespace sim {

template <class T>
class Smoother {
public:
    using Vec = std::vector<T>;
    // Setup-time coefficients from the current A.
    void setup(const CsrMatrix& A, const MgpbdSettings& settings);
    // Per-solve: D^-1 of the current A.
    void refresh(const CsrMatrix& A);
    // `sweeps` sweeps improving x for A x = b; `post` picks the adjoint order (GS);
    // `zeroGuess` says x is 0 on entry (x is then not read).
    void smooth(const CsrOf<T>& A, const Vec& b, Vec& x, bool post, bool zeroGuess) const;

    Real lambdaMax() const { return lambdaMax_; }
    Real jacobiOmega() const { return omega_; }

private:
    void jacobi(const CsrOf<T>& A, const Vec& b, Vec& x, bool zeroGuess) const;
    void chebyshev(const CsrOf<T>& A, const Vec& b, Vec& x, bool zeroGuess) const;
    void gaussSeidel(const CsrOf<T>& A, const Vec& b, Vec& x, bool backward) const;

    MgpbdSmoother kind_ = MgpbdSmoother::Jacobi;
    int sweeps_ = 2, degree_ = 3;
    Real lambdaMax_ = 1, omega_ = 1, lowerRatio_ = 1.0 / 30;
    Vec dinv_;
    std::vector<std::vector<int>> colours_;
    mutable Vec next_;  // the second iterate buffer, reused
};

extern template class Smoother<double>;
extern template class Smoother<float>;

}  // namespace sim
