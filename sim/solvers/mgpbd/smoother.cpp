#include "sim/solvers/mgpbd/smoother.h"

#include "sim/solvers/mgpbd/aggregation.h"

namespace sim {

void Smoother::setup(const CsrMatrix& A, const MgpbdSettings& settings) {
    kind_ = settings.smoother;
    sweeps_ = settings.smoothingSweeps;
    degree_ = settings.chebyshevDegree;
    lambdaMax_ = estimateLambdaMax(A);
    if (!(lambdaMax_ > 0)) lambdaMax_ = 1;
    const Real lambdaMin = settings.jacobiLambdaMin > 0 ? settings.jacobiLambdaMin : lambdaMax_;
    omega_ = 2.0 / (lambdaMax_ + lambdaMin);
    colours_.clear();
    if (kind_ == MgpbdSmoother::GaussSeidel) colours_ = colourRows(A);
    refresh(A);
}

void Smoother::refresh(const CsrMatrix& A) {
    diagonal(A, dinv_);
    for (Real& v : dinv_) v = v != 0 ? 1.0 / v : 0.0;
    r_.resize(A.rows);
    d_.resize(A.rows);
}

void Smoother::smooth(const CsrMatrix& A, const Vector& b, Vector& x, bool post) const {
    for (int s = 0; s < sweeps_; ++s) {
        switch (kind_) {
            case MgpbdSmoother::Jacobi: jacobi(A, b, x); break;
            case MgpbdSmoother::Chebyshev: chebyshev(A, b, x); break;
            case MgpbdSmoother::GaussSeidel: gaussSeidel(A, b, x, post); break;
        }
    }
}

void Smoother::jacobi(const CsrMatrix& A, const Vector& b, Vector& x) const {
    residual(A, x, b, r_);
    const int n = A.rows;
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; ++i) x[i] += omega_ * dinv_[i] * r_[i];
}

// Chebyshev acceleration of Jacobi on [a, b] = [rho/30, 1.1 rho] (Saad, Iterative Methods
// for Sparse Linear Systems, Alg. 12.1, applied to D^-1 A).
void Smoother::chebyshev(const CsrMatrix& A, const Vector& b, Vector& x) const {
    const Real upper = 1.1 * lambdaMax_, lower = lambdaMax_ / 30.0;
    const Real theta = 0.5 * (upper + lower), delta = 0.5 * (upper - lower);
    const Real sigma = theta / delta;
    Real rhoOld = 1.0 / sigma;
    const int n = A.rows;
    residual(A, x, b, r_);
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; ++i) {
        d_[i] = dinv_[i] * r_[i] / theta;
        x[i] += d_[i];
    }
    for (int k = 1; k < degree_; ++k) {
        const Real rho = 1.0 / (2.0 * sigma - rhoOld);
        residual(A, x, b, r_);
        const Real c1 = rho * rhoOld, c2 = 2.0 * rho / delta;
#pragma omp parallel for schedule(static)
        for (int i = 0; i < n; ++i) {
            d_[i] = c1 * d_[i] + c2 * dinv_[i] * r_[i];
            x[i] += d_[i];
        }
        rhoOld = rho;
    }
}

void Smoother::gaussSeidel(const CsrMatrix& A, const Vector& b, Vector& x, bool backward) const {
    const int colours = static_cast<int>(colours_.size());
    for (int q = 0; q < colours; ++q) {
        const std::vector<int>& rows = colours_[backward ? colours - 1 - q : q];
        const int m = static_cast<int>(rows.size());
#pragma omp parallel for schedule(static)
        for (int t = 0; t < m; ++t) {
            const int i = rows[t];
            Real s = b[i];
            for (int64_t k = A.rowStart[i]; k < A.rowStart[i + 1]; ++k)
                if (A.col[k] != i) s -= A.val[k] * x[A.col[k]];
            x[i] = s * dinv_[i];
        }
    }
}

}  // namespace sim
