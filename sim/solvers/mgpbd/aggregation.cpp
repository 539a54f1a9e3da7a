#include "sim/solvers/mgpbd/aggregation.h"

#include <Eigen/QR>
#include <algorithm>
#include <cmath>
#include <random>

#include "sim/solvers/mgpbd/sparse_product.h"

namespace sim {

namespace {

bool strong(const CsrMatrix& A, const Vector& d, Real theta, int i, int64_t k) {
    const int j = A.col[k];
    if (j == i) return false;
    const Real a = std::abs(A.val[k]);
    return a > 0 && a >= theta * std::sqrt(std::abs(d[i]) * std::abs(d[j]));
}

}  // namespace

int aggregate(const CsrMatrix& A, Real theta, std::vector<int>& aggregateOf) {
    Vector d;
    diagonal(A, d);
    const int n = A.rows;
    aggregateOf.assign(n, -1);
    int count = 0;
    // Pass 1: a row whose strong neighbours are all free becomes a root with them.
    for (int i = 0; i < n; ++i) {
        if (aggregateOf[i] >= 0) continue;
        bool free = true;
        bool any = false;
        for (int64_t k = A.rowStart[i]; k < A.rowStart[i + 1] && free; ++k)
            if (strong(A, d, theta, i, k)) {
                any = true;
                free = aggregateOf[A.col[k]] < 0;
            }
        if (!free || !any) continue;
        aggregateOf[i] = count;
        for (int64_t k = A.rowStart[i]; k < A.rowStart[i + 1]; ++k)
            if (strong(A, d, theta, i, k)) aggregateOf[A.col[k]] = count;
        ++count;
    }
    // Pass 2: leftovers join the neighbouring aggregate they are most strongly tied to.
    std::vector<int> joined(aggregateOf);
    for (int i = 0; i < n; ++i) {
        if (aggregateOf[i] >= 0) continue;
        Real best = -1;
        for (int64_t k = A.rowStart[i]; k < A.rowStart[i + 1]; ++k)
            if (strong(A, d, theta, i, k) && aggregateOf[A.col[k]] >= 0 &&
                std::abs(A.val[k]) > best) {
                best = std::abs(A.val[k]);
                joined[i] = aggregateOf[A.col[k]];
            }
    }
    aggregateOf.swap(joined);
    // Pass 3: what is still free (no strong tie to any aggregate) forms its own aggregates.
    for (int i = 0; i < n; ++i) {
        if (aggregateOf[i] >= 0) continue;
        aggregateOf[i] = count;
        for (int64_t k = A.rowStart[i]; k < A.rowStart[i + 1]; ++k)
            if (strong(A, d, theta, i, k) && aggregateOf[A.col[k]] < 0)
                aggregateOf[A.col[k]] = count;
        ++count;
    }
    return count;
}

int aggregateNodes(const CsrMatrix& A, const std::vector<int>& nodeOf, int nodes, Real theta,
                   std::vector<int>& aggregateOf) {
    std::vector<int> start(nodes + 1, 0), rows(A.rows);
    for (int i = 0; i < A.rows; ++i) ++start[nodeOf[i] + 1];
    for (int I = 0; I < nodes; ++I) start[I + 1] += start[I];
    {
        std::vector<int> next(start.begin(), start.end() - 1);
        for (int i = 0; i < A.rows; ++i) rows[next[nodeOf[i]]++] = i;
    }
    // Node graph with squared block norms (accumulated through a per-thread marker), then
    // their square roots.
    std::vector<std::vector<std::pair<int, Real>>> blocks(nodes);
#pragma omp parallel if (nodes >= kParallelMinRows)
    {
        std::vector<int> slot(nodes, -1);
#pragma omp for schedule(dynamic, 1024)
        for (int I = 0; I < nodes; ++I) {
            std::vector<std::pair<int, Real>>& out = blocks[I];
            for (int q = start[I]; q < start[I + 1]; ++q) {
                const int i = rows[q];
                for (int64_t k = A.rowStart[i]; k < A.rowStart[i + 1]; ++k) {
                    const int J = nodeOf[A.col[k]];
                    if (slot[J] < 0) {
                        slot[J] = static_cast<int>(out.size());
                        out.emplace_back(J, 0.0);
                    }
                    out[slot[J]].second += A.val[k] * A.val[k];
                }
            }
            for (auto& e : out) {
                slot[e.first] = -1;
                e.second = std::sqrt(e.second);
            }
            std::sort(out.begin(), out.end(),
                      [](const auto& a, const auto& b) { return a.first < b.first; });
        }
    }
    CsrMatrix N;
    N.rows = N.cols = nodes;
    N.rowStart.assign(nodes + 1, 0);
    for (int I = 0; I < nodes; ++I)
        N.rowStart[I + 1] = N.rowStart[I] + static_cast<int64_t>(blocks[I].size());
    N.col.resize(N.nonZeros());
    N.val.resize(N.nonZeros());
    for (int I = 0; I < nodes; ++I)
        for (size_t k = 0; k < blocks[I].size(); ++k) {
            N.col[N.rowStart[I] + k] = blocks[I][k].first;
            N.val[N.rowStart[I] + k] = blocks[I][k].second;
        }
    std::vector<int> nodeAggregate;
    const int count = aggregate(N, theta, nodeAggregate);
    aggregateOf.resize(A.rows);
    for (int i = 0; i < A.rows; ++i) aggregateOf[i] = nodeAggregate[nodeOf[i]];
    return count;
}

std::vector<std::vector<int>> colourRows(const CsrMatrix& A) {
    std::vector<int> colour(A.rows, -1);
    std::vector<int> usedBy;  // usedBy[c] == i when a neighbour of i has colour c
    std::vector<std::vector<int>> rows;
    for (int i = 0; i < A.rows; ++i) {
        for (int64_t k = A.rowStart[i]; k < A.rowStart[i + 1]; ++k) {
            const int c = colour[A.col[k]];
            if (c >= 0) usedBy[c] = i;
        }
        int c = 0;
        while (c < static_cast<int>(usedBy.size()) && usedBy[c] == i) ++c;
        if (c == static_cast<int>(usedBy.size())) {
            usedBy.push_back(-1);
            rows.emplace_back();
        }
        colour[i] = c;
        rows[c].push_back(i);
    }
    return rows;
}

void nearKernelCandidates(const CsrMatrix& A, const std::vector<std::vector<int>>& colours,
                          int count, int sweeps, bool constant, unsigned seed, std::vector<Real>& B,
                          int& columns) {
    const int n = A.rows;
    if (constant || count <= 0) {
        columns = 1;
        B.assign(n, 1.0 / std::sqrt(std::max(n, 1)));
        return;
    }
    columns = count;
    B.assign(static_cast<size_t>(n) * count, 0.0);
    Vector d;
    diagonal(A, d);
    Real maxAbs = 0;
    for (Real v : A.val) maxAbs = std::max(maxAbs, std::abs(v));
    std::mt19937 rng(seed);
    std::uniform_real_distribution<Real> uniform(0.0, maxAbs > 0 ? maxAbs : 1.0);
    for (int v = 0; v < count; ++v) {
        Real* x = B.data() + static_cast<size_t>(v) * n;
        for (int i = 0; i < n; ++i) x[i] = uniform(rng);
        for (int s = 0; s < sweeps; ++s)
            for (const std::vector<int>& rows : colours) {
                const int m = static_cast<int>(rows.size());
#pragma omp parallel for schedule(static) if (m >= kParallelMinRows)
                for (int q = 0; q < m; ++q) {
                    const int i = rows[q];
                    Real sum = 0;
                    for (int64_t k = A.rowStart[i]; k < A.rowStart[i + 1]; ++k)
                        if (A.col[k] != i) sum += A.val[k] * x[A.col[k]];
                    if (d[i] != 0) x[i] = -sum / d[i];
                }
            }
        Real len = 0;
        for (int i = 0; i < n; ++i) len += x[i] * x[i];
        len = std::sqrt(len);
        if (len > 0)
            for (int i = 0; i < n; ++i) x[i] /= len;
    }
}

CsrMatrix tentativeProlongator(const std::vector<int>& aggregateOf, int aggregates,
                               const std::vector<Real>& B, int columns, std::vector<Real>& Bc) {
    const int n = static_cast<int>(aggregateOf.size());
    // Members of each aggregate.
    std::vector<int> start(aggregates + 1, 0), members(n);
    for (int a : aggregateOf) ++start[a + 1];
    for (int a = 0; a < aggregates; ++a) start[a + 1] += start[a];
    {
        std::vector<int> next(start.begin(), start.end() - 1);
        for (int i = 0; i < n; ++i) members[next[aggregateOf[i]]++] = i;
    }
    // Thin QR per aggregate (rank-revealing: dependent candidates are dropped).
    std::vector<Eigen::MatrixXd> Q(aggregates), R(aggregates);
#pragma omp parallel for schedule(dynamic, 64) if (aggregates >= kParallelMinRows / 16)
    for (int a = 0; a < aggregates; ++a) {
        const int s = start[a + 1] - start[a];
        Eigen::MatrixXd block(s, columns);
        for (int r = 0; r < s; ++r)
            for (int c = 0; c < columns; ++c)
                block(r, c) = B[static_cast<size_t>(c) * n + members[start[a] + r]];
        Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(block);
        qr.setThreshold(1e-8);
        int rank = static_cast<int>(qr.rank());
        if (rank == 0) rank = 1;  // a zero block still gets one (unit) column
        Eigen::MatrixXd fullQ = qr.householderQ() * Eigen::MatrixXd::Identity(s, rank);
        Eigen::MatrixXd r = qr.matrixR().topRows(rank).triangularView<Eigen::Upper>();
        Q[a] = fullQ;
        R[a] = r * qr.colsPermutation().transpose();
    }
    std::vector<int> offset(aggregates + 1, 0);
    for (int a = 0; a < aggregates; ++a) offset[a + 1] = offset[a] + static_cast<int>(Q[a].cols());
    const int nc = offset[aggregates];
    CsrMatrix P;
    P.rows = n;
    P.cols = nc;
    P.rowStart.assign(n + 1, 0);
    for (int i = 0; i < n; ++i) P.rowStart[i + 1] = P.rowStart[i] + Q[aggregateOf[i]].cols();
    P.col.resize(P.nonZeros());
    P.val.resize(P.nonZeros());
    for (int a = 0; a < aggregates; ++a)
        for (int r = start[a]; r < start[a + 1]; ++r) {
            const int i = members[r];
            for (int c = 0; c < Q[a].cols(); ++c) {
                P.col[P.rowStart[i] + c] = offset[a] + c;
                P.val[P.rowStart[i] + c] = Q[a](r - start[a], c);
            }
        }
    Bc.assign(static_cast<size_t>(nc) * columns, 0.0);
    for (int a = 0; a < aggregates; ++a)
        for (int r = 0; r < R[a].rows(); ++r)
            for (int c = 0; c < columns; ++c)
                Bc[static_cast<size_t>(c) * nc + offset[a] + r] = R[a](r, c);
    return P;
}

CsrMatrix smoothProlongator(const CsrMatrix& A, const CsrMatrix& Ptent, Real lambdaMax) {
    CsrMatrix P = multiplySymbolic(A, Ptent);  // A Ptent; contains Ptent's pattern
    Vector d;
    diagonal(A, d);
    const Real omega = (4.0 / 3.0) / lambdaMax;
    for (int i = 0; i < P.rows; ++i) {
        const Real s = d[i] != 0 ? -omega / d[i] : 0.0;
        for (int64_t k = P.rowStart[i]; k < P.rowStart[i + 1]; ++k) P.val[k] *= s;
        for (int64_t k = Ptent.rowStart[i]; k < Ptent.rowStart[i + 1]; ++k)
            P.val[P.find(i, Ptent.col[k])] += Ptent.val[k];
    }
    return P;
}

Real estimateLambdaMax(const CsrMatrix& A, int iterations) {
    Vector d;
    diagonal(A, d);
    return estimateLambdaMax(A, iterations, [&](const Vector& y, Vector& x) {
        for (int i = 0; i < A.rows; ++i) x[i] = d[i] != 0 ? y[i] / d[i] : 0;
    });
}

Real estimateLambdaMax(const CsrMatrix& A, int iterations,
                       const std::function<void(const Vector& y, Vector& x)>& applyInverse) {
    Vector x(A.rows), y, z(A.rows);
    std::mt19937 rng(7);
    std::uniform_real_distribution<Real> uniform(-1.0, 1.0);
    for (Real& v : x) v = uniform(rng);
    Real lambda = 0;
    for (int it = 0; it < iterations; ++it) {
        const Real len = norm(x);
        if (len == 0) break;
        for (Real& v : x) v /= len;
        multiply(A, x, y);
        applyInverse(y, z);
        lambda = norm(z);
        x.swap(z);
    }
    return lambda;
}

}  // namespace sim
