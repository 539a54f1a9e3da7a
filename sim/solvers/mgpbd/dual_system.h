#pragma once
// The dual (Schur-complement) system of one MGPBD outer iteration, Li et al. 2025 eq. 3:
//     A = grad C  M^-1  grad C^T + alpha~,      b = -C - alpha~ lambda,
// one row per constraint, assembled generically over every constraint type listed in
// constraint_types.h (each type's arity, indices and evaluate give C and its gradients).
//
// Structure, built once per topology: the active rows (constraints with at least one
// particle of w > 0; unilateral and dense types are projected after the loop by
// MgpbdSolver, constraint_traits.h), their particles,
// the particle -> (row, slot) incidence, and A's CSR pattern (an entry for every pair of
// rows sharing a particle). With it a scatter table maps each (row, slot, incident row)
// product to its CSR offset, so the values are refilled in place, row-parallel and
// without atomics, every iteration. Eq. 5's dx = M^-1 grad C^T dlambda uses the same
// incidence, particle-parallel.
#include <cstdint>
#include <vector>

#include "sim/solvers/mgpbd/csr_matrix.h"

namespace sim {

class StepContext;

class DualSystem {
  public:
    // Rebuilds the structure when the world's topology version or its active row set
    // changed; returns true if it did (so the AMG hierarchy must be rebuilt too).
    bool update(const StepContext& ctx);
    // Evaluates C and grad C at world.particles.p and b = -C - alpha~ lambda (eq. 3); rows of
    // compliance 0 get alpha~ from MgpbdLinearSystem::hardRowRatio.
    void evaluate(const StepContext& ctx, Real dt, const Vector& lambda);
    // Fills A's values from the gradients of the last evaluate (row-parallel, in place).
    void fillMatrix(const StepContext& ctx);
    void assemble(const StepContext& ctx, Real dt, const Vector& lambda) {
        evaluate(ctx, dt, lambda);
        fillMatrix(ctx);
    }
    // dx_p = w_p sum_rows g_rp dlambda_r (eq. 5), for every particle.
    void positionDelta(const StepContext& ctx, const Vector& dlambda, std::vector<Vec3>& dx) const;
    // out[r] += grad C_r . v (grad C applied to a per-particle field; the primal residual's
    // share of b, see MgpbdLinearSystem::primalResidual).
    void addGradientTimes(const std::vector<Vec3>& v, Vector& out) const;

    // lambda per row to and from one array per constraint type in visitConstraints order
    // (GaussSeidelSolver's LambdaSet; 0 for constraints that are not rows).
    void scatterLambda(const Vector& lambda, std::vector<std::vector<Real>>& set) const;
    void gatherLambda(const std::vector<std::vector<Real>>& set, Vector& lambda) const;

    // B (rows x 6, column-major): column e is grad C (E_e x) for the six symmetric strain
    // fields E_e applied to the particles' current positions, from the last evaluate.
    void strainModes(const StepContext& ctx, std::vector<Real>& B) const;

    int rows() const { return A.rows; }
    // Gradient slots (one per particle of each row) and A's fill products: the sizes the
    // frame budget charges evaluate and fillMatrix by (mgpbd_work.h).
    int64_t slots() const { return static_cast<int64_t>(slotParticle_.size()); }
    int64_t fillProducts() const { return static_cast<int64_t>(scatter_.size()); }
    // Work of one evaluate (mgpbd_work.h units): per row, its slots times its type's cost
    // (an ARAP row's polar decomposition costs several times a distance row's).
    double evaluateWork() const { return evaluateWork_; }
    // The structure and the last evaluate's gradients, read by PrimalSystem.
    const std::vector<int64_t>& slotStart() const { return slotStart_; }
    const std::vector<int>& slotParticle() const { return slotParticle_; }
    const std::vector<int>& slotRow() const { return slotRow_; }
    const std::vector<int64_t>& incidenceStart() const { return incStart_; }
    const std::vector<int64_t>& incidenceSlot() const { return incSlot_; }
    const std::vector<Vec3>& gradients() const { return grad_; }
    uint64_t structureVersion() const { return structureVersion_; }
    CsrMatrix A;
    Vector b;
    Vector alphaTilde;  // per row, refreshed by assemble

  private:
    bool sameActiveSet(const StepContext& ctx) const;
    void build(const StepContext& ctx);
    // A's CSR pattern, the scatter table and the diagonal offsets, from the incidence.
    void buildPattern(int rowCount);

    uint64_t topologyVersion_ = ~uint64_t(0);
    uint64_t structureVersion_ = 0;  // bumped by every build
    int particleCount_ = -1;
    std::vector<std::vector<int>> rowOf_;  // per constraint type, per constraint: row or -1
    std::vector<int64_t> slotStart_;       // per row: first slot in slotParticle_/grad_
    std::vector<int> slotParticle_;
    std::vector<Vec3> grad_;         // per slot, refreshed by assemble
    std::vector<int64_t> incStart_;  // per particle: range in incSlot_
    std::vector<int64_t> incSlot_;   // global slot index of each incidence
    std::vector<int> slotRow_;
    std::vector<int64_t> scatterStart_;  // per slot: range in scatter_
    std::vector<int64_t> scatter_;       // CSR offset for (slot, incident slot)
    std::vector<int64_t> diag_;          // CSR offset of each row's diagonal
    double evaluateWork_ = 0;
    std::vector<int> rowsPerType_;  // Traits::rows per type, in rowOf_ order
};

}  // namespace sim
