#pragma once
// Shared by the MGPBD benches: a scene advanced to a frame and stopped right before its
// solve (external forces, damping, prediction and contacts done), and that frame's first
// outer-iteration dual system A dlambda = b (lambda = 0), so that every solver and
// external tool sees exactly the same matrix.
#include <chrono>
#include <string>

#include "sim/solvers/mgpbd/dual_system.h"
#include "sim/world/world.h"

namespace bench {

using Clock = std::chrono::steady_clock;
inline double msSince(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// Loads `scene` at `res`, steps `frame` frames with its own solver, then runs the
// pre-solve stages of the next substep. Exits with a message on error.

sim::World worldBeforeSolve(const std::string& scene, int res, int frame);
// Runs the pre-solve stages (lines 5-8) of a substep on `world`.
void preSolveStages(sim::World& world);
// The first-iteration dual system of `world` as prepared by worldBeforeSolve.
void firstIterationSystem(sim::World& world, sim::DualSystem& system);

}  // namespace bench
