#pragma once
// Hierarchical Position Based Dynamics — Müller, "Hierarchical Position Based Dynamics",
// VRIPHYS 2008.
//
// Gauss-Seidel PBD propagates a correction one constraint per iteration, so a long cloth
// needs as many iterations as it has rows before gravity's stretch is removed. HPBD solves
// the same problem on a hierarchy of ever coarser particle systems (§6, hierarchy.h) and
// carries only the coarse *corrections* down (§8), so the fine detail is kept:
//
//   1. q <- p for every particle (the positions before the hierarchical pass).
//   2. For l = L .. 1 (coarsest first): project n times (passesPerLevel) every distance
//      constraint of level l — unilateral, acting only when stretched (§8) — plus the
//      cardinality-1 constraints (attachments, collision contacts) of level-l particles (§6.1).
//      Then move each fine particle i of level l-1 by eq. 7:
//          p_i <- p_i + sum_{j in P(i)} w_ij (p_j - q_j),
//      with the parent weights of eq. 6. Because q is the state before the whole pass, a
//      parent's p_j - q_j holds the corrections of every coarser level too.
//   3. Level 0 is the world's own constraints: settings.iterations Gauss-Seidel sweeps,
//      alternately forward and backward so the pass is symmetric (§9).
//
// Both projection modes work (HpbdSettings::projection): PBD stiffness with k' per
// §3.3, or XPBD compliance, where a coarse constraint's compliance is the sum of the fine
// edges it replaces (springs in series) and its multiplier is kept <= 0 (pull only).
//
// The hierarchy is rebuilt when the topology or the hierarchy settings change, except
// after particle splits alone (World::splitsSince), which it absorbs locally (§8,
// splitInHierarchy).
// Pinned particles (w = 0) are visited last by the cover (they tend to stay coarse) and are
// never moved by eq. 7.
#include <vector>

#include "sim/solvers/hpbd/hierarchy.h"
#include "sim/solvers/solver.h"
#include "sim/sweeps/sweeps.h"

namespace sim {

// HPBD's checkpoint: the hierarchy as built and patched, and the splits since (SolverCheckpoint).
struct HpbdCheckpoint final : SolverCheckpoint {
    Hierarchy hierarchy;
    const char* solver() const override { return "hpbd"; }
    CheckpointRecord record() const override;
};

// What the last HPBD solve ran on.
struct HpbdStats {
    int levels = 0;                // coarse levels solved (0: the fine level alone)
    size_t coarseConstraints = 0;  // constraints over those levels
};

template <class F>
void visitHpbdStats(const HpbdStats& s, F&& f) {
    f("levels", s.levels, "");
    f("coarse_constraints", static_cast<double>(s.coarseConstraints), "");
}

class HpbdSolver final : public Solver {
  public:
    const char* name() const override { return "hpbd"; }
    std::shared_ptr<const SolverCheckpoint> checkpoint(
        std::span<const TopologyChange> changes) const override;
    void resume(const SolverCheckpoint& checkpoint, const StepContext& ctx) override;
    std::shared_ptr<const SolverCheckpoint> readCheckpoint(const CheckpointRecord& record,
                                                           int particles,
                                                           std::string& error) const override;
    void solve(const StepContext& ctx, Real dt) override;
    void debugDraw(const Particles& particles, const Settings& settings,
                   DebugDraw& draw) const override;

    // Builds the hierarchy from the world now (the solve does this when needed).
    void rebuild(const StepContext& ctx);
    // Uses a hierarchy built elsewhere (e.g. buildGridHierarchy, Fig. 6) for the world's
    // current topology and hierarchy settings; a later change rebuilds with the general builder.
    void setHierarchy(Hierarchy hierarchy, const StepContext& ctx);
    const Hierarchy& hierarchy() const { return hierarchy_; }
    const HpbdStats& hpbdStats() const { return hpbdStats_; }

  private:
    void ensureHierarchy(const StepContext& ctx);
    void solveLevel(const StepContext& ctx, int level, Real dt);
    void prolong(const StepContext& ctx, int level);  // eq. 7 into the fine particles of `level`

    Hierarchy hierarchy_;
    bool built_ = false;
    uint64_t builtVersion_ = 0;
    HpbdSettings builtWith_;
    std::vector<Vec3> q_;                          // positions before the hierarchical pass
    std::vector<std::vector<Real>> coarseLambda_;  // XPBD multipliers per level
    LambdaSet lambdas_;                            // level 0 (the world's constraints)
    SweepOrder order_;                             // level 0's round order (sweep_order.h)
    HpbdStats hpbdStats_;
};

}  // namespace sim
