#pragma once
// The cloth of the HPBD paper's experiments (Müller 2008, Fig. 3, 6, 7): a regular grid of
// quads x quads quads, 1 m wide, hanging in the vertical plane from its pinned top edge.
#include <algorithm>
#include <random>

#include "sim/core/metrics.h"
#include "sim/core/world.h"
#include "sim/topology/cloth_builder.h"

namespace bench {

// The grid builder lists edges row by row from the pinned edge down, and a Gauss-Seidel sweep
// in that order carries the whole top-down correction in one pass — a best case no general
// mesh offers. Shuffled (fixed seed), no sweep direction follows gravity.
inline void shuffleConstraints(sim::World& world, unsigned seed) {
    std::mt19937 rng(seed);
    std::shuffle(world.constraints.distance.begin(), world.constraints.distance.end(), rng);
    std::shuffle(world.constraints.bending.begin(), world.constraints.bending.end(), rng);
    world.bumpTopology();
}

inline sim::World hpbdHangingCloth(int quads, bool bending, bool shuffled = true) {
    sim::World world;
    sim::GridSpec spec;
    spec.cols = spec.rows = quads;
    spec.origin = sim::Vec3(-0.5, 2.0, 0.0);
    spec.uAxis = sim::Vec3::UnitX();
    spec.vAxis = -sim::Vec3::UnitY();
    sim::ClothOptions options;
    options.bending = bending;
    sim::addCloth(world, sim::makeGridMesh(spec), options);
    for (int c = 0; c <= quads; ++c) world.pin(sim::gridIndex(spec, 0, c), true);
    if (shuffled) shuffleConstraints(world, 1);
    world.settings.trackResidual = false;
    return world;
}

// Configures `world` for HPBD with `levels` levels (0 = no hierarchy) or plain PBD.
inline void useSolver(sim::World& world, bool hpbd, int levels, int iterations) {
    world.settings.iterations = iterations;
    world.settings.hpbd.levels = levels;
    world.settings.solver = hpbd ? sim::SolverKind::HPBD : sim::SolverKind::PBD;
    world.setSolver(world.settings.solver);
}

}  // namespace bench
