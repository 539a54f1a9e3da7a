#pragma once
// Chains of distance constraints that continue each other in a straight line at rest: a grid
// cloth's rows, columns and diagonals. A Gauss-Seidel sweep can project a chain's rows
// together (line relaxation, a block Gauss-Seidel whose blocks are lines): the chain's
// J W J^T is tridiagonal, so its local Newton step (XPBD eq. 18 over the chain's rows) costs a
// Thomas solve, about what projecting its edges one by one costs. One block step moves the
// whole line at once, where a point sweep passes a correction on by one edge per sweep; a
// sheet hanging from two corners carries its weight to the pins along such lines.
//
// Used by MGPBD's budget sweeps with MgpbdFallbackSweeps::lines. On a hanging sheet they leave
// far less strain than point sweeps for about the same time; on contact scenes they give
// worse one-frame peaks at impacts (docs/notes/accelerated-sweeps.md).
//
// Derived from topology and the rest positions: rebuilt when the world's topology version or
// the distance array's size changes.
#include <cstdint>
#include <span>
#include <vector>

#include "sim/constraints/distance.h"
#include "sim/constraints/projection.h"
#include "sim/core/particles.h"

namespace sim {

class StepContext;

class EdgeChains {
  public:
    // Brings the chains up to date with the world's distance constraints (cheap when they are).
    void update(const StepContext& ctx);
    // Builds them from scratch: two edges continue each other through a shared particle when
    // their rest directions from it are opposite within kStraight; each particle pairs its most
    // nearly opposite edges first. Chains have at least two edges and never revisit a particle.
    void build(const Particles& particles, const std::vector<DistanceConstraint>& distance);

    std::size_t count() const { return start_.empty() ? 0 : start_.size() - 1; }
    // Chain `c`'s distance constraints in order, and its particles (one more: edge k joins
    // particles k and k + 1).
    std::span<const uint32_t> edges(std::size_t c) const {
        return {edge_.data() + start_[c], start_[c + 1] - start_[c]};
    }
    std::span<const int> particles(std::size_t c) const {
        return {node_.data() + start_[c] + c, start_[c + 1] - start_[c] + 1};
    }
    // Whether distance constraint `c` belongs to a chain (the sweep projects it there).
    bool contains(std::size_t c) const { return c < inChain_.size() && inChain_[c]; }
    // Distance constraints in chains, of `distanceCount()` in all.
    std::size_t chainedEdges() const { return edge_.size(); }
    std::size_t distanceCount() const { return inChain_.size(); }
    // Per particle: 1 where a chain passes through it.
    const std::vector<uint8_t>& onChain() const { return onChain_; }
    // One block projection of chain `chain`'s rows, in the sweep's mode; lambda: one per
    // distance constraint (XPBD), unused in stiffness mode.
    void project(std::size_t chain, Particles& P, const std::vector<DistanceConstraint>& distance,
                 const ProjectionParams& params, Real* lambda) const;

    static constexpr Real kStraight = -0.999;  // cosine between the two rest directions

  private:
    std::vector<uint32_t> start_;  // chain c: edges edge_[start_[c], start_[c + 1])
    std::vector<uint32_t> edge_;   // distance constraint indices, in order along each chain
    std::vector<int> node_;        // chain c's particles: node_[start_[c] + c ...], one more
    std::vector<uint8_t> inChain_;
    std::vector<uint8_t> onChain_;
    uint64_t version_ = ~uint64_t{0};
    std::size_t size_ = 0;
};

}  // namespace sim
