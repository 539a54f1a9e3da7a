#include "sim/solvers/mgpbd/amg_hierarchy.h"

#include <type_traits>

#include "sim/solvers/mgpbd/aggregation.h"
#include "sim/solvers/mgpbd/mgpbd_work.h"

namespace sim {

namespace {
// Beyond this the coarsest level is smoothed instead of factored densely (n^3 / 3 multiply-adds
// at each refresh). Small enough that a hierarchy that stalls above it (curtain's) is not
// factored densely, which stalled that scene's first MGPBD frame
// (docs/notes/mgpbd-linear-solve.md).
constexpr int kMaxDenseCoarse = 1000;
}  // namespace

template <>
std::vector<CycleLevel<double>>& AmgHierarchy::cycleLevels<double>() {
    return cycleDouble_;
}
template <>
std::vector<CycleLevel<float>>& AmgHierarchy::cycleLevels<float>() {
    return cycleFloat_;
}

void AmgHierarchy::setup(const CsrMatrix& A0, const AmgOptions& settings,
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
    } else if (settings.candidates == MgpbdCandidates::Constant) {
        nearKernelCandidates(A0, {}, settings.candidateCount, settings.candidateSweeps, true,
                             12345u, B, columns);
    } else {
        const auto colours = colourRows(A0);
        nearKernelCandidates(A0, colours, settings.candidateCount, settings.candidateSweeps, false,
                             12345u, B, columns);
    }
    buildLevels(std::move(B), columns, {}, 0);
}

void AmgHierarchy::setupNodal(const CsrMatrix& A0, const AmgOptions& settings, std::vector<Real> B,
                              int columns, std::vector<int> nodeOf, int nodes) {
    settings_ = settings;
    a0_ = &A0;
    levels_.clear();
    levels_.emplace_back();
    buildLevels(std::move(B), columns, std::move(nodeOf), nodes);
}

void AmgHierarchy::buildLevels(std::vector<Real> B, int columns, std::vector<int> nodeOf,
                               int nodes) {
    const AmgOptions& settings = settings_;
    lambdaMax_.clear();
    nodeStart_.clear();
    for (int l = 0;; ++l) {
        const CsrMatrix& A = op(l);
        if (!nodeOf.empty()) {  // rows of a node are contiguous (nodeOf never decreases)
            std::vector<int>& start = nodeStart_.emplace_back(nodes + 1, 0);
            for (int node : nodeOf) ++start[node + 1];
            for (int I = 0; I < nodes; ++I) start[I + 1] += start[I];
        }
        if (A.rows <= settings.coarseSize || l + 1 >= settings.maxLevels) break;
        std::vector<int> aggregateOf;
        const int aggregates =
            nodeOf.empty() ? aggregate(A, settings.strengthTheta, aggregateOf)
                           : aggregateNodes(A, nodeOf, nodes, settings.strengthTheta, aggregateOf);
        std::vector<Real> Bc;
        CsrMatrix P = tentativeProlongator(aggregateOf, aggregates, B, columns, Bc);
        if (P.cols >= static_cast<int>(0.95 * A.rows)) break;  // coarsening stalled
        if (!nodeOf.empty()) {  // a coarse node is one aggregate's columns
            nodeOf.assign(P.cols, 0);
            for (int i = 0; i < P.rows; ++i)
                for (int64_t k = P.rowStart[i]; k < P.rowStart[i + 1]; ++k)
                    nodeOf[P.col[k]] = aggregateOf[i];
            nodes = aggregates;
        }
        if (settings.smoothedAggregation) {
            lambdaMax_.resize(l + 1, 0.0);
            // 10 power iterations on the nodal (primal) path: each is an SpMV on the largest
            // matrix of the setup, and the smoother's interval ends at 1.1 of the estimate.
            lambdaMax_[l] = estimateLambdaMax(A, nodeOf.empty() ? 20 : 10);
            P = smoothProlongator(A, P, lambdaMax_[l]);
        }
        AmgLevel& level = levels_[l];
        level.R = transpose(P);
        level.AP = multiplySymbolic(A, P);
        CsrMatrix coarse = multiplySymbolic(level.R, level.AP);
        level.P = std::move(P);
        B.swap(Bc);
        levels_.emplace_back();
        levels_.back().A = std::move(coarse);
    }
    cycleDouble_.clear();
    cycleFloat_.clear();
    if (settings.floatVCycle)
        setupCycle<float>();
    else
        setupCycle<double>();
    factorCoarsest();
    countWork();
}

