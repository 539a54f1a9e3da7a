#pragma once
// The particle hierarchy of HPBD (Müller 2008, §6): level 0 is the world's particles and
// distance constraints; each coarser level keeps a proper subset of the finer level's
// particles and its own unilateral distance constraints. Every particle of level l that is
// not on level l+1 (a "fine" particle of level l) links to its parents — its coarse
// neighbours on level l — with the weights of eq. 6, which eq. 7 uses to carry the coarse
// corrections down.
//
// Everything is flat arrays of world particle indices (CSR for the parent links), built when
// the topology changes and read by the solve without allocation.
#include <string>
#include <vector>

#include "sim/constraints/distance.h"
#include "sim/solvers/hpbd/hpbd_settings.h"

namespace sim {

// A coarse-level distance constraint; unilateral: it acts only when stretched (§8).
struct CoarseConstraint {
    int i = 0, j = 0;
    Real restLength = 0;
    Real complianceScale = 1;  // sum over the fine edges it replaces (springs in series)
};

struct HierarchyLevel {
    std::vector<int> particles;                 // world indices on this level
    std::vector<CoarseConstraint> constraints;  // level >= 1 only (level 0 = the world's own)
    // Parent links of this level's fine particles (those not on level + 1), CSR.
    std::vector<int> children;     // world indices
    std::vector<int> parentBegin;  // per child, first link in parents/weights
    std::vector<int> parentCount;  // per child; 0 once a split removed its links (§8)
    std::vector<int> parents;      // world indices of level + 1 particles
    std::vector<Real> weights;     // normalised eq. 6 weights, summing to 1 per child
};

struct Hierarchy {
    std::vector<HierarchyLevel> levels;  // levels[0] holds every particle
    std::vector<int> levelOf;            // per particle: the coarsest level that contains it
    std::vector<int> childSlot;          // per particle: index in levels[levelOf].children, or -1

    int coarseLevels() const { return levels.empty() ? 0 : static_cast<int>(levels.size()) - 1; }
    int particleCount() const { return static_cast<int>(levelOf.size()); }

    // Level 0 alone, holding particles 0..n-1: where both builders start.
    static Hierarchy finestOnly(int n) {
        Hierarchy h;
        h.levelOf.assign(n, 0);
        h.childSlot.assign(n, -1);
        h.levels.emplace_back();
        for (int i = 0; i < n; ++i) h.levels[0].particles.push_back(i);
        return h;
    }
};

// Which rest length a collapsed constraint gets (§6.3, Fig. 2). Geodesic: the sum of the rest
// lengths along a mesh path, taken as the shortest level-0 path between the endpoints (paths
// go around cuts); RestPose: the straight distance in the original pose.
enum class RestLengthRule { Geodesic, RestPose };

// The general builder (§6.2-6.3) for any distance-constraint graph. `rest` is the original
// pose; the greedy cover visits a maximal independent set of each level after the other
// particles, and particles flagged in `visitLast` (pinned, attached) last of all, so that
// these tend to stay coarse. On a regular grid of 2^n + 1 particles a side this gives the
// every-other-row-and-column hierarchy of Fig. 6.
Hierarchy buildHierarchy(const std::vector<Vec3>& rest,
                         const std::vector<DistanceConstraint>& edges,
                         const std::vector<uint8_t>& visitLast, const HpbdSettings& settings);

// Adds the parent links of level `level` (its particles not flagged in `coarse`): each fine
// particle's coarse neighbours along `edges`, weighted by eq. 6. Shared by both builders.
void linkParents(Hierarchy& h, int level, const std::vector<CoarseConstraint>& edges,
                 const std::vector<uint8_t>& coarse, const std::vector<Vec3>& rest, Real epsilon);

// §8: particle `original` was split and `duplicate` appended. Removes the parent links and
// coarse constraints of `original`, then of its parents, recursively up the hierarchy; the
// duplicate joins level 0 without parents.
void splitInHierarchy(Hierarchy& h, int original, int duplicate);

// Empty when the hierarchy is consistent, else the first violation: nested particle sets,
// constraint endpoints on their level, parents one level up, weights >= 0 summing to 1.
// With requireParents, every fine particle that has a neighbour must keep a parent.
std::string checkHierarchy(const Hierarchy& h, bool requireParents);

}  // namespace sim
