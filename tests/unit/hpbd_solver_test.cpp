// HPBD solve (Müller 2008 §7-§9): coarse constraints never push, the hierarchy cuts the
// stretch of a hanging cloth at equal fine iterations in both projection modes, pins hold,
// settings are validated, and the app's parameter list and debug view work.
#include "sim/solvers/hpbd/hpbd_solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "sim/core/params.h"
#include "sim/solvers/hpbd/hpbd_settings.h"
#include "sim/world/cloth_builder.h"
#include "sim/world/metrics.h"
#include "sim/world/world.h"

using namespace sim;

namespace {

// A cloth of quads x quads hanging from its top edge (row 0 pinned), as in Fig. 3.
World hangingCloth(int quads, SolverKind kind, int iterations, int levels) {
    World world;
    GridSpec spec;
    spec.cols = spec.rows = quads;
    spec.origin = Vec3(-0.5, 2.0, 0.0);
    spec.uAxis = Vec3::UnitX();
    spec.vAxis = -Vec3::UnitY();
    EXPECT_EQ(addCloth(world, makeGridMesh(spec), ClothOptions{}), "");
    for (int c = 0; c <= quads; ++c) world.pin(gridIndex(spec, 0, c), true);
    // Shuffled, so that no sweep direction follows gravity (the grid's row order would).
    std::mt19937 rng(3);
    std::shuffle(world.constraints.distance.begin(), world.constraints.distance.end(), rng);
    std::shuffle(world.constraints.bending.begin(), world.constraints.bending.end(), rng);
    world.bumpTopology();
    world.settings.iterations = iterations;
    world.settings.block<sim::HpbdSettings>().levels = levels;
    world.settings.solver = kind;
    world.setSolver(kind);
    return world;
}

// Max over coarse constraints of C = |p_i - p_j| - l.
Real maxCoarseStretch(const World& world, const Hierarchy& h) {
    Real worst = -1e300;
    for (int l = 1; l <= h.coarseLevels(); ++l)
        for (const CoarseConstraint& c : h.levels[l].constraints)
            worst = std::max(
                worst, (world.particles.p[c.i] - world.particles.p[c.j]).norm() - c.restLength);
    return worst;
}

struct CountingDraw : DebugDraw {
    int lines = 0, points = 0;
    void line(const Vec3&, const Vec3&, DebugColor) override { ++lines; }
    void point(const Vec3&, float, DebugColor) override { ++points; }
};

}  // namespace

TEST(HpbdSolver, CoarseConstraintsNeverPush) {
    for (ProjectionMode mode : {ProjectionMode::Stiffness, ProjectionMode::Compliance}) {
        World world = hangingCloth(16, SolverKind::HPBD, 0, 4);
        world.settings.block<sim::HpbdSettings>().projection = mode;
        world.settings.stretch.compliance = 1e-6;
        auto& solver = dynamic_cast<HpbdSolver&>(world.solver());
        // Compress the cloth to 70 %: every coarse constraint is slack, so a pass with no
        // fine iterations must leave every position exactly where it was.
        for (Vec3& p : world.particles.p) p *= 0.7;
        const std::vector<Vec3> before = world.particles.p;
        solver.solve(world.context(), world.settings.substepDt());
        ASSERT_GE(solver.hierarchy().coarseLevels(), 2);
        EXPECT_LT(maxCoarseStretch(world, solver.hierarchy()), 0);
        for (int i = 0; i < world.particles.size(); ++i)
            ASSERT_EQ(world.particles.p[i], before[i]) << i;
        // Stretched to 130 % they pull: the worst coarse stretch shrinks.
        for (Vec3& p : world.particles.p) p *= 1.3 / 0.7;
        const Real stretched = maxCoarseStretch(world, solver.hierarchy());
        solver.solve(world.context(), world.settings.substepDt());
        EXPECT_LT(maxCoarseStretch(world, solver.hierarchy()), stretched);
    }
}

TEST(HpbdSolver, HierarchyCutsStretchAtEqualIterations) {
    for (ProjectionMode mode : {ProjectionMode::Stiffness, ProjectionMode::Compliance}) {
        Real strain[2];
        for (int levels : {0, 4}) {
            World world = hangingCloth(24, SolverKind::HPBD, 2, levels);
            world.settings.block<sim::HpbdSettings>().projection = mode;
            for (int f = 0; f < 120; ++f) world.step();
            strain[levels ? 1 : 0] = measure(world).maxStrain;
            for (int i = 0; i < world.particles.size(); ++i)
                ASSERT_TRUE(world.particles.x[i].allFinite());
        }
        EXPECT_LT(strain[1], 0.5 * strain[0])
            << "levels 0: " << strain[0] << " levels 4: " << strain[1];
    }
}

TEST(HpbdSolver, PinnedParticlesNeverMove) {
    World world = hangingCloth(16, SolverKind::HPBD, 2, 5);
    std::vector<Vec3> pinned;
    for (int c = 0; c <= 16; ++c) pinned.push_back(world.particles.x[c]);
    for (int f = 0; f < 60; ++f) world.step();
    for (int c = 0; c <= 16; ++c) EXPECT_EQ(world.particles.x[c], pinned[c]);
}