void AmgHierarchy::countWork() {
    const double spmv = settings_.floatVCycle ? kFloatSpmvWeight : 1.0;
    cycleWork_ = refreshWork_ = 0;
    double nonZeros = 0;
    for (int l = 0; l < levelCount(); ++l) {
        const CsrMatrix& A = op(l);
        const double nnz = static_cast<double>(A.nonZeros()), n = A.rows;
        nonZeros += nnz;
        const int degree =
            settings_.smoother == MgpbdSmoother::Chebyshev
                ? (l > 0 && settings_.coarseChebyshevDegree > 0 ? settings_.coarseChebyshevDegree
                                                                : settings_.chebyshevDegree)
                : 1;
        const double smooth = 2.0 * settings_.smoothingSweeps * degree * (spmv * nnz + 4 * n);
        double smootherRefresh = n + (nodeStart_.empty() ? 0 : 30 * n);  // D^-1 (or block inverses)
        if (settings_.floatVCycle) smootherRefresh += nnz;               // the float copy
        refreshWork_ += smootherRefresh;
        if (l == 0) refreshFinestWork_ = smootherRefresh;
        if (l + 1 == levelCount()) {
            cycleWork_ += coarseDirect_ ? n * n : smooth;
            if (coarseDirect_) refreshWork_ += kDenseFactorWeight * n * n * n / 3;
            break;
        }
        const AmgLevel& level = levels_[l];
        cycleWork_ += smooth + spmv * (nnz + level.R.nonZeros() + level.P.nonZeros()) + 2 * n;
        refreshWork_ += kProductWeight * static_cast<double>(productWork(A, level.P) +
                                                             productWork(level.R, level.AP));
    }
    // Setup (aggregation, QR, symbolic products, power iterations, smoother coefficients):
    // estimated as refreshes plus SpMVs of the finest level (mgpbd_work.h, kSetupRefreshes).
    setupWork_ = kSetupRefreshes * refreshWork_ + kSetupSpmvs * nonZeros;
}

template <class T>
void AmgHierarchy::setupCycle() {
    std::vector<CycleLevel<T>>& c = cycleLevels<T>();
    c.resize(levelCount());
    for (int l = 0; l < levelCount(); ++l) {
        const CsrMatrix& A = op(l);
        AmgOptions levelSettings = settings_;
        if (l > 0 && settings_.coarseChebyshevDegree > 0)
            levelSettings.chebyshevDegree = settings_.coarseChebyshevDegree;
        c[l].smoother.setup(A, levelSettings,
                            l < static_cast<int>(lambdaMax_.size()) ? lambdaMax_[l] : 0.0,
                            l < static_cast<int>(nodeStart_.size()) ? &nodeStart_[l] : nullptr);
        c[l].b.assign(A.rows, T(0));
        c[l].x.assign(A.rows, T(0));
        c[l].r.assign(A.rows, T(0));
        setupBlocks<T>(l);
        if constexpr (!std::is_same_v<T, Real>) {
            if (c[l].blocked) continue;
            convertValues(A, c[l].A);
            if (l + 1 < levelCount()) {
                convertValues(levels_[l].P, c[l].P);
                convertValues(levels_[l].R, c[l].R);
            }
        }
    }
}

namespace {
// The rows of every node of a level when they are all the same, else 0.
int uniformNodeSize(const std::vector<int>& start) {
    if (start.size() < 2) return 0;
    const int size = start[1] - start[0];
    for (size_t I = 1; I + 1 < start.size(); ++I)
        if (start[I + 1] - start[I] != size) return 0;
    return size;
}
}  // namespace

// Level l's block copies, when it is a nodal level above the coarsest whose smoother can work
// on its blocks and whose next level's nodes are one size too (P's block columns).
template <class T>
void AmgHierarchy::setupBlocks(int l) {
    CycleLevel<T>& level = cycleLevels<T>()[l];
    level.blocked = false;
    if (!settings_.blockVCycle || l + 1 >= levelCount() ||
        l + 1 >= static_cast<int>(nodeStart_.size()))
        return;
    const int br = uniformNodeSize(nodeStart_[l]), bc = uniformNodeSize(nodeStart_[l + 1]);
    // The smoother's nodes are this level's (setupCycle), so br is its block size too.
    if (br == 0 || bc == 0 || !level.smoother.blockMode()) return;
    level.blocked = blockPattern(op(l), br, br, level.Ab) &&
                    blockPattern(levels_[l].P, br, bc, level.Pb) &&
                    blockPattern(levels_[l].R, bc, br, level.Rb);
}

template <class T>
void AmgHierarchy::refreshCycle(int levels) {
    std::vector<CycleLevel<T>>& c = cycleLevels<T>();
    for (int l = 0; l < levels; ++l) {
        c[l].smoother.refresh(op(l));
        if (c[l].blocked)
            fillBlocks(op(l), c[l].Ab);
        else if constexpr (!std::is_same_v<T, Real>)
            convertValues(op(l), c[l].A);
    }
}

