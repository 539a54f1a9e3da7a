// Issue 20: the --stats crossing check costs no more than about the step it checks: its work
// per frame is bounded however violent the motion, and ordinary frames are still counted
// exactly (the same count as the unbounded CrossingCounter of ccd.h).
#include <gtest/gtest.h>

#include <chrono>
#include <random>

#include "sim/collision/ccd.h"
#include "sim/scenes/scene_table.h"
#include "sim/world/checks.h"
#include "sim/world/world.h"
#include "tests/unit/random_draws.h"

using namespace sim;

TEST(CrossingCheck, OrdinaryFramesAreCountedExactly) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", {32}), "");
    // The paper's plain PBD (no self collision, no tethers): the sheet folds through itself.
    world.settings.iterations = 10;
    world.settings.tethers = false;
    CrossingMonitor bounded;
    CrossingCounter exact;
    bounded.update(world);
    std::vector<Vec3> previous = world.particles.x;
    int a = 0, b = 0;
    for (int f = 0; f < 100; ++f) {
        world.step();
        a += bounded.update(world);
        b += exact.count(previous, world.particles.x, world.triangles);
        previous = world.particles.x;
    }
    EXPECT_EQ(bounded.truncatedUpdates(), 0);
    EXPECT_EQ(a, b);
    EXPECT_GT(a, 0);  // the sheet does pass through itself here
}

TEST(CrossingCheck, ViolentMotionIsBoundedAndFlagged) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", {64}), "");
    world.settings.iterations = 1;
    CrossingMonitor monitor;
    monitor.update(world);
    // Every particle jumps anywhere in a 2 m box: every swept box meets most triangles
    // (the unbounded counter tests ~n x m pairs here).
    std::mt19937 rng(1);
    std::uniform_real_distribution<double> u(-1, 1);
    for (Vec3& x : world.particles.x) x = drawVec3(u, rng) + Vec3(0, 1, 0);
    const auto start = std::chrono::steady_clock::now();
    monitor.update(world);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    EXPECT_TRUE(monitor.truncated());
    const long elements = world.particles.size() + static_cast<long>(world.triangles.size());
    const long budget =
        std::max(CrossingMonitor::kFloorPerElement * elements,
                 CrossingMonitor::kPerProjection *
                     static_cast<long>(world.constraints.size() + world.particles.size()));
    // At most one vertex's worth past the budget.
    EXPECT_LE(monitor.lastWork(), budget + (1 + CrossingMonitor::kExactCost) *
                                               static_cast<long>(world.triangles.size()));
    std::printf("violent frame: work %ld (budget %ld), %.1f ms\n", monitor.lastWork(), budget, ms);
}

TEST(CrossingCheck, ViolentEdgeMotionIsBoundedAndFlagged) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", {64}), "");
    EdgeCrossingMonitor monitor;
    EXPECT_EQ(monitor.update(world), 0);
    world.step();
    EXPECT_EQ(monitor.update(world), 0);  // an ordinary frame: counted exactly, none
    EXPECT_EQ(monitor.truncatedUpdates(), 0);
    // Every particle jumps anywhere in a 2 m box: the exact tests stop at their cap.
    std::mt19937 rng(1);
    std::uniform_real_distribution<double> u(-1, 1);
    for (Vec3& x : world.particles.x) x = drawVec3(u, rng) + Vec3(0, 1, 0);
    EXPECT_GT(monitor.update(world), 0);
    EXPECT_EQ(monitor.truncatedUpdates(), 1);
}
