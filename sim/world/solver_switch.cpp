#include "sim/world/solver_switch.h"

#include <algorithm>
#include <cstring>

#include "sim/solvers/solver.h"
#include "sim/world/world.h"

namespace sim {

namespace {

Real smoothstep(Real t) {
    t = std::clamp(t, Real(0), Real(1));
    return t * t * (3 - 2 * t);
}

}  // namespace

Real SolverCrossfade::weight() const {
    return previous_ ? smoothstep(elapsed_ / std::max(duration, Real(1e-9))) : Real(1);
}

void SolverCrossfade::begin(std::unique_ptr<Solver> previous, const Solver& next,
                            const World& world) {
    // A second switch mid-ramp: the solver that weighs more stays the one handed over from.
    if (previous_ && weight() < 0.5) previous = std::move(previous_);
    reset();
    // Nothing has moved yet (a scene's own solver set at load), or no change of kind.
    if (!previous || world.frame() == 0 || duration <= 0 ||
        std::strcmp(previous->name(), next.name()) == 0)
        return;
    previous_ = std::move(previous);
}

void SolverCrossfade::reset() {
    previous_.reset();
    elapsed_ = 0;
    firstGap_ = 0;
    measured_ = false;
}

void SolverCrossfade::solve(World& world, Solver& current, Real dt) {
    if (!previous_) {
        current.solve(world.context(), dt);
        return;
    }
    std::vector<Vec3>& p = world.particles.p;
    predicted_ = p;  // same size every substep: no reallocation after the first
    previous_->solve(world.context(), dt);
    previousResult_.swap(p);
    p = predicted_;
    current.solve(world.context(), dt);
    elapsed_ += dt;
    const size_t n = std::min(p.size(), previousResult_.size());
    if (!measured_) {
        // The gap an instant switch would apply, against the substep's own motion.
        const std::vector<Vec3>& x = world.particles.x;
        Real move = 0;
        for (size_t i = 0; i < n; ++i) {
            firstGap_ = std::max(firstGap_, (p[i] - previousResult_[i]).norm());
            move = std::max(move, (previousResult_[i] - x[i]).norm());
        }
        measured_ = true;
        // Small against the motion (the new solver keeps what the old one reached, e.g.
        // MGPBD -> PBD): hand over at once, and never run a slow previous solver for nothing.
        if (firstGap_ <= 0.5 * move) {
            previous_.reset();
            elapsed_ = 0;
            return;
        }
    }
    const Real s = weight();
    for (size_t i = 0; i < n; ++i) p[i] = previousResult_[i] + s * (p[i] - previousResult_[i]);
    if (elapsed_ >= duration) {
        previous_.reset();
        elapsed_ = 0;
    }
}

}  // namespace sim