void AmgHierarchy::refresh(const CsrMatrix& A0) {
    a0_ = &A0;
    for (int l = 0; l + 1 < levelCount(); ++l) {
        AmgLevel& level = levels_[l];
        multiplyNumeric(op(l), level.P, level.AP, &spgemm_);
        multiplyNumeric(level.R, level.AP, levels_[l + 1].A, &spgemm_);
    }
    if (settings_.floatVCycle)
        refreshCycle<float>(levelCount());
    else
        refreshCycle<double>(levelCount());
    factorCoarsest();
}

void AmgHierarchy::refreshFinest(const CsrMatrix& A0) {
    a0_ = &A0;
    if (settings_.floatVCycle)
        refreshCycle<float>(1);
    else
        refreshCycle<double>(1);
}

void AmgHierarchy::factorCoarsest() {
    const CsrMatrix& A = op(levelCount() - 1);
    coarseDirect_ =
        settings_.coarseSolve == MgpbdCoarseSolve::Cholesky && A.rows <= kMaxDenseCoarse;
    if (!coarseDirect_) return;
    coarseDense_.setZero(A.rows, A.rows);  // no allocation when the size is unchanged
    for (int i = 0; i < A.rows; ++i)
        for (int64_t k = A.rowStart[i]; k < A.rowStart[i + 1]; ++k)
            coarseDense_(i, A.col[k]) = A.val[k];
    coarse_.compute(coarseDense_);
    coarseB_.resize(A.rows);
    coarseX_.resize(A.rows);
}

Real AmgHierarchy::smootherLambdaMax(int l) const {
    return settings_.floatVCycle ? cycleFloat_[l].smoother.lambdaMax()
                                 : cycleDouble_[l].smoother.lambdaMax();
}

int AmgHierarchy::blockedLevels() const {
    int n = 0;
    for (const auto& level : cycleFloat_) n += level.blocked;
    for (const auto& level : cycleDouble_) n += level.blocked;
    return n;
}

Real AmgHierarchy::operatorComplexity() const {
    if (!ready()) return 0;
    double total = 0;
    for (int l = 0; l < levelCount(); ++l) total += static_cast<double>(levelNonZeros(l));
    return total / static_cast<double>(std::max<int64_t>(levelNonZeros(0), 1));
}

void AmgHierarchy::vcycle(const Vector& r, Vector& z) {
    const int n = static_cast<int>(r.size());
    z.resize(n);
    if (settings_.floatVCycle) {
        CycleLevel<float>& top = cycleFloat_[0];
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
        for (int i = 0; i < n; ++i) top.b[i] = static_cast<float>(r[i]);
        cycle<float>(0);
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
        for (int i = 0; i < n; ++i) z[i] = top.x[i];
    } else {
        CycleLevel<double>& top = cycleDouble_[0];
        top.b = r;
        cycle<double>(0);
        z = top.x;
    }
}

template <class T>
void AmgHierarchy::cycle(int l) {
    std::vector<CycleLevel<T>>& c = cycleLevels<T>();
    CycleLevel<T>& level = c[l];
    const bool last = l + 1 == levelCount();
    const CsrOf<T>* A;
    const CsrOf<T>* P = nullptr;
    const CsrOf<T>* R = nullptr;
    if constexpr (std::is_same_v<T, Real>) {
        A = &op(l);
        if (!last) {
            P = &levels_[l].P;
            R = &levels_[l].R;
        }
    } else {
        A = &level.A;
        P = &level.P;
        R = &level.R;
    }
    if (last) {
        if (coarseDirect_) {
            for (int i = 0; i < A->rows; ++i) coarseB_[i] = level.b[i];
            coarseX_ = coarse_.solve(coarseB_);
            for (int i = 0; i < A->rows; ++i) level.x[i] = static_cast<T>(coarseX_[i]);
        } else {
            level.smoother.smooth(*A, level.b, level.x, false, true);
            level.smoother.smooth(*A, level.b, level.x, true, false);
        }
        return;
    }
    CycleLevel<T>& next = c[l + 1];
    const auto twoGrid = [&](const auto& Al, const auto& Pl, const auto& Rl) {
        level.smoother.smooth(Al, level.b, level.x, false, true);
        residual(Al, level.x, level.b, level.r);
        multiply(Rl, level.r, next.b);
        cycle<T>(l + 1);
        multiplyAdd(Pl, next.x, level.x);
        level.smoother.smooth(Al, level.b, level.x, true, false);
    };
    if (level.blocked)
        twoGrid(level.Ab, level.Pb, level.Rb);
    else
        twoGrid(*A, *P, *R);
}

template void AmgHierarchy::cycle<double>(int);
template void AmgHierarchy::cycle<float>(int);

}  // namespace sim
