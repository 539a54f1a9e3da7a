#include "sim/solvers/mgpbd/sparse_product.h"

#include <algorithm>

namespace sim {

CsrMatrix multiplySymbolic(const CsrMatrix& X, const CsrMatrix& Y) {
    CsrMatrix C;
    C.rows = X.rows;
    C.cols = Y.cols;
    C.rowStart.assign(C.rows + 1, 0);
    std::vector<std::vector<int>> rowCols(C.rows);
#pragma omp parallel
    {
        std::vector<int> mark(Y.cols, -1);
#pragma omp for schedule(dynamic, 256)
        for (int i = 0; i < X.rows; ++i) {
            std::vector<int>& cols = rowCols[i];
            for (int64_t a = X.rowStart[i]; a < X.rowStart[i + 1]; ++a) {
                const int k = X.col[a];
                for (int64_t b = Y.rowStart[k]; b < Y.rowStart[k + 1]; ++b) {
                    const int j = Y.col[b];
                    if (mark[j] != i) {
                        mark[j] = i;
                        cols.push_back(j);
                    }
                }
            }
            std::sort(cols.begin(), cols.end());
        }
    }
    for (int i = 0; i < C.rows; ++i)
        C.rowStart[i + 1] = C.rowStart[i] + static_cast<int64_t>(rowCols[i].size());
    C.col.resize(C.nonZeros());
    C.val.assign(C.nonZeros(), 0.0);
    for (int i = 0; i < C.rows; ++i) {
        std::copy(rowCols[i].begin(), rowCols[i].end(), C.col.begin() + C.rowStart[i]);
        std::vector<int>().swap(rowCols[i]);
    }
    multiplyNumeric(X, Y, C);
    return C;
}

void multiplyNumeric(const CsrMatrix& X, const CsrMatrix& Y, CsrMatrix& C) {
#pragma omp parallel
    {
        std::vector<int64_t> where(Y.cols, -1);  // column -> offset in C's current row
#pragma omp for schedule(dynamic, 256)
        for (int i = 0; i < X.rows; ++i) {
            for (int64_t c = C.rowStart[i]; c < C.rowStart[i + 1]; ++c) {
                where[C.col[c]] = c;
                C.val[c] = 0;
            }
            for (int64_t a = X.rowStart[i]; a < X.rowStart[i + 1]; ++a) {
                const int k = X.col[a];
                const Real xv = X.val[a];
                for (int64_t b = Y.rowStart[k]; b < Y.rowStart[k + 1]; ++b)
                    C.val[where[Y.col[b]]] += xv * Y.val[b];
            }
            for (int64_t c = C.rowStart[i]; c < C.rowStart[i + 1]; ++c) where[C.col[c]] = -1;
        }
    }
}

}  // namespace sim
