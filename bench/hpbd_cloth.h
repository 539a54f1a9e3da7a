#pragma once
// The cloth of the HPBD paper's experiments (Müller 2008, Fig. 3, 6, 7): a regular grid of
// quads x quads quads, 1 m wide, hanging in the vertical plane from its pinned top edge.
#include <algorithm>
#include <random>

#include "sim/solvers/hpbd/grid_hierarchy.h"
#include "sim/solvers/hpbd/hpbd_settings.h"
#include "sim/solvers/hpbd/hpbd_solver.h"
#include "sim/world/cloth_builder.h"
#include "sim/world/metrics.h"
#include "sim/world/world.h"

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

inline sim::GridSpec hpbdClothGrid(int quads) {
    sim::GridSpec spec;
    spec.cols = spec.rows = quads;
    spec.origin = sim::Vec3(-0.5, 2.0, 0.0);
    spec.uAxis = sim::Vec3::UnitX();
    spec.vAxis = -sim::Vec3::UnitY();
    return spec;
}

inline sim::World hpbdHangingCloth(int quads, bool bending, bool shuffled = true) {
    sim::World world;
    const sim::GridSpec spec = hpbdClothGrid(quads);
    sim::ClothOptions options;
    options.bending = bending;
    sim::addCloth(world, sim::makeGridMesh(spec), options);
    for (int c = 0; c <= quads; ++c) world.pin(sim::gridIndex(spec, 0, c), true);
    if (shuffled) shuffleConstraints(world, 1);
    world.settings.trackResidual = false;
    return world;
}

// How the benches build the hierarchy: the general builder with geodesic or rest-pose coarse
// lengths (§6.3), or the direct grid hierarchy of Fig. 6.
enum class HierarchyChoice { Geodesic, RestPose, Grid };

inline bool parseHierarchyChoice(const std::string& name, HierarchyChoice& out) {
    if (name == "geodesic")
        out = HierarchyChoice::Geodesic;
    else if (name == "rest-pose")
        out = HierarchyChoice::RestPose;
    else if (name == "grid")
        out = HierarchyChoice::Grid;
    else
        return false;
    return true;
}

inline const char* hierarchyChoiceName(HierarchyChoice c) {
    return c == HierarchyChoice::Geodesic   ? "general builder, geodesic lengths"
           : c == HierarchyChoice::RestPose ? "general builder, rest-pose lengths"
                                            : "grid builder (Fig. 6)";
}

// Configures `world` (a cloth of `quads` from hpbdHangingCloth) for HPBD with `levels`
// levels (0 = no hierarchy) or plain PBD.
inline void useSolver(sim::World& world, bool hpbd, int levels, int iterations, int quads = 0,
                      HierarchyChoice choice = HierarchyChoice::Geodesic) {
    world.settings.iterations = iterations;
    world.settings.block<sim::HpbdSettings>().levels = levels;
    world.settings.block<sim::HpbdSettings>().restPoseLengths = choice != HierarchyChoice::Geodesic;
    world.settings.solver = hpbd ? sim::SolverKind::HPBD : sim::SolverKind::PBD;
    world.setSolver(world.settings.solver);
    if (hpbd && choice == HierarchyChoice::Grid)
        static_cast<sim::HpbdSolver&>(world.solver())
            .setHierarchy(sim::buildGridHierarchy(world.particles.x, hpbdClothGrid(quads), 0,
                                                  world.settings.block<sim::HpbdSettings>()),
                          world.context());
}

}  // namespace bench
