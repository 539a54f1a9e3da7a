#pragma once
// Compressed sparse row matrix on flat arrays, the storage of every AMG level. The pattern
// (rowStart, col) is built once per topology; values are refilled in place. Columns are
// sorted within each row so that a symmetric pattern can be searched by bisection.
#include <cstdint>
#include <vector>

#include "sim/core/types.h"

namespace sim {

struct CsrMatrix {
    int rows = 0, cols = 0;
    std::vector<int64_t> rowStart;  // rows + 1 offsets into col / val
    std::vector<int> col;
    std::vector<Real> val;

    int64_t nonZeros() const { return rowStart.empty() ? 0 : rowStart.back(); }
    // Offset of entry (r, c) or -1 (binary search in the sorted row).
    int64_t find(int r, int c) const;
};

using Vector = std::vector<Real>;

// y = A x (OpenMP over rows).
void multiply(const CsrMatrix& A, const Vector& x, Vector& y);
// y = b - A x.
void residual(const CsrMatrix& A, const Vector& x, const Vector& b, Vector& y);
// The transpose, pattern and values (columns sorted).
CsrMatrix transpose(const CsrMatrix& A);
void diagonal(const CsrMatrix& A, Vector& d);

Real dot(const Vector& a, const Vector& b);
Real norm(const Vector& a);
// y += s x
void axpy(Real s, const Vector& x, Vector& y);

}  // namespace sim
