#include "sim/solvers/mgpbd/bsr_matrix.h"

#include <algorithm>

namespace sim {

template <class T>
bool blockPattern(const CsrMatrix& A, int br, int bc, BsrOf<T>& out) {
    out = BsrOf<T>{};
    if (br <= 0 || bc <= 0 || br > 8 || bc > 8 || A.rows % br != 0 || A.cols % bc != 0)
        return false;
    out.rows = A.rows / br;
    out.cols = A.cols / bc;
    out.br = br;
    out.bc = bc;
    out.rowStart.assign(out.rows + 1, 0);
    std::vector<int> mark(out.cols, -1);
    for (int I = 0; I < out.rows; ++I) {
        const size_t first = out.col.size();
        for (int a = 0; a < br; ++a) {
            const int r = I * br + a;
            for (int64_t k = A.rowStart[r]; k < A.rowStart[r + 1]; ++k) {
                const int J = A.col[k] / bc;
                if (mark[J] == I) continue;
                mark[J] = I;
                out.col.push_back(J);
            }
        }
        std::sort(out.col.begin() + static_cast<std::ptrdiff_t>(first), out.col.end());
        out.rowStart[I + 1] = static_cast<int>(out.col.size());
    }
    out.val.assign(static_cast<size_t>(out.blocks()) * br * bc, T(0));
    fillBlocks(A, out);
    return true;
}

template <class T>
void fillBlocks(const CsrMatrix& A, BsrOf<T>& out) {
    // Entries A lacks stay as blockPattern zeroed them: the pattern is A's.
    const int br = out.br, bc = out.bc, n = out.rows;
#pragma omp parallel for schedule(static) if (n * br >= kParallelMinRows)
    for (int I = 0; I < n; ++I) {
        for (int a = 0; a < br; ++a) {
            const int r = I * br + a;
            // Both A's row and the block row's columns are sorted: walk them together.
            int k = out.rowStart[I];
            for (int64_t e = A.rowStart[r]; e < A.rowStart[r + 1]; ++e) {
                const int J = A.col[e] / bc;
                while (out.col[k] != J) ++k;
                out.val[(static_cast<size_t>(k) * br + a) * bc + A.col[e] % bc] =
                    static_cast<T>(A.val[e]);
            }
        }
    }
}

template <class T>
void multiply(const BsrOf<T>& A, const std::vector<T>& x, std::vector<T>& y) {
    y.resize(static_cast<size_t>(A.rows) * A.br);
    T* yp = y.data();
    const int br = A.br;
    forEachBlockRow(A, x.data(), [&](int I, const T* s) {
        for (int a = 0; a < br; ++a) yp[I * br + a] = s[a];
    });
}

template <class T>
void residual(const BsrOf<T>& A, const std::vector<T>& x, const std::vector<T>& b,
              std::vector<T>& y) {
    y.resize(static_cast<size_t>(A.rows) * A.br);
    T* yp = y.data();
    const T* bp = b.data();
    const int br = A.br;
    forEachBlockRow(A, x.data(), [&](int I, const T* s) {
        for (int a = 0; a < br; ++a) yp[I * br + a] = bp[I * br + a] - s[a];
    });
}

template <class T>
void multiplyAdd(const BsrOf<T>& A, const std::vector<T>& y, std::vector<T>& x) {
    T* xp = x.data();
    const int br = A.br;
    forEachBlockRow(A, y.data(), [&](int I, const T* s) {
        for (int a = 0; a < br; ++a) xp[I * br + a] += s[a];
    });
}

template bool blockPattern(const CsrMatrix&, int, int, BsrOf<float>&);
template bool blockPattern(const CsrMatrix&, int, int, BsrOf<double>&);
template void fillBlocks(const CsrMatrix&, BsrOf<float>&);
template void fillBlocks(const CsrMatrix&, BsrOf<double>&);
template void multiply(const BsrOf<float>&, const std::vector<float>&, std::vector<float>&);
template void multiply(const BsrOf<double>&, const std::vector<double>&, std::vector<double>&);
template void residual(const BsrOf<float>&, const std::vector<float>&, const std::vector<float>&,
                       std::vector<float>&);
template void residual(const BsrOf<double>&, const std::vector<double>&, const std::vector<double>&,
                       std::vector<double>&);
template void multiplyAdd(const BsrOf<float>&, const std::vector<float>&, std::vector<float>&);
template void multiplyAdd(const BsrOf<double>&, const std::vector<double>&, std::vector<double>&);

}  // namespace sim
