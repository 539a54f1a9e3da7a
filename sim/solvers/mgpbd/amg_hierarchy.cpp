#include "sim/solvers/mgpbd/amg_hierarchy.h"

#include "sim/solvers/mgpbd/aggregation.h"
#include "sim/solvers/mgpbd/sparse_product.h"

namespace sim {

namespace {
constexpr int kMaxDenseCoarse = 3000;  // beyond this the coarsest level is smoothed instead
}

void AmgHierarchy::setup(const CsrMatrix& A0, const MgpbdSettings& settings,
                         const std::vector<Real>* strain) {
    settings_ = settings;
    a0_ = &A0;
    levels_.clear();
    levels_.emplace_back();
    std::vector<Real> B;
    int columns = 0;
    if (settings.candidates == MgpbdCandidates::Strain && strain &&
        strain->size() == static_cast<size_t>(A0.rows) * 6) {
        B = *strain;
        columns = 6;
    } else {
        const auto colours = colourRows(A0);
        nearKernelCandidates(A0, colours, settings.candidateCount, settings.candidateSweeps,
                             settings.candidates == MgpbdCandidates::Constant, 12345u, B, columns);
    }
    for (int l = 0;; ++l) {
        const CsrMatrix& A = op(l);
        AmgLevel& level = levels_[l];
        level.smoother.setup(A, settings);
        level.b.assign(A.rows, 0.0);
        level.x.assign(A.rows, 0.0);
        level.r.assign(A.rows, 0.0);
        if (A.rows <= settings.coarseSize || l + 1 >= settings.maxLevels) break;
        std::vector<int> aggregateOf;
        const int aggregates = aggregate(A, settings.strengthTheta, aggregateOf);
        std::vector<Real> Bc;
        CsrMatrix P = tentativeProlongator(aggregateOf, aggregates, B, columns, Bc);
        if (P.cols >= static_cast<int>(0.95 * A.rows)) break;  // coarsening stalled
        if (settings.smoothedAggregation)
            P = smoothProlongator(A, P, level.smoother.lambdaMax());
        level.R = transpose(P);
        level.AP = multiplySymbolic(A, P);
        CsrMatrix coarse = multiplySymbolic(level.R, level.AP);
        level.P = std::move(P);
        B.swap(Bc);
        levels_.emplace_back();
        levels_.back().A = std::move(coarse);
    }
    factorCoarsest();
}

void AmgHierarchy::refresh(const CsrMatrix& A0) {
    a0_ = &A0;
    for (int l = 0; l + 1 < levelCount(); ++l) {
        AmgLevel& level = levels_[l];
        multiplyNumeric(op(l), level.P, level.AP);
        multiplyNumeric(level.R, level.AP, levels_[l + 1].A);
        level.smoother.refresh(op(l));
    }
    levels_.back().smoother.refresh(op(levelCount() - 1));
    factorCoarsest();
}

void AmgHierarchy::factorCoarsest() {
    const CsrMatrix& A = op(levelCount() - 1);
    coarseDirect_ = settings_.coarseSolve == MgpbdCoarseSolve::Cholesky && A.rows <= kMaxDenseCoarse;
    if (!coarseDirect_) return;
    Eigen::MatrixXd dense = Eigen::MatrixXd::Zero(A.rows, A.rows);
    for (int i = 0; i < A.rows; ++i)
        for (int64_t k = A.rowStart[i]; k < A.rowStart[i + 1]; ++k) dense(i, A.col[k]) = A.val[k];
    coarse_.compute(dense);
}

Real AmgHierarchy::operatorComplexity() const {
    if (!ready()) return 0;
    double total = 0;
    for (int l = 0; l < levelCount(); ++l) total += static_cast<double>(levelNonZeros(l));
    return total / static_cast<double>(std::max<int64_t>(levelNonZeros(0), 1));
}

void AmgHierarchy::vcycle(const Vector& r, Vector& z) {
    AmgLevel& top = levels_[0];
    top.b = r;
    cycle(0);
    z = top.x;
}

void AmgHierarchy::cycle(int l) {
    AmgLevel& level = levels_[l];
    const CsrMatrix& A = op(l);
    std::fill(level.x.begin(), level.x.end(), 0.0);
    if (l + 1 == levelCount()) {
        if (coarseDirect_) {
            Eigen::Map<const Eigen::VectorXd> b(level.b.data(), A.rows);
            Eigen::Map<Eigen::VectorXd>(level.x.data(), A.rows) = coarse_.solve(b);
        } else {
            level.smoother.smooth(A, level.b, level.x, false);
            level.smoother.smooth(A, level.b, level.x, true);
        }
        return;
    }
    level.smoother.smooth(A, level.b, level.x, false);
    residual(A, level.x, level.b, level.r);
    AmgLevel& next = levels_[l + 1];
    multiply(level.R, level.r, next.b);
    cycle(l + 1);
    multiply(level.P, next.x, level.r);  // r reused as the prolonged correction
    const int n = A.rows;
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; ++i) level.x[i] += level.r[i];
    level.smoother.smooth(A, level.b, level.x, true);
}

}  // namespace sim
