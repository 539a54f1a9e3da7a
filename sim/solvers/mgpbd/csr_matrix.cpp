#include "sim/solvers/mgpbd/csr_matrix.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace sim {

template <class T>
int64_t CsrOf<T>::find(int r, int c) const {
    const int* begin = col.data() + rowStart[r];
    const int* end = col.data() + rowStart[r + 1];
    const int* it = std::lower_bound(begin, end, c);
    return (it != end && *it == c) ? it - col.data() : -1;
}

template <class T>
void multiply(const CsrOf<T>& A, const std::vector<T>& x, std::vector<T>& y) {
    y.resize(A.rows);
    const int n = A.rows;
    const int64_t* start = A.rowStart.data();
    const int* col = A.col.data();
    const T* val = A.val.data();
    const T* xp = x.data();
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
    for (int r = 0; r < n; ++r) {
        T s = 0;
        for (int64_t k = start[r]; k < start[r + 1]; ++k) s += val[k] * xp[col[k]];
        y[r] = s;
    }
}

template <class T>
void residual(const CsrOf<T>& A, const std::vector<T>& x, const std::vector<T>& b,
              std::vector<T>& y) {
    y.resize(A.rows);
    T* yp = y.data();
    const T* bp = b.data();
    forEachRowProduct(A, x.data(), [&](int i, T ax) { yp[i] = bp[i] - ax; });
}

template <class T>
void multiplyAdd(const CsrOf<T>& A, const std::vector<T>& y, std::vector<T>& x) {
    const int n = A.rows;
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
    for (int r = 0; r < n; ++r) {
        T s = 0;
        for (int64_t k = A.rowStart[r]; k < A.rowStart[r + 1]; ++k) s += A.val[k] * y[A.col[k]];
        x[r] += s;
    }
}

template <class U, class T>
void convertValues(const CsrOf<T>& A, CsrOf<U>& out) {
    if (out.rows != A.rows || out.cols != A.cols || out.col.size() != A.col.size()) {
        out.rows = A.rows;
        out.cols = A.cols;
        out.rowStart = A.rowStart;
        out.col = A.col;
        out.colDelta.clear();
        bool fits = A.rows == A.cols;
        for (int r = 0; r < A.rows && fits; ++r)
            for (int64_t k = A.rowStart[r]; k < A.rowStart[r + 1] && fits; ++k)
                fits = std::abs(A.col[k] - r) <= 32767;
        if (fits) {
            out.colDelta.resize(A.col.size());
            for (int r = 0; r < A.rows; ++r)
                for (int64_t k = A.rowStart[r]; k < A.rowStart[r + 1]; ++k)
                    out.colDelta[k] = static_cast<int16_t>(A.col[k] - r);
        }
    }
    out.val.resize(A.val.size());
    const int64_t nnz = static_cast<int64_t>(A.val.size());
#pragma omp parallel for schedule(static) if (nnz >= kParallelMinRows)
    for (int64_t k = 0; k < nnz; ++k) out.val[k] = static_cast<U>(A.val[k]);
}

template struct CsrOf<double>;
template struct CsrOf<float>;
template void multiply(const CsrOf<double>&, const std::vector<double>&, std::vector<double>&);
template void multiply(const CsrOf<float>&, const std::vector<float>&, std::vector<float>&);
template void residual(const CsrOf<double>&, const std::vector<double>&, const std::vector<double>&,
                       std::vector<double>&);
template void residual(const CsrOf<float>&, const std::vector<float>&, const std::vector<float>&,
                       std::vector<float>&);
template void multiplyAdd(const CsrOf<double>&, const std::vector<double>&, std::vector<double>&);
template void multiplyAdd(const CsrOf<float>&, const std::vector<float>&, std::vector<float>&);
template void convertValues(const CsrOf<double>&, CsrOf<float>&);
template void convertValues(const CsrOf<double>&, CsrOf<double>&);

CsrMatrix transpose(const CsrMatrix& A) {
    CsrMatrix T;
    T.rows = A.cols;
    T.cols = A.rows;
    T.rowStart.assign(T.rows + 1, 0);
    for (int64_t k = 0; k < A.nonZeros(); ++k) ++T.rowStart[A.col[k] + 1];
    for (int r = 0; r < T.rows; ++r) T.rowStart[r + 1] += T.rowStart[r];
    T.col.resize(A.nonZeros());
    T.val.resize(A.nonZeros());
    std::vector<int64_t> next(T.rowStart.begin(), T.rowStart.end() - 1);
    for (int r = 0; r < A.rows; ++r)  // rows visited in order, so T's columns come sorted
        for (int64_t k = A.rowStart[r]; k < A.rowStart[r + 1]; ++k) {
            const int64_t dst = next[A.col[k]]++;
            T.col[dst] = r;
            T.val[dst] = A.val[k];
        }
    return T;
}

void diagonal(const CsrMatrix& A, Vector& d) {
    d.assign(A.rows, 0.0);
    for (int r = 0; r < A.rows; ++r) {
        const int64_t k = A.find(r, r);
        if (k >= 0) d[r] = A.val[k];
    }
}

Real dot(const Vector& a, const Vector& b) {
    const int n = static_cast<int>(a.size());
    Real s = 0;
#pragma omp parallel for reduction(+ : s) schedule(static) if (n >= kParallelMinRows)
    for (int i = 0; i < n; ++i) s += a[i] * b[i];
    return s;
}

Real norm(const Vector& a) {
    return std::sqrt(dot(a, a));
}

void axpy(Real s, const Vector& x, Vector& y) {
    const int n = static_cast<int>(x.size());
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
    for (int i = 0; i < n; ++i) y[i] += s * x[i];
}

}  // namespace sim
