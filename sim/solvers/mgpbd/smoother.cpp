#include "sim/solvers/mgpbd/smoother.h"

#include <utility>

#include "sim/solvers/mgpbd/aggregation.h"

namespace sim {

template <class T>
void Smoother<T>::setup(const CsrMatrix& A, const MgpbdSettings& settings) {
    kind_ = settings.smoother;
    sweeps_ = settings.smoothingSweeps;
    degree_ = settings.chebyshevDegree;
    lowerRatio_ = settings.chebyshevLowerRatio;
    lambdaMax_ = estimateLambdaMax(A);
    if (!(lambdaMax_ > 0)) lambdaMax_ = 1;
    const Real lambdaMin = settings.jacobiLambdaMin > 0 ? settings.jacobiLambdaMin : lambdaMax_;
    omega_ = 2.0 / (lambdaMax_ + lambdaMin);
    colours_.clear();
    if (kind_ == MgpbdSmoother::GaussSeidel) colours_ = colourRows(A);
    refresh(A);
}

template <class T>
void Smoother<T>::refresh(const CsrMatrix& A) {
    dinv_.resize(A.rows);
    for (int i = 0; i < A.rows; ++i) {
        const int64_t k = A.find(i, i);
        dinv_[i] = static_cast<T>(k >= 0 && A.val[k] != 0 ? 1.0 / A.val[k] : 0.0);
    }
    next_.resize(A.rows);
}

template <class T>
void Smoother<T>::smooth(const CsrOf<T>& A, const Vec& b, Vec& x, bool post, bool zeroGuess) const {
    for (int s = 0; s < sweeps_; ++s) {
        const bool zero = zeroGuess && s == 0;
        switch (kind_) {
            case MgpbdSmoother::Jacobi: jacobi(A, b, x, zero); break;
            case MgpbdSmoother::Chebyshev: chebyshev(A, b, x, zero); break;
            case MgpbdSmoother::GaussSeidel:
                if (zero) std::fill(x.begin(), x.end(), T(0));
                gaussSeidel(A, b, x, post);
                break;
        }
    }
}

template <class T>
void Smoother<T>::jacobi(const CsrOf<T>& A, const Vec& b, Vec& x, bool zeroGuess) const {
    const int n = A.rows;
    const T omega = static_cast<T>(omega_);
    if (zeroGuess) {
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
        for (int i = 0; i < n; ++i) x[i] = omega * dinv_[i] * b[i];
        return;
    }
    const T* xp = x.data();
    T* next = next_.data();
    const T* dinv = dinv_.data();
    const T* bp = b.data();
    forEachRowProduct(A, xp, [&](int i, T ax) { next[i] = xp[i] + omega * dinv[i] * (bp[i] - ax); });
    x.swap(next_);
}

// Chebyshev acceleration of Jacobi on [a, b] = [rho * lowerRatio, 1.1 rho] (Saad, Iterative
// Methods for Sparse Linear Systems, Alg. 12.1, applied to D^-1 A).
template <class T>
void Smoother<T>::chebyshev(const CsrOf<T>& A, const Vec& b, Vec& x, bool zeroGuess) const {
    const Real upper = 1.1 * lambdaMax_, lower = lambdaMax_ * lowerRatio_;
    const Real theta = 0.5 * (upper + lower), delta = 0.5 * (upper - lower);
    const Real sigma = theta / delta;
    Real rhoOld = 1.0 / sigma;
    const int n = A.rows;
    // Step k: x_{k+1} = x_k + c1 (x_k - x_{k-1}) + c2 D^-1 (b - A x_k), the three-term form
    // of d_k = c1 d_{k-1} + c2 D^-1 r_k (c1 = 0, c2 = 1/theta at k = 0). x_{k+1} overwrites
    // x_{k-1} in place (next_), so a step streams A, x, x_{k-1}, b and D^-1 once.
    const T* bp = b.data();
    const T* dinv = dinv_.data();
    bool previousIsZero = false;
    auto step = [&](T c1, T c2, bool first) {
        if (first && zeroGuess) {
            T* xp = x.data();
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
            for (int i = 0; i < n; ++i) xp[i] = c2 * dinv[i] * bp[i];
            previousIsZero = true;
            return;
        }
        const T* xp = x.data();
        T* prev = next_.data();  // x_{k-1} in, x_{k+1} out
        if (first) {
            forEachRowProduct(A, xp, [&](int i, T ax) { prev[i] = xp[i] + c2 * dinv[i] * (bp[i] - ax); });
        } else if (previousIsZero) {
            forEachRowProduct(A, xp, [&](int i, T ax) {
                prev[i] = (1 + c1) * xp[i] + c2 * dinv[i] * (bp[i] - ax);
            });
        } else {
            forEachRowProduct(A, xp, [&](int i, T ax) {
                prev[i] = xp[i] + c1 * (xp[i] - prev[i]) + c2 * dinv[i] * (bp[i] - ax);
            });
        }
        previousIsZero = false;
        x.swap(next_);
    };
    step(0, static_cast<T>(1.0 / theta), true);
    for (int k = 1; k < degree_; ++k) {
        const Real rho = 1.0 / (2.0 * sigma - rhoOld);
        step(static_cast<T>(rho * rhoOld), static_cast<T>(2.0 * rho / delta), false);
        rhoOld = rho;
    }
}

template <class T>
void Smoother<T>::gaussSeidel(const CsrOf<T>& A, const Vec& b, Vec& x, bool backward) const {
    const int colours = static_cast<int>(colours_.size());
    for (int q = 0; q < colours; ++q) {
        const std::vector<int>& rows = colours_[backward ? colours - 1 - q : q];
        const int m = static_cast<int>(rows.size());
#pragma omp parallel for schedule(static) if (m >= kParallelMinRows)
        for (int t = 0; t < m; ++t) {
            const int i = rows[t];
            T s = b[i];
            for (int64_t k = A.rowStart[i]; k < A.rowStart[i + 1]; ++k)
                if (A.col[k] != i) s -= A.val[k] * x[A.col[k]];
            x[i] = s * dinv_[i];
        }
    }
}

template class Smoother<double>;
template class Smoother<float>;

}  // namespace sim
