#pragma once
// Block sparse rows: a CSR matrix whose rows and columns come in fixed-size blocks (the
// primal system's x/y/z of a particle, and a coarse node's candidate columns), stored as
// dense br x bc blocks. One column index serves a whole block and each loaded x block
// serves br rows, so a product streams about a third of the bytes of the same matrix in
// CSR and vectorises: the primal V-cycle runs on these copies of its levels
// (docs/notes/mgpbd-linear-solve.md).
#include <cstdint>
#include <vector>

#include "sim/solvers/mgpbd/csr_matrix.h"

namespace sim {

template <class T>
struct BsrOf {
    int rows = 0, cols = 0;     // in blocks
    int br = 0, bc = 0;         // block size
    std::vector<int> rowStart;  // rows + 1 offsets into col; val holds br * bc per block
    std::vector<int> col;
    std::vector<T> val;  // each block row-major
    int64_t blocks() const { return rowStart.empty() ? 0 : rowStart.back(); }
};

// The block pattern of A with br x bc blocks, values from A, or false (out left empty) when
// A's size is not a multiple of the blocks.
template <class T>
bool blockPattern(const CsrMatrix& A, int br, int bc, BsrOf<T>& out);
// Out's values from A, whose pattern is the one blockPattern was given (the entries A lacks
// stay 0).
template <class T>
void fillBlocks(const CsrMatrix& A, BsrOf<T>& out);

// y = A x, y = b - A x, x += A y.
template <class T>
void multiply(const BsrOf<T>& A, const std::vector<T>& x, std::vector<T>& y);
template <class T>
void residual(const BsrOf<T>& A, const std::vector<T>& x, const std::vector<T>& b,
              std::vector<T>& y);
template <class T>
void multiplyAdd(const BsrOf<T>& A, const std::vector<T>& y, std::vector<T>& x);

// The kernels' block sizes as template arguments: f(std::integral_constant<int, BR>,
// std::integral_constant<int, BC>) for the sizes the hierarchies have (3 and 6), else
// f(0, 0), the runtime-size loop.
template <class F>
void withBlockSize(int br, int bc, F&& f) {
    using std::integral_constant;
    if (br == 3 && bc == 3) return f(integral_constant<int, 3>{}, integral_constant<int, 3>{});
    if (br == 3 && bc == 6) return f(integral_constant<int, 3>{}, integral_constant<int, 6>{});
    if (br == 6 && bc == 6) return f(integral_constant<int, 6>{}, integral_constant<int, 6>{});
    if (br == 6 && bc == 3) return f(integral_constant<int, 6>{}, integral_constant<int, 3>{});
    return f(integral_constant<int, 0>{}, integral_constant<int, 0>{});
}

// f(I, ax) with ax the br values of (A x) in block row I, for every block row (OpenMP over
// block rows). BR, BC: the block size, or 0 for A's runtime size (at most 8 x 8).
template <int BR, int BC, class T, class F>
void forEachBlockRowProduct(const BsrOf<T>& A, const T* x, F&& f) {
    const int br = BR > 0 ? BR : A.br, bc = BC > 0 ? BC : A.bc;
    const int n = A.rows;
    const int* start = A.rowStart.data();
    const int* col = A.col.data();
    const T* val = A.val.data();
#pragma omp parallel for schedule(static) if (n * br >= kParallelMinRows)
    for (int I = 0; I < n; ++I) {
        T s[8] = {};
        for (int k = start[I]; k < start[I + 1]; ++k) {
            const T* v = val + static_cast<int64_t>(k) * br * bc;
            const T* xj = x + static_cast<int64_t>(col[k]) * bc;
            for (int a = 0; a < br; ++a)
                for (int c = 0; c < bc; ++c) s[a] += v[a * bc + c] * xj[c];
        }
        f(I, s);
    }
}

// forEachBlockRowProduct with A's block size dispatched (withBlockSize).
template <class T, class F>
void forEachBlockRow(const BsrOf<T>& A, const T* x, F&& f) {
    withBlockSize(A.br, A.bc, [&](auto BR, auto BC) { forEachBlockRowProduct<BR, BC>(A, x, f); });
}

}  // namespace sim
