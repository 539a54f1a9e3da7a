// The rigid_stack scene (slow: seconds per solver): the box dropped on the hammock bounces
// and settles, and the scene runs 1000 frames on every solver without NaN.
#include <gtest/gtest.h>

#include <cstdio>

#include "sim/scenes/scene_table.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/world/world.h"

using namespace sim;

// Must-show: the box dropped on the cloth hammock bounces back up and settles in it.
TEST(RigidSceneSlow, BoxOnHammockBouncesAndSettles) {
    World w;
    ASSERT_EQ(loadScene(w, "rigid_stack", {16}), "");
    const int box = static_cast<int>(w.rigid.bodies.size()) - 1;  // the hammock's box
    Real lowest = 1e9, bounce = 0, yMin = 1e9, yMax = -1e9, speed = 0;
    bool landed = false;
    for (int f = 0; f < 600; ++f) {
        w.step();
        const RigidBody& b = w.rigid.bodies[box];
        if (!w.rigid.triangleContacts.empty()) landed = true;
        if (landed) lowest = std::min(lowest, b.x.y()), bounce = std::max(bounce, b.v.y());
        if (f >= 500) {
            yMin = std::min(yMin, b.x.y()), yMax = std::max(yMax, b.x.y());
            speed = std::max(speed, b.v.norm());
        }
    }
    const RigidBody& b = w.rigid.bodies[box];
    std::printf(
        "hammock box: lowest %.3f m, bounce %.2f m/s up, frames 500-600: y in [%.4f, "
        "%.4f], |v| <= %.4f m/s, x %.3f\n",
        lowest, bounce, yMin, yMax, speed, b.x.x());
    EXPECT_TRUE(landed);
    EXPECT_GT(bounce, 0.5);         // thrown back up by the hammock
    EXPECT_GT(yMin, 0.5);           // held above the ground (resting on it: y = 0.1)
    EXPECT_LT(yMax - yMin, 0.005);  // settled
    EXPECT_LT(speed, 0.05);
    EXPECT_GT(b.x.x(), 0.2);  // still over the hammock (0 .. 1.6)
    EXPECT_LT(b.x.x(), 1.4);
}

// Was disabled on 6f447c9 (the hammock's box ended below 0.5 m on at least one solver, 412 s
// at load ~10). Passes on 1447810: 220 s at load ~4 beside a CI build.
TEST(RigidSceneSlow, ThousandFramesOnEverySolver) {
    for (SolverKind kind :
         {SolverKind::PBD, SolverKind::XPBD, SolverKind::HPBD, SolverKind::MGPBD}) {
        World w;
        ASSERT_EQ(loadScene(w, "rigid_stack", {16}), "");
        w.setSolver(kind);
        // MGPBD's full defaults take minutes here
        w.settings.block<sim::MgpbdSettings>().maxIterations = 3;
        w.settings.block<sim::MgpbdSettings>().system.pcgMaxIterations = 20;
        for (int f = 0; f < 1000; ++f) w.step();
        bool finite = true;
        for (int i = 0; i < w.particles.size(); ++i) finite &= w.particles.x[i].allFinite();
        for (const RigidBody& b : w.rigid.bodies)
            finite &= b.x.allFinite() && b.q.coeffs().allFinite();
        EXPECT_TRUE(finite) << solverName(kind);
        std::printf("%s: top box y %.4f m, hammock box y %.4f m\n", solverName(kind),
                    w.rigid.bodies[2].x.y(), w.rigid.bodies.back().x.y());
        // The stack still stands (top box at 0.75 m) and the hammock still holds its box.
        EXPECT_NEAR(w.rigid.bodies[2].x.y(), 0.75, 0.01) << solverName(kind);
        EXPECT_GT(w.rigid.bodies.back().x.y(), 0.5) << solverName(kind);
    }
}
