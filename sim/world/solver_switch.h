#pragma once
// Switching solver while the world moves, without a jump (issue 14 item 6).
//
// Lambdas start from zero every substep in all four solvers, so no multiplier or warm-start
// state crosses a switch. What does: the solvers stop at different errors. PBD with 10
// iterations leaves a hanging 33x33 cloth stretched by metres in total, HPBD and MGPBD
// leave it nearly inextensible, XPBD in between. The new solver's first substep removes
// (or lets in) that whole difference at once, and the velocity update v = (p - x)/dt turns
// it into velocity: a dragged cloth switched from PBD to MGPBD jumps several times as far in
// the switch frame as in the frame before, and gains kinetic energy with it.
//
// So the switch hands over gradually: for `duration` simulated seconds both solvers solve
// each substep from the same predicted positions, and the substep keeps
//     p = (1 - s) p_previous + s p_new,   s = smoothstep(elapsed / duration),
// a convex blend, so contacts either solver resolved against a convex collider stay
// resolved. s' = 0 at the switch, so the switch frame moves like the frame before it, and
// the gap closes over the ramp at a rate the cloth can follow. When the first substep's gap
// is at most half of the substep's own motion (typically towards a less converged solver,
// which keeps what the other reached), the switch is made at once: it cannot jump, and a
// slow previous solver (MGPBD) does not keep running. Otherwise a crossfaded substep costs
// both solvers; the ramp is in simulated time, never wall time, so runs stay deterministic.
// No crossfade before the first step (a scene's solver set at load) or between two solvers
// of one kind.
#include <memory>
#include <vector>

#include "sim/core/types.h"

namespace sim {

class Solver;
class World;

class SolverCrossfade {
  public:
    static constexpr Real kDefaultDuration = 0.25;  // [s] of simulated time

    // Hands over from `previous` (the solver that ran the last substep) to the one the
    // world now holds. Keeps an unfinished crossfade's own previous solver if that one
    // still weighs more (a second switch mid-ramp).
    void begin(std::unique_ptr<Solver> previous, const Solver& next, const World& world);
    // The solve stage of one substep: `current` alone, or both blended while crossfading.
    void solve(World& world, Solver& current, Real dt);
    void reset();
    bool active() const { return previous_ != nullptr; }
    // Blend weight of the new solver at the end of the last substep (1 when none).
    Real weight() const;
    // Largest |p_new - p_previous| over particles in the first crossfaded substep [m]: the
    // jump an instant switch would have made (a measurement for tests and the log).
    Real firstGap() const { return firstGap_; }

    Real duration = kDefaultDuration;

  private:
    std::unique_ptr<Solver> previous_;
    Real elapsed_ = 0;
    Real firstGap_ = 0;
    bool measured_ = false;
    std::vector<Vec3> predicted_, previousResult_;
};

}  // namespace sim
