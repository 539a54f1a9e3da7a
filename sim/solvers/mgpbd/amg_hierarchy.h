#pragma once
// The UA-AMG hierarchy of Li et al. 2025 §4.1-4.5 and its symmetric V-cycle.
//   setup(A)   the lazy part (§4.2): aggregation, near-kernel candidates, tentative
//              prolongators P_l (optionally smoothed), Galerkin patterns, smoother
//              coefficients. Run every `setupInterval` frames or on a topology change.
//   refresh(A) every solve: A_{l+1} = P_l^T A_l P_l (eq. 6) recomputed in place from the
//              current A with P reused, D^-1 per level, the coarsest level factored.
//   vcycle     one symmetric V-cycle from x = 0: pre-smooth, restrict, recurse, prolong,
//              post-smooth (adjoint order); the coarsest level by dense Cholesky (LDL^T).
// Level 0's operator is the caller's matrix (not copied); coarser ones are owned.
// With `floatVCycle` the V-cycle runs on float copies of every level's A, P and R (values
// copied at each refresh), halving the bytes each SpMV streams; setup, Galerkin products,
// the coarsest factorisation and the caller's PCG stay in double. With `blockVCycle` the
// levels of a nodal hierarchy whose nodes are all one size are copied as block matrices
// (bsr_matrix.h) instead, the smoother working on their block rows.
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "sim/solvers/mgpbd/amg_options.h"
#include "sim/solvers/mgpbd/bsr_matrix.h"
#include "sim/solvers/mgpbd/csr_matrix.h"
#include "sim/solvers/mgpbd/smoother.h"
#include "sim/solvers/mgpbd/sparse_product.h"

namespace sim {

struct AmgLevel {
    CsrMatrix A;     // owned operator (unused on level 0)
    CsrMatrix P, R;  // prolongation to this level from the next, and P^T
    CsrMatrix AP;    // A P, the Galerkin intermediate (pattern fixed at setup)
};

// What the V-cycle works with on one level, in its precision T.
template <class T>
struct CycleLevel {
    CsrOf<T> A, P, R;  // float copies; empty for T = Real (the AmgLevel's are used)
    // Block copies of a nodal level (AmgOptions::blockVCycle), used instead when `blocked`.
    BsrOf<T> Ab, Pb, Rb;
    bool blocked = false;
    Smoother<T> smoother;
    std::vector<T> b, x, r;  // scratch
};

class AmgHierarchy {
  public:
    // `strain` (rows x 6, column-major) is used when settings ask for strain candidates.
    void setup(const CsrMatrix& A0, const AmgOptions& settings,
               const std::vector<Real>* strain = nullptr);
    // Setup for a system of nodes with several rows each (the primal system's particles,
    // x/y/z): aggregation by node on every level (a coarse node is an aggregate's columns)
    // and the given candidates B (rows x columns, column-major; rigid-body modes).
    void setupNodal(const CsrMatrix& A0, const AmgOptions& settings, std::vector<Real> B,
                    int columns, std::vector<int> nodeOf, int nodes);
    void refresh(const CsrMatrix& A0);
    // The cheap part of refresh: level 0's smoother (D^-1 or block inverses) and float copy
    // follow A0's new values; the coarse operators stay as last refreshed.
    void refreshFinest(const CsrMatrix& A0);
    double refreshFinestWork() const { return refreshFinestWork_; }
    // z = V(r): one V-cycle on A0 z = r from z = 0.
    void vcycle(const Vector& r, Vector& z);

    bool ready() const { return !levels_.empty(); }
    int levelCount() const { return static_cast<int>(levels_.size()); }
    int levelSize(int l) const { return l == 0 ? a0_->rows : levels_[l].A.rows; }
    int64_t levelNonZeros(int l) const {
        return l == 0 ? a0_->nonZeros() : levels_[l].A.nonZeros();
    }
    Real operatorComplexity() const;
    const CsrMatrix& prolongator(int l) const { return levels_[l].P; }
    const CsrMatrix& op(int l) const { return l == 0 ? *a0_ : levels_[l].A; }
    // For the GPU V-cycle (sim/cuda/device_amg.h), which mirrors this hierarchy: A_l P_l's
    // fixed pattern, level l's smoother lambda_max, and whether the coarsest is solved directly.
    const CsrMatrix& galerkinIntermediate(int l) const { return levels_[l].AP; }
    Real smootherLambdaMax(int l) const;
    bool coarseIsDirect() const { return coarseDirect_; }
    // Levels whose V-cycle runs on block copies (AmgOptions::blockVCycle).
    int blockedLevels() const;
    // Work of one V-cycle, of one refresh and (an estimate) of one setup, in the
    // deterministic units of mgpbd_work.h, from the hierarchy's sizes at setup.
    double cycleWork() const { return cycleWork_; }
    double refreshWork() const { return refreshWork_; }
    double setupWork() const { return setupWork_; }

  private:
    // Coarsens from level 0 with candidates B; nodeOf empty = aggregation by row.
    void buildLevels(std::vector<Real> B, int columns, std::vector<int> nodeOf, int nodes);
    template <class T>
    std::vector<CycleLevel<T>>& cycleLevels();
    template <class T>
    void setupCycle();
    template <class T>
    void refreshCycle(int levels);
    template <class T>
    void cycle(int l);
    template <class T>
    void setupBlocks(int l);
    void factorCoarsest();
    void countWork();

    AmgOptions settings_;
    const CsrMatrix* a0_ = nullptr;
    std::vector<AmgLevel> levels_;
    std::vector<Real> lambdaMax_;
    std::vector<std::vector<int>>
        nodeStart_;  // per level (nodal setup): node -> first row  // per level, lambda_max(D^-1 A)
                     // at setup (shared by SA and smoother)
    std::vector<CycleLevel<double>> cycleDouble_;
    std::vector<CycleLevel<float>> cycleFloat_;
    Eigen::MatrixXd coarseDense_;
    Eigen::VectorXd coarseB_, coarseX_;
    Eigen::LDLT<Eigen::MatrixXd> coarse_;
    SpgemmWorkspace spgemm_;
    double cycleWork_ = 0, refreshWork_ = 0, setupWork_ = 0, refreshFinestWork_ = 0;
    bool coarseDirect_ = true;
};

}  // namespace sim
