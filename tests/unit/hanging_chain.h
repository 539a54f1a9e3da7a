#pragma once
// A chain of particles hanging at rest length straight down from a pinned particle at the
// origin, each link a distance constraint: the analytic compliance tests' set-up (Hooke's law
// on each link at rest), shared by the solvers that must meet it.
#include "sim/constraints/distance.h"
#include "sim/world/world.h"

namespace sim::test {

struct HangingChain {
    int links = 3;
    Real mass = 0.1;    // [kg] each hanging particle
    Real alpha = 1e-2;  // [m/N] each link's compliance
    Real rest = 0.2;    // [m] each link's rest length

    // Builds it into an empty world; the links alone hold it (no tethers), damped.
    void build(World& world) const {
        world.settings.stretch.compliance = alpha;
        world.settings.damping = 0.05;  // damps the bounce; at rest it acts on nothing
        world.settings.tethers = false;
        world.particles.add(Vec3::Zero(), mass);
        world.particles.setPinned(0, true);
        for (int k = 1; k <= links; ++k) {
            world.particles.add(Vec3(0, -rest * k, 0), mass);
            DistanceConstraint c;
            c.i = k - 1;
            c.j = k;
            c.restLength = rest;
            world.constraints.distance.push_back(c);
        }
        world.bumpTopology();
    }
    // What link k (from the top, 1-based) stretches by at rest: alpha times its load.
    Real expectedStretch(int k, Real gravity) const {
        return alpha * (links - k + 1) * mass * gravity;
    }
    Real stretch(const World& world, int k) const {
        return (world.particles.x[k] - world.particles.x[k - 1]).norm() - rest;
    }
};

}  // namespace sim::test
