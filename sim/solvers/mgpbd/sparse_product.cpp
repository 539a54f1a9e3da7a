#include "sim/solvers/mgpbd/sparse_product.h"

#include <omp.h>

#include <algorithm>

namespace sim {

CsrMatrix multiplySymbolic(const CsrMatrix& X, const CsrMatrix& Y) {
    CsrMatrix C;
    C.rows = X.rows;
    C.cols = Y.cols;
    C.rowStart.assign(C.rows + 1, 0);
    const bool parallel = X.rows >= kParallelMinRows;
    // Pass 1 counts each row's distinct columns, pass 2 writes and sorts them in place (no
    // per-row containers: at N = 512 those allocations cost more than the products).
#pragma omp parallel if (parallel)
    {
        std::vector<int> mark(Y.cols, -1);
#pragma omp for schedule(dynamic, 1024)
        for (int i = 0; i < X.rows; ++i) {
            int64_t count = 0;
            for (int64_t a = X.rowStart[i]; a < X.rowStart[i + 1]; ++a) {
                const int k = X.col[a];
                for (int64_t b = Y.rowStart[k]; b < Y.rowStart[k + 1]; ++b)
                    if (mark[Y.col[b]] != i) {
                        mark[Y.col[b]] = i;
                        ++count;
                    }
            }
            C.rowStart[i + 1] = count;
        }
    }
    for (int i = 0; i < C.rows; ++i) C.rowStart[i + 1] += C.rowStart[i];
    C.col.resize(C.nonZeros());
    C.val.resize(C.nonZeros());
#pragma omp parallel if (parallel)
    {
        std::vector<int> mark(Y.cols, -1);
#pragma omp for schedule(dynamic, 1024)
        for (int i = 0; i < X.rows; ++i) {
            int64_t out = C.rowStart[i];
            for (int64_t a = X.rowStart[i]; a < X.rowStart[i + 1]; ++a) {
                const int k = X.col[a];
                for (int64_t b = Y.rowStart[k]; b < Y.rowStart[k + 1]; ++b)
                    if (mark[Y.col[b]] != i) {
                        mark[Y.col[b]] = i;
                        C.col[out++] = Y.col[b];
                    }
            }
            std::sort(C.col.begin() + C.rowStart[i], C.col.begin() + out);
        }
    }
    multiplyNumeric(X, Y, C);
    return C;
}

int64_t multiplyNumeric(const CsrMatrix& X, const CsrMatrix& Y, CsrMatrix& C,
                        SpgemmWorkspace* work) {
    SpgemmWorkspace local;
    SpgemmWorkspace& ws = work ? *work : local;
    const bool parallel = X.rows >= kParallelMinRows;
    const int threads = parallel ? omp_get_max_threads() : 1;
    if (static_cast<int>(ws.where.size()) < threads) ws.where.resize(threads);
    for (int t = 0; t < threads; ++t)
        if (static_cast<int>(ws.where[t].size()) < Y.cols) ws.where[t].assign(Y.cols, -1);
    int64_t flops = 0;
#pragma omp parallel if (parallel) reduction(+ : flops)
    {
        std::vector<int64_t>& where =
            ws.where[omp_get_thread_num()];  // column -> offset in C's row
#pragma omp for schedule(dynamic, 256)
        for (int i = 0; i < X.rows; ++i) {
            for (int64_t c = C.rowStart[i]; c < C.rowStart[i + 1]; ++c) {
                where[C.col[c]] = c;
                C.val[c] = 0;
            }
            for (int64_t a = X.rowStart[i]; a < X.rowStart[i + 1]; ++a) {
                const int k = X.col[a];
                const Real xv = X.val[a];
                flops += Y.rowStart[k + 1] - Y.rowStart[k];
                for (int64_t b = Y.rowStart[k]; b < Y.rowStart[k + 1]; ++b)
                    C.val[where[Y.col[b]]] += xv * Y.val[b];
            }
            for (int64_t c = C.rowStart[i]; c < C.rowStart[i + 1]; ++c) where[C.col[c]] = -1;
        }
    }
    return flops;
}

int64_t productWork(const CsrMatrix& X, const CsrMatrix& Y) {
    int64_t flops = 0;
    for (int i = 0; i < X.rows; ++i)
        for (int64_t a = X.rowStart[i]; a < X.rowStart[i + 1]; ++a)
            flops += Y.rowStart[X.col[a] + 1] - Y.rowStart[X.col[a]];
    return flops;
}

}  // namespace sim
