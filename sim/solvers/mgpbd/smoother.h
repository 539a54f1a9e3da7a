#pragma once
// The V-cycle smoothers of Li et al. 2025 §4.5, each symmetric as a pre/post pair so that
// the V-cycle is a symmetric preconditioner for PCG:
//   weighted Jacobi  x += omega D^-1 (b - A x),  omega = 2 / (lambda_max + lambda_min) of
//                    D^-1 A (lambda_max by power iteration; lambda_min a user estimate);
//   Chebyshev        degree-d polynomial in D^-1 A on [rho/30, 1.1 rho] (Saad, Alg. 12.1);
//   Gauss-Seidel     multicolour: forward colour order before, backward after.
// The coefficients (omega, rho) are computed at setup time and reused until the next lazy
// setup (§4.5, last paragraph); D^-1 follows the current A.
#include <vector>

#include "sim/solvers/mgpbd/csr_matrix.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"

namespace sim {

class Smoother {
public:
    // Setup-time coefficients from the current A.
    void setup(const CsrMatrix& A, const MgpbdSettings& settings);
    // Per-solve: D^-1 of the current A.
    void refresh(const CsrMatrix& A);
    // `sweeps` sweeps improving x for A x = b; `post` picks the adjoint order (GS).
    void smooth(const CsrMatrix& A, const Vector& b, Vector& x, bool post) const;

    Real lambdaMax() const { return lambdaMax_; }
    Real jacobiOmega() const { return omega_; }

private:
    void jacobi(const CsrMatrix& A, const Vector& b, Vector& x) const;
    void chebyshev(const CsrMatrix& A, const Vector& b, Vector& x) const;
    void gaussSeidel(const CsrMatrix& A, const Vector& b, Vector& x, bool backward) const;

    MgpbdSmoother kind_ = MgpbdSmoother::Jacobi;
    int sweeps_ = 2, degree_ = 3;
    Real lambdaMax_ = 1, omega_ = 1;
    Vector dinv_;
    std::vector<std::vector<int>> colours_;
    mutable Vector r_, d_;  // scratch, reused
};

}  // namespace sim
