#include "sim/solvers/mgpbd/smoother.h"

#include <Eigen/Dense>
#include <cmath>
#include <utility>

#include "sim/solvers/mgpbd/aggregation.h"

namespace sim {

template <class T>
void Smoother<T>::setup(const CsrMatrix& A, const AmgOptions& settings, Real lambdaMax,
                        const std::vector<int>* nodeStart) {
    kind_ = settings.smoother;
    sweeps_ = settings.smoothingSweeps;
    degree_ = settings.chebyshevDegree;
    lowerRatio_ = settings.chebyshevLowerRatio;
    nodeStart_.clear();
    blockOffset_.clear();
    bool blocksFit = nodeStart != nullptr;
    for (size_t I = 0; blocksFit && I + 1 < nodeStart->size(); ++I)
        blocksFit = (*nodeStart)[I + 1] - (*nodeStart)[I] <= kMaxBlock;  // else point Jacobi
    if (blocksFit && kind_ == MgpbdSmoother::Chebyshev) {
        nodeStart_ = *nodeStart;
        const int nodes = static_cast<int>(nodeStart_.size()) - 1;
        blockOffset_.assign(nodes + 1, 0);
        for (int I = 0; I < nodes; ++I) {
            const int size = nodeStart_[I + 1] - nodeStart_[I];
            blockOffset_[I + 1] = blockOffset_[I] + static_cast<int64_t>(size) * size;
        }
        refresh(A);
        lambdaMax = estimateLambdaMax(
            A, 10, [this](const Vector& y, Vector& x) { applyBlockInverse(y.data(), x.data()); });
    }
    lambdaMax_ = lambdaMax > 0 ? lambdaMax : estimateLambdaMax(A);
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
    if (nodeStart_.empty()) return;
    // Block mode: invert each node's diagonal block (SPD; a singular one is pseudo-inverted).
    const int nodes = static_cast<int>(nodeStart_.size()) - 1;
    blockInv_.resize(blockOffset_.back());
    using Block = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxBlock, kMaxBlock>;
#pragma omp parallel for schedule(static) if (nodes >= kParallelMinRows)
    for (int I = 0; I < nodes; ++I) {
        const int s = nodeStart_[I], size = nodeStart_[I + 1] - s;
        Block block = Block::Zero(size, size);
        for (int a = 0; a < size; ++a)
            for (int64_t k = A.rowStart[s + a]; k < A.rowStart[s + a + 1]; ++k) {
                const int c = A.col[k] - s;
                if (c >= 0 && c < size) block(a, c) = A.val[k];
            }
        Block inverse;
        Eigen::LLT<Block> llt(block);
        if (llt.info() == Eigen::Success) {
            inverse = llt.solve(Block::Identity(size, size));
        } else {  // singular block: pseudo-inverse
            Eigen::SelfAdjointEigenSolver<Block> eig(block);
            const auto& ev = eig.eigenvalues();
            const Real cut = 1e-12 * std::max(ev.cwiseAbs().maxCoeff(), 1e-300);
            Block d = Block::Zero(size, size);
            for (int a = 0; a < size; ++a) d(a, a) = ev[a] > cut ? 1.0 / ev[a] : 0.0;
            inverse = eig.eigenvectors() * d * eig.eigenvectors().transpose();
        }
        for (int a = 0; a < size; ++a)
            for (int c = 0; c < size; ++c)
                blockInv_[blockOffset_[I] + a * size + c] = static_cast<T>(inverse(a, c));
    }
}

template <class T>
template <class V>
void Smoother<T>::applyBlockInverse(const V* b, V* z) const {
    const int nodes = static_cast<int>(nodeStart_.size()) - 1;
#pragma omp parallel for schedule(static) if (nodes >= kParallelMinRows)
    for (int I = 0; I < nodes; ++I) {
        const int s = nodeStart_[I], size = nodeStart_[I + 1] - s;
        const T* inv = blockInv_.data() + blockOffset_[I];
        for (int a = 0; a < size; ++a) {
            V sum = 0;
            for (int c = 0; c < size; ++c) sum += static_cast<V>(inv[a * size + c]) * b[s + c];
            z[s + a] = sum;
        }
    }
}

template <class T>
template <class F>
void Smoother<T>::forEachScaledResidual(const CsrOf<T>& A, const T* x, const T* b, F&& f) const {
    if (nodeStart_.empty()) {
        const T* dinv = dinv_.data();
        forEachRowProduct(A, x, [&](int i, T ax) { f(i, dinv[i] * (b[i] - ax)); });
        return;
    }
    const int nodes = static_cast<int>(nodeStart_.size()) - 1;
    const int64_t* start = A.rowStart.data();
    const T* val = A.val.data();
#pragma omp parallel for schedule(static) if (nodes >= kParallelMinRows)
    for (int I = 0; I < nodes; ++I) {
        const int s = nodeStart_[I], size = nodeStart_[I + 1] - s;
        T r[kMaxBlock];
        for (int a = 0; a < size; ++a) {
            const int i = s + a;
            T ax = 0;
            if (!A.colDelta.empty()) {
                const int16_t* delta = A.colDelta.data();
                for (int64_t k = start[i]; k < start[i + 1]; ++k) ax += val[k] * x[i + delta[k]];
            } else {
                for (int64_t k = start[i]; k < start[i + 1]; ++k) ax += val[k] * x[A.col[k]];
            }
            r[a] = b[i] - ax;
        }
        const T* inv = blockInv_.data() + blockOffset_[I];
        for (int a = 0; a < size; ++a) {
            T z = 0;
            for (int c = 0; c < size; ++c) z += inv[a * size + c] * r[c];
            f(s + a, z);
        }
    }
}

// Block mode on A's blocks: z_I = D_I^-1 (b_I - (A x)_I), one block row per node.
template <class T>
template <class F>
void Smoother<T>::forEachScaledResidual(const BsrOf<T>& A, const T* x, const T* b, F&& f) const {
    const int br = A.br;
    forEachBlockRow(A, x, [&](int I, const T* ax) {
        const int s = I * br;
        T r[kMaxBlock];
        for (int a = 0; a < br; ++a) r[a] = b[s + a] - ax[a];
        const T* inv = blockInv_.data() + static_cast<int64_t>(I) * br * br;
        for (int a = 0; a < br; ++a) {
            T z = 0;
            for (int c = 0; c < br; ++c) z += inv[a * br + c] * r[c];
            f(s + a, z);
        }
    });
}

template <class T>
void Smoother<T>::smooth(const BsrOf<T>& A, const Vec& b, Vec& x, bool, bool zeroGuess) const {
    for (int s = 0; s < sweeps_; ++s) chebyshev(A, b, x, zeroGuess && s == 0);
}

template <class T>
void Smoother<T>::smooth(const CsrOf<T>& A, const Vec& b, Vec& x, bool post, bool zeroGuess) const {
    for (int s = 0; s < sweeps_; ++s) {
        const bool zero = zeroGuess && s == 0;
        switch (kind_) {
            case MgpbdSmoother::Jacobi:
                jacobi(A, b, x, zero);
                break;
            case MgpbdSmoother::Chebyshev:
                chebyshev(A, b, x, zero);
                break;
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
    forEachRowProduct(A, xp,
                      [&](int i, T ax) { next[i] = xp[i] + omega * dinv[i] * (bp[i] - ax); });
    x.swap(next_);
}

// Chebyshev acceleration of Jacobi on [a, b] = [rho * lowerRatio, 1.1 rho] (Saad, Iterative
// Methods for Sparse Linear Systems, Alg. 12.1, applied to D^-1 A).
template <class T>
template <class M>
void Smoother<T>::chebyshev(const M& A, const Vec& b, Vec& x, bool zeroGuess) const {
    const Real upper = 1.1 * lambdaMax_, lower = lambdaMax_ * lowerRatio_;
    const Real theta = 0.5 * (upper + lower), delta = 0.5 * (upper - lower);
    const Real sigma = theta / delta;
    Real rhoOld = 1.0 / sigma;
    const int n = static_cast<int>(b.size());
    // Step k: x_{k+1} = x_k + c1 (x_k - x_{k-1}) + c2 D^-1 (b - A x_k), the three-term form
    // of d_k = c1 d_{k-1} + c2 D^-1 r_k (c1 = 0, c2 = 1/theta at k = 0). x_{k+1} overwrites
    // x_{k-1} in place (next_), so a step streams A, x, x_{k-1}, b and D^-1 once.
    const T* bp = b.data();
    bool previousIsZero = false;
    auto step = [&](T c1, T c2, bool first) {
        if (first && zeroGuess) {
            T* xp = x.data();
            if (nodeStart_.empty()) {
                const T* dinv = dinv_.data();
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
                for (int i = 0; i < n; ++i) xp[i] = c2 * dinv[i] * bp[i];
            } else {
                applyBlockInverse(bp, xp);
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
                for (int i = 0; i < n; ++i) xp[i] *= c2;
            }
            previousIsZero = true;
            return;
        }
        const T* xp = x.data();
        T* prev = next_.data();  // x_{k-1} in, x_{k+1} out
        if (first) {
            forEachScaledResidual(A, xp, bp, [&](int i, T z) { prev[i] = xp[i] + c2 * z; });
        } else if (previousIsZero) {
            forEachScaledResidual(A, xp, bp,
                                  [&](int i, T z) { prev[i] = (1 + c1) * xp[i] + c2 * z; });
        } else {
            forEachScaledResidual(
                A, xp, bp, [&](int i, T z) { prev[i] = xp[i] + c1 * (xp[i] - prev[i]) + c2 * z; });
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
