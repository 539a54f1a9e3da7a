#include "sim/solvers/mgpbd/csr_matrix.h"

#include <algorithm>
#include <cmath>

namespace sim {

int64_t CsrMatrix::find(int r, int c) const {
    const int* begin = col.data() + rowStart[r];
    const int* end = col.data() + rowStart[r + 1];
    const int* it = std::lower_bound(begin, end, c);
    return (it != end && *it == c) ? it - col.data() : -1;
}

void multiply(const CsrMatrix& A, const Vector& x, Vector& y) {
    y.resize(A.rows);
    const int n = A.rows;
#pragma omp parallel for schedule(static)
    for (int r = 0; r < n; ++r) {
        Real s = 0;
        for (int64_t k = A.rowStart[r]; k < A.rowStart[r + 1]; ++k) s += A.val[k] * x[A.col[k]];
        y[r] = s;
    }
}

void residual(const CsrMatrix& A, const Vector& x, const Vector& b, Vector& y) {
    y.resize(A.rows);
    const int n = A.rows;
#pragma omp parallel for schedule(static)
    for (int r = 0; r < n; ++r) {
        Real s = b[r];
        for (int64_t k = A.rowStart[r]; k < A.rowStart[r + 1]; ++k) s -= A.val[k] * x[A.col[k]];
        y[r] = s;
    }
}

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
#pragma omp parallel for reduction(+ : s) schedule(static)
    for (int i = 0; i < n; ++i) s += a[i] * b[i];
    return s;
}

Real norm(const Vector& a) { return std::sqrt(dot(a, a)); }

void axpy(Real s, const Vector& x, Vector& y) {
    const int n = static_cast<int>(x.size());
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; ++i) y[i] += s * x[i];
}

}  // namespace sim
