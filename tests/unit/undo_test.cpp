// Undo and reset by snapshots (issue 17): a knife cut, a pin and a tear are undone back to
// the state hash from before them; reset returns to the loaded scene's state, and a world
// reset and run again reaches the hash of a fresh load run as long.
#include <gtest/gtest.h>
#include <omp.h>

#include "sim/scenes/scene_table.h"
#include "sim/world/checks.h"
#include "sim/world/cut.h"
#include "sim/world/state_hash.h"
#include "sim/world/undo_stack.h"

using namespace sim;

namespace {

KnifeStroke acrossTheMiddle(const World& world) {
    Real top = -1e9, bottom = 1e9;
    for (const Vec3& x : world.particles.x)
        top = std::max(top, x.y()), bottom = std::min(bottom, x.y());
    const Real y = 0.5 * (top + bottom);
    return {Vec3(0, y, 5), Vec3(-2, y, 0), Vec3(2, y, 0)};
}

}  // namespace

TEST(Undo, CutThenUndoRestoresTheStateHash) {
    omp_set_num_threads(1);
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 16), "");
    for (int f = 0; f < 60; ++f) world.step();
    UndoStack undo;
    const std::string before = stateHashText(world);
    const int particles = world.particles.size();
    undo.push(world, "cut");
    ASSERT_GT(cutAlongStroke(world, acrossTheMiddle(world)), 0);
    ASSERT_EQ(countComponents(world), 2);
    ASSERT_NE(stateHashText(world), before);
    EXPECT_EQ(undo.nextLabel(), "cut");
    ASSERT_TRUE(undo.undo(world));
    EXPECT_EQ(stateHashText(world), before);
    EXPECT_EQ(world.particles.size(), particles);
    EXPECT_EQ(countComponents(world), 1);
    EXPECT_FALSE(undo.undo(world));             // nothing left
    for (int f = 0; f < 30; ++f) world.step();  // and it runs on
    EXPECT_TRUE(world.particles.x[0].allFinite());
}

TEST(Undo, UndoOfAPinAndAnUndoneRunEqualsOneThatNeverHadIt) {
    omp_set_num_threads(1);
    World a, b;
    ASSERT_EQ(loadScene(a, "hanging_cloth", 8), "");
    ASSERT_EQ(loadScene(b, "hanging_cloth", 8), "");
    for (int f = 0; f < 20; ++f) a.step(), b.step();
    UndoStack undo;
    undo.push(a, "pin");
    a.pin(40, true);
    ASSERT_TRUE(undo.undo(a));
    for (int f = 0; f < 40; ++f) a.step(), b.step();
    EXPECT_EQ(stateHashText(a), stateHashText(b));
}

TEST(Undo, ARipIsOneUndoEntry) {
    omp_set_num_threads(1);
    World world;
    ASSERT_EQ(loadScene(world, "tearable_cloth", 27), "");
    UndoStack undo;
    std::string beforeTear;
    std::vector<long> tearFrames;
    for (int f = 0; f < 200 && tearFrames.size() < 4; ++f) {
        undo.beforeStep(world);
        const std::string hash = stateHashText(world);
        const int n = world.particles.size();
        world.step();
        undo.afterStep(world);
        if (world.particles.size() == n) continue;
        if (tearFrames.empty()) beforeTear = hash;
        tearFrames.push_back(f);
    }
    ASSERT_GE(tearFrames.size(), 2u) << "tearable_cloth did not tear repeatedly";
    for (size_t k = 1; k < tearFrames.size(); ++k)
        ASSERT_LE(tearFrames[k] - tearFrames[k - 1], kTearMergeFrames);
    ASSERT_EQ(undo.size(), 1u) << "the tears of one rip are one entry";
    EXPECT_EQ(undo.nextLabel(), "tear");
    ASSERT_TRUE(undo.undo(world));
    EXPECT_EQ(stateHashText(world), beforeTear);
    undo.push(world, "pin");  // a later edit is an entry of its own
    world.pin(5, true);
    EXPECT_EQ(undo.nextLabel(), "pin");
}

TEST(Undo, ResetReturnsToTheLoadedStateAndRunsLikeAFreshLoad) {
    omp_set_num_threads(1);
    for (SolverKind kind : {SolverKind::HPBD, SolverKind::MGPBD}) {
        World world, fresh;
        ASSERT_EQ(loadScene(world, "hanging_cloth", 8), "");
        ASSERT_EQ(loadScene(fresh, "hanging_cloth", 8), "");
        world.setSolver(kind);
        fresh.setSolver(kind);
        UndoStack undo;
        undo.setResetPoint(world);
        const std::string start = stateHashText(world);
        for (int f = 0; f < 25; ++f) world.step();  // past MGPBD's setup at frame 20
        ASSERT_TRUE(undo.reset(world));
        EXPECT_EQ(stateHashText(world), start);
        EXPECT_EQ(world.frame(), 0);
        for (int f = 0; f < 22; ++f) world.step(), fresh.step();
        EXPECT_EQ(stateHashText(world), stateHashText(fresh)) << solverName(kind);
    }
}

TEST(Undo, CapacityKeepsTheNewestEntries) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 4), "");
    UndoStack undo(2);
    for (int i = 0; i < 4; ++i) {
        undo.push(world, "pin " + std::to_string(i));
        world.pin(i, true);
    }
    EXPECT_EQ(undo.size(), 2u);
    ASSERT_TRUE(undo.undo(world));
    EXPECT_TRUE(world.particles.pinned[2]);
    EXPECT_FALSE(world.particles.pinned[3]);
    ASSERT_TRUE(undo.undo(world));
    EXPECT_FALSE(world.particles.pinned[2]);
    EXPECT_TRUE(world.particles.pinned[1]);  // older than the capacity: kept
}
