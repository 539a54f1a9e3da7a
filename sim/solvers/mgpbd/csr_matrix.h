#pragma once
// Compressed sparse row matrix on flat arrays, the storage of every AMG level. The pattern
// (rowStart, col) is built once per topology; values are refilled in place. Columns are
// sorted within each row so that a symmetric pattern can be searched by bisection.
// The value type is a parameter so that the V-cycle can run on a float copy of the
// hierarchy (half the memory traffic per SpMV) while setup and PCG stay in double.
#include <cstdint>
#include <vector>

#include "sim/core/types.h"

namespace sim {

template <class T>
struct CsrOf {
    int rows = 0, cols = 0;
    std::vector<int64_t> rowStart;  // rows + 1 offsets into col / val
    std::vector<int> col;
    std::vector<T> val;
    // col - row as 16 bits, filled by convertValues for a square matrix whose entries all
    // lie within 32767 of the diagonal (the dual system's edge numbering keeps them within
    // ~3N): the V-cycle's SpMVs then stream 2 bytes per index instead of 4.
    std::vector<int16_t> colDelta;

    int64_t nonZeros() const { return rowStart.empty() ? 0 : rowStart.back(); }
    // Offset of entry (r, c) or -1 (binary search in the sorted row).
    int64_t find(int r, int c) const;
};

using CsrMatrix = CsrOf<Real>;
using Vector = std::vector<Real>;

// Loops over fewer rows than this run on one thread: there the OpenMP fork/join costs more
// than the work (coarse levels, small scenes; many short loops per V-cycle).
constexpr int kParallelMinRows = 8192;

// f(i, (A x)_i) for every row i (OpenMP over rows), through colDelta when it is filled.
template <class T, class F>
void forEachRowProduct(const CsrOf<T>& A, const T* x, F&& f) {
    const int n = A.rows;
    const int64_t* start = A.rowStart.data();
    const T* val = A.val.data();
    if (!A.colDelta.empty()) {
        const int16_t* delta = A.colDelta.data();
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
        for (int i = 0; i < n; ++i) {
            const T* xi = x + i;
            T s = 0;
            for (int64_t k = start[i]; k < start[i + 1]; ++k) s += val[k] * xi[delta[k]];
            f(i, s);
        }
    } else {
        const int* col = A.col.data();
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
        for (int i = 0; i < n; ++i) {
            T s = 0;
            for (int64_t k = start[i]; k < start[i + 1]; ++k) s += val[k] * x[col[k]];
            f(i, s);
        }
    }
}

// y = A x (OpenMP over rows).
template <class T>
void multiply(const CsrOf<T>& A, const std::vector<T>& x, std::vector<T>& y);
// y = b - A x.
template <class T>
void residual(const CsrOf<T>& A, const std::vector<T>& x, const std::vector<T>& b,
              std::vector<T>& y);
// x += A y (the prolonged correction added in place).
template <class T>
void multiplyAdd(const CsrOf<T>& A, const std::vector<T>& y, std::vector<T>& x);
// The same pattern with values rounded to U (the V-cycle's copy of a level).
template <class U, class T>
void convertValues(const CsrOf<T>& A, CsrOf<U>& out);
// The transpose, pattern and values (columns sorted).
CsrMatrix transpose(const CsrMatrix& A);
void diagonal(const CsrMatrix& A, Vector& d);

Real dot(const Vector& a, const Vector& b);
Real norm(const Vector& a);
// y += s x
void axpy(Real s, const Vector& x, Vector& y);

}  // namespace sim
