#include "sim/cuda/device_amg.h"

#include <cusolverDn.h>

#include <type_traits>
#include <utility>

#include "sim/cuda/linalg_kernels.h"
#include "sim/solvers/mgpbd/amg_hierarchy.h"

namespace sim::cuda {

template <class T>
DeviceAmg<T>::~DeviceAmg() {
    if (solver_) cusolverDnDestroy(static_cast<cusolverDnHandle_t>(solver_));
}

template <class T>
void DeviceAmg<T>::Matrix::upload(const CsrMatrix& m, bool values, cudaStream_t stream) {
    rows = m.rows;
    cols = m.cols;
    nonZeros = m.nonZeros();
    std::vector<int> start(m.rowStart.begin(), m.rowStart.end());
    rowStart.upload(start, stream);
    col.upload(m.col, stream);
    val.resize(static_cast<size_t>(nonZeros));
    if (values) val.upload(m.val, stream);
    if constexpr (!std::is_same_v<T, double>) {
        valT.resize(static_cast<size_t>(nonZeros));
        if (values) {
            std::vector<T> converted(m.val.begin(), m.val.end());
            valT.upload(converted, stream);
        }
    }
}

template <class T>
CsrView<const double> DeviceAmg<T>::Matrix::viewDouble() const {
    return {rows, cols, nonZeros, rowStart.data(), col.data(), val.data()};
}

template <class T>
CsrView<double> DeviceAmg<T>::Matrix::viewDoubleMutable() {
    return {rows, cols, nonZeros, rowStart.data(), col.data(), val.data()};
}

template <class T>
CsrView<const T> DeviceAmg<T>::Matrix::viewT() const {
    if constexpr (std::is_same_v<T, double>)
        return viewDouble();
    else
        return {rows, cols, nonZeros, rowStart.data(), col.data(), valT.data()};
}

template <class T>
CsrView<const T> DeviceAmg<T>::op(int l) const {
    if (l > 0) return levels_[l].A.viewT();
    if constexpr (std::is_same_v<T, double>)
        return a0_;
    else
        return {a0_.rows, a0_.cols, a0_.nonZeros, a0_.rowStart, a0_.col, a0Values_.data()};
}

template <class T>
std::string DeviceAmg<T>::upload(const AmgHierarchy& amg, const AmgOptions& settings,
                                 const CsrView<const double>& a0, const int* a0Diag,
                                 cudaStream_t stream) {
    if (settings.smoother == MgpbdSmoother::GaussSeidel)
        return "the Gauss-Seidel smoother has no GPU version (use chebyshev or jacobi)";
    settings_ = settings;
    a0_ = a0;
    a0Diag_ = a0Diag;
    const int count = amg.levelCount();
    if constexpr (!std::is_same_v<T, double>) a0Values_.resize(static_cast<size_t>(a0.nonZeros));
    levels_.clear();
    levels_.resize(count);
    for (int l = 0; l < count; ++l) {
        Level& L = levels_[l];
        const CsrMatrix& A = amg.op(l);
        if (l > 0) {
            L.A.upload(A, false, stream);
            std::vector<int> diag(A.rows);
            for (int i = 0; i < A.rows; ++i) diag[i] = static_cast<int>(A.find(i, i));
            L.diag.upload(diag, stream);
        }
        if (l + 1 < count) {
            L.P.upload(amg.prolongator(l), true, stream);
            L.R.upload(transpose(amg.prolongator(l)), true, stream);
            L.AP.upload(amg.galerkinIntermediate(l), false, stream);
        }
        for (DeviceBuffer<T>* v : {&L.dinv, &L.b, &L.x, &L.r, &L.next}) v->resize(A.rows);
        L.degree = l > 0 && settings.coarseChebyshevDegree > 0 ? settings.coarseChebyshevDegree
                                                               : settings.chebyshevDegree;
        L.lambdaMax = amg.smootherLambdaMax(l);
        const double lambdaMin =
            settings.jacobiLambdaMin > 0 ? settings.jacobiLambdaMin : L.lambdaMax;
        L.omega = 2.0 / (L.lambdaMax + lambdaMin);
    }
    coarseWanted_ = amg.coarseIsDirect();
    if (coarseWanted_) {
        const int n = amg.op(count - 1).rows;
        dense_.resize(static_cast<size_t>(n) * n);
        inverse_.resize(static_cast<size_t>(n) * n);
        if (!solver_) {
            cusolverDnHandle_t handle = nullptr;
            CUDA_LIBRARY_CHECK(cusolverDnCreate(&handle));
            solver_ = handle;
        }
        int lwork = 0;
        CUDA_LIBRARY_CHECK(cusolverDnDpotrf_bufferSize(static_cast<cusolverDnHandle_t>(solver_),
                                                       CUBLAS_FILL_MODE_LOWER, n, dense_.data(), n,
                                                       &lwork));
        work_.resize(static_cast<size_t>(lwork > 0 ? lwork : 1));
        info_.resize(1);
    }
    CUDA_CHECK(cudaStreamSynchronize(stream));  // host staging vectors go out of scope
    coarseDirect_ = coarseWanted_;
    ++version_;
    return {};
}

template <class T>
void DeviceAmg<T>::refresh(cudaStream_t stream) {
    const int count = levelCount();
    if constexpr (!std::is_same_v<T, double>)
        launchConvert<double, T>(a0_.nonZeros, a0_.val, a0Values_.data(), stream);
    for (int l = 0; l + 1 < count; ++l) {
        Level& L = levels_[l];
        const CsrView<const double> A = l == 0 ? a0_ : L.A.viewDouble();
        launchMultiplyNumeric<double>(A, L.P.viewDouble(), L.AP.viewDoubleMutable(), stream);
        Matrix& next = levels_[l + 1].A;
        launchMultiplyNumeric<double>(L.R.viewDouble(), L.AP.viewDouble(), next.viewDoubleMutable(),
                                      stream);
        if constexpr (!std::is_same_v<T, double>)
            launchConvert<double, T>(next.nonZeros, next.val.data(), next.valT.data(), stream);
    }
    launchDiagonalInverse<double, T>(a0_.rows, a0Diag_, a0_.val, levels_[0].dinv.data(), stream);
    for (int l = 1; l < count; ++l)
        launchDiagonalInverse<double, T>(levels_[l].A.rows, levels_[l].diag.data(),
                                         levels_[l].A.val.data(), levels_[l].dinv.data(), stream);
    factorCoarsest(stream);
}

template <class T>
void DeviceAmg<T>::factorCoarsest(cudaStream_t stream) {
    const bool before = coarseDirect_;
    coarseDirect_ = coarseWanted_;
    if (coarseWanted_) {
        const int last = levelCount() - 1;
        const CsrView<const double> source = last == 0 ? a0_ : levels_[last].A.viewDouble();
        const int n = source.rows;
        auto handle = static_cast<cusolverDnHandle_t>(solver_);
        CUDA_LIBRARY_CHECK(cusolverDnSetStream(handle, stream));
        dense_.zero(stream);
        launchScatterDense(source, dense_.data(), stream);
        CUDA_LIBRARY_CHECK(cusolverDnDpotrf(handle, CUBLAS_FILL_MODE_LOWER, n, dense_.data(), n,
                                            work_.data(), static_cast<int>(work_.size()),
                                            info_.data()));
        int info = 0;
        CUDA_CHECK(
            cudaMemcpyAsync(&info, info_.data(), sizeof(int), cudaMemcpyDeviceToHost, stream));
        CUDA_CHECK(cudaStreamSynchronize(stream));
        if (info == 0) {
            launchSetIdentity(n, 1.0, inverse_.data(), stream);
            CUDA_LIBRARY_CHECK(cusolverDnDpotrs(handle, CUBLAS_FILL_MODE_LOWER, n, n, dense_.data(),
                                                n, inverse_.data(), n, info_.data()));
        } else {
            coarseDirect_ = false;  // not positive definite in double: smooth instead
        }
    }
    if (coarseDirect_ != before) ++version_;
}

template <class T>
void DeviceAmg<T>::chebyshev(int l, T*& x, T*& next, bool zeroGuess, cudaStream_t stream) {
    Level& L = levels_[l];
    const double upper = 1.1 * L.lambdaMax, lower = L.lambdaMax * settings_.chebyshevLowerRatio;
    const double theta = 0.5 * (upper + lower), delta = 0.5 * (upper - lower);
    const double sigma = theta / delta;
    double rhoOld = 1.0 / sigma;
    const CsrView<const T> A = op(l);
    bool previousIsZero = false;
    if (zeroGuess) {
        launchScaledDiagonal<T>(A.rows, static_cast<T>(1.0 / theta), L.dinv.data(), L.b.data(), x,
                                stream);
        previousIsZero = true;
    } else {
        launchSmoothingStep<T>(A, L.dinv.data(), L.b.data(), x, next, T(0),
                               static_cast<T>(1.0 / theta), 0, stream);
        std::swap(x, next);
    }
    for (int k = 1; k < L.degree; ++k) {
        const double rho = 1.0 / (2.0 * sigma - rhoOld);
        launchSmoothingStep<T>(A, L.dinv.data(), L.b.data(), x, next, static_cast<T>(rho * rhoOld),
                               static_cast<T>(2.0 * rho / delta), previousIsZero ? 1 : 2, stream);
        std::swap(x, next);
        previousIsZero = false;
        rhoOld = rho;
    }
}

template <class T>
void DeviceAmg<T>::vcycle(const double* r, double* z, cudaStream_t stream) {
    Level& top = levels_[0];
    launchConvert<double, T>(top.b.size(), r, top.b.data(), stream);
    cycle(0, stream);
    launchConvert<T, double>(top.x.size(), top.x.data(), z, stream);
}

// Smoothing sweeps on level l, leaving the iterate in L.x: steps alternate between L.x and
// L.next, and an odd count ends with one copy back, so each V-cycle launches with the same
// pointers (a captured graph replays them).
template <class T>
void DeviceAmg<T>::smooth(int l, bool zeroGuess, cudaStream_t stream) {
    Level& L = levels_[l];
    T* x = L.x.data();
    T* next = L.next.data();
    const CsrView<const T> A = op(l);
    for (int s = 0; s < settings_.smoothingSweeps; ++s) {
        const bool zero = zeroGuess && s == 0;
        if (settings_.smoother == MgpbdSmoother::Jacobi) {
            if (zero) {
                launchScaledDiagonal<T>(A.rows, static_cast<T>(L.omega), L.dinv.data(), L.b.data(),
                                        x, stream);
            } else {
                launchSmoothingStep<T>(A, L.dinv.data(), L.b.data(), x, next, T(0),
                                       static_cast<T>(L.omega), 0, stream);
                std::swap(x, next);
            }
        } else {
            chebyshev(l, x, next, zero, stream);
        }
    }
    if (x != L.x.data())
        CUDA_CHECK(
            cudaMemcpyAsync(L.x.data(), x, sizeof(T) * A.rows, cudaMemcpyDeviceToDevice, stream));
}

template <class T>
void DeviceAmg<T>::cycle(int l, cudaStream_t stream) {
    Level& L = levels_[l];
    const CsrView<const T> A = op(l);
    if (l + 1 == levelCount()) {
        if (coarseDirect_) {
            launchDenseMultiply<T>(A.rows, inverse_.data(), L.b.data(), L.x.data(), stream);
        } else {
            smooth(l, true, stream);
            smooth(l, false, stream);
        }
        return;
    }
    smooth(l, true, stream);
    launchResidual<T, T>(A, L.x.data(), L.b.data(), L.r.data(), stream);
    Level& next = levels_[l + 1];
    launchMultiply<T, T>(L.R.viewT(), L.r.data(), next.b.data(), stream);
    cycle(l + 1, stream);
    launchMultiplyAdd<T, T>(L.P.viewT(), next.x.data(), L.x.data(), stream);
    smooth(l, false, stream);
}

template class DeviceAmg<float>;
template class DeviceAmg<double>;

}  // namespace sim::cuda
