#pragma once
// The dual system solved through its primal form (an addition to Li et al. 2025; why and
// what it gains: docs/notes/mgpbd-linear-solve.md). With J = grad C,
// W = M^-1 and D = diag(alpha~) > 0, the
// Woodbury identity gives
//     A^-1 = (D + J W J^T)^-1 = D^-1 - D^-1 J K^-1 J^T D^-1,   K = M + J^T D^-1 J,
// so A dlambda = b is solved by
//     K y = J^T D^-1 b,   dlambda = D^-1 (b - J y),
// and for any approximate y with primal residual r = J^T D^-1 b - K y the dual residual is
// exactly b - A dlambda = -J W r. K is the implicit-Euler stiffness matrix on the free
// particles (3 rows each): its near kernel is the six rigid-body modes, which aggregation AMG
// represents well, while the dual A's near kernel is the self-stress space (one mode per
// interior vertex of a flat sheet), which it does not. The primal PCG therefore stops on
// ||J W r|| <= tol ||b||, the dual residual the dual PCG would report.
//
// Needs every row's alpha~ > 0 (finite stiffness); MgpbdSolver falls back to the dual system
// otherwise. Pattern and scatter table are rebuilt whenever the dual system's structure is;
// values are refilled in place, node-parallel without atomics, from the dual system's
// gradients of its last evaluate.
#include <cstdint>
#include <vector>

#include "sim/solvers/mgpbd/amg_hierarchy.h"
#include "sim/solvers/mgpbd/csr_matrix.h"
#include "sim/solvers/mgpbd/dual_system.h"
#include "sim/solvers/mgpbd/pcg.h"

namespace sim {

class StepContext;

class PrimalSystem {
  public:
    // True when every row has alpha~ > 0 (from the dual system's last evaluate).
    static bool applicable(const DualSystem& dual);
    // Rebuilds the pattern if the dual system's structure changed; returns true if it did.
    bool update(const StepContext& ctx, const DualSystem& dual);
    // K = M + J^T D^-1 J on the free particles, from the last evaluate.
    void fill(const StepContext& ctx, const DualSystem& dual);
    // f = J^T D^-1 b (free particles, 3 rows each).
    void rightHandSide(const DualSystem& dual, Vector& f) const;
    // dlambda = D^-1 (b - J y).
    void dualStep(const DualSystem& dual, const Vector& y, Vector& dlambda) const;
    // ||J W r||: the dual residual of dualStep(y) when r is K y's primal residual.
    Real dualResidualNorm(const StepContext& ctx, const DualSystem& dual, const Vector& r) const;
    // The six rigid-body modes (3 translations, 3 rotations about the centroid) of the free
    // particles' current positions, rows x 6, column-major: the AMG candidates.
    void rigidModes(const StepContext& ctx, std::vector<Real>& B) const;
    // Node (free particle) of each row, for aggregation by node.
    std::vector<int> nodeOfRows() const;
    // The AMG on K: aggregation by particle, the first amgSettings.candidateCount rigid-body
    // modes as candidates (amgSettings: MgpbdLinearSystem::primalAmgOptions()).
    void setupAmg(const StepContext& ctx, const AmgOptions& amgSettings, AmgHierarchy& amg) const;
    // A dlambda = b of the dual system's last evaluate, through K: PCG on K with amg's V-cycle
    // from y = 0, stopped when the dual residual ||J W r|| <= tolerance ||b||.
    PcgResult solve(const StepContext& ctx, const DualSystem& dual, AmgHierarchy& amg,
                    Real tolerance, int maxIterations, bool flexible, PcgWorkspace& work,
                    Vector& dlambda);

    // The last solve's y as a per-particle field (0 on pinned particles). At the exact
    // solution y = M^-1 J^T dlambda = dx (eq. 5); for a truncated one it is the primal
    // Newton step, whose residual r the next outer iteration carries as g = -r
    // (MgpbdLinearSystem::primalResidual), so a truncated solve is still a full step.
    void positionStep(std::vector<Vec3>& dx) const;
    int nodes() const { return static_cast<int>(particleOf_.size()); }
    // Multiply-adds of one fill (3x3 block per scatter entry), for the frame budget.
    int64_t fillProducts() const { return 9 * static_cast<int64_t>(scatter_.size()); }
    CsrMatrix K;

  private:
    void build(const StepContext& ctx, const DualSystem& dual);

    uint64_t structureVersion_ = ~uint64_t(0);
    std::vector<int> freeIndex_;   // particle -> node, -1 when pinned
    std::vector<int> particleOf_;  // node -> particle
    // For node f, each incidence j of its particle (slot s of row r) and each slot t of r:
    // the block column of t's node within f's block row, or -1 when t's particle is pinned.
    std::vector<int64_t> scatterStart_;  // per node: range in scatter_
    std::vector<int> scatter_;
    std::vector<int> diagonalBlock_;   // per node: block column of itself
    Vector f_, y_;                     // solve's right-hand side and solution
    mutable std::vector<Vec3> field_;  // per particle, for J times a node vector
};

}  // namespace sim