TEST(HpbdSolver, RebuildsWhenLevelsChange) {
    World world = hangingCloth(16, SolverKind::HPBD, 2, 1);
    world.step();
    auto& solver = dynamic_cast<HpbdSolver&>(world.solver());
    EXPECT_EQ(solver.hierarchy().coarseLevels(), 1);
    world.settings.block<sim::HpbdSettings>().levels = 3;
    world.step();
    EXPECT_EQ(solver.hierarchy().coarseLevels(), 3);
    world.settings.block<sim::HpbdSettings>().levels = 0;
    world.step();
    EXPECT_EQ(solver.hierarchy().coarseLevels(), 0);
}

TEST(HpbdSolver, InvalidSettingsNameTheField) {
    Settings s;
    EXPECT_EQ(s.validate(), "");
    s.block<sim::HpbdSettings>().parents = 0;
    EXPECT_NE(s.validate().find("'hpbd-parents' = 0"), std::string::npos) << s.validate();
    World world = hangingCloth(8, SolverKind::HPBD, 2, 3);
    const Vec3 before = world.particles.x[20];
    world.settings.block<sim::HpbdSettings>().levels = -1;
    EXPECT_THROW(world.step(), std::invalid_argument);
    EXPECT_EQ(world.particles.x[20], before);
}

TEST(HpbdSolver, ParametersPointIntoSettingsAndShowLevelDraws) {
    World world = hangingCloth(16, SolverKind::HPBD, 2, 3);
    // The table's show-level parameter writes HPBD's field.
    ASSERT_EQ(setParam(world.settings, "hpbd-show-level", "2"), "");
    EXPECT_EQ(world.settings.block<sim::HpbdSettings>().showLevel, 2);
    world.settings.block<sim::HpbdSettings>().showLevel = 0;
    world.step();
    CountingDraw off;
    world.solver().debugDraw(world.particles, world.settings, off);
    EXPECT_EQ(off.lines + off.points, 0);
    world.settings.block<sim::HpbdSettings>().showLevel = 1;
    CountingDraw draw;
    world.solver().debugDraw(world.particles, world.settings, draw);
    const auto& h = dynamic_cast<HpbdSolver&>(world.solver()).hierarchy();
    EXPECT_EQ(draw.lines, static_cast<int>(h.levels[1].constraints.size()));
    EXPECT_EQ(draw.points, static_cast<int>(h.levels[1].particles.size()));
}

// The checkpoint as a record (what a state file stores) reads back to the same hierarchy, and
// a record that is not one HPBD could have written is refused naming what is wrong.
TEST(HpbdSolver, CheckpointRecordReadsBackAndBadOnesAreNamed) {
    World world = hangingCloth(8, SolverKind::HPBD, 2, 2);
    world.step();
    const auto taken = world.solver().checkpoint(world.topologyChanges());
    ASSERT_TRUE(taken);
    const CheckpointRecord record = taken->record();
    EXPECT_EQ(record.solver, "hpbd");
    const int n = world.particles.size();
    std::string error;
    const auto read = world.solver().readCheckpoint(record, n, error);
    ASSERT_TRUE(read) << error;
    const Hierarchy& a = static_cast<const HpbdCheckpoint&>(*taken).hierarchy;
    const Hierarchy& b = static_cast<const HpbdCheckpoint&>(*read).hierarchy;
    ASSERT_EQ(a.levels.size(), b.levels.size());
    EXPECT_GE(a.coarseLevels(), 1);
    EXPECT_EQ(a.levelOf, b.levelOf);
    EXPECT_EQ(a.childSlot, b.childSlot);
    for (size_t l = 0; l < a.levels.size(); ++l) {
        EXPECT_EQ(a.levels[l].parents, b.levels[l].parents) << "level " << l;
        EXPECT_EQ(a.levels[l].weights, b.levels[l].weights) << "level " << l;
        ASSERT_EQ(a.levels[l].constraints.size(), b.levels[l].constraints.size());
        for (size_t k = 0; k < a.levels[l].constraints.size(); ++k)
            EXPECT_EQ(a.levels[l].constraints[k].restLength, b.levels[l].constraints[k].restLength);
    }
    const auto refused = [&](const CheckpointRecord& bad) {
        std::string why;
        EXPECT_FALSE(world.solver().readCheckpoint(bad, n, why));
        return why;
    };
    CheckpointRecord outOfRange = record;
    outOfRange.ints["level 1 parents"].assign(1, n);  // no such particle
    EXPECT_NE(refused(outOfRange).find("'level 1 parents' value 0"), std::string::npos)
        << refused(outOfRange);
    CheckpointRecord missing = record;
    missing.ints.erase("level_of");
    EXPECT_EQ(refused(missing), "no 'level_of'");
    CheckpointRecord shortWeights = record;
    ASSERT_FALSE(shortWeights.reals["level 0 weights"].empty());
    shortWeights.reals["level 0 weights"].pop_back();
    EXPECT_NE(refused(shortWeights).find("'level 0 weights' holds"), std::string::npos);
    std::string why;
    EXPECT_FALSE(createSolver(SolverKind::PBD)->readCheckpoint(record, n, why));
    EXPECT_EQ(why, "pbd keeps no checkpoint");
}
