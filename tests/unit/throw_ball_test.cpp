// The throw tool (sim/world/throw_ball.h): a ball thrown at hanging_cloth pushes it under
// every solver and stays finite; bad throws and one ball too many are refused, the world
// untouched.
#include "sim/world/throw_ball.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "sim/scenes/scene_table.h"
#include "sim/world/state_hash.h"
#include "sim/world/world.h"

namespace sim {
namespace {

TEST(ThrowBall, PushesTheClothUnderEverySolver) {
    for (SolverKind kind :
         {SolverKind::PBD, SolverKind::XPBD, SolverKind::HPBD, SolverKind::MGPBD}) {
        World thrown, still;
        for (World* w : {&thrown, &still}) {
            ASSERT_EQ(loadScene(*w, "hanging_cloth", 16), "");
            w->settings.solver = kind;
            for (int f = 0; f < 90; ++f) w->step();  // hanging
        }
        // From 0.5 m in front of the sheet's middle particle (row 8, column 8 of the 17 x 17
        // grid), straight at it along the normal of the sheet's corner.
        const Particles& P = thrown.particles;
        const Vec3 c = P.x[8 * 17 + 8];
        Vec3 n = (P.x[1] - P.x[0]).cross(P.x[17] - P.x[0]).normalized();
        const int bodies = static_cast<int>(thrown.rigid.bodies.size());
        ASSERT_EQ(throwBall(thrown, c + 0.5 * n, -n), "");
        ASSERT_EQ(static_cast<int>(thrown.rigid.bodies.size()), bodies + 1);
        // The farthest any particle gets from where the same cloth without the ball is.
        Real pushed = 0;
        for (int f = 0; f < 30; ++f) {
            thrown.step();
            still.step();
            for (int i = 0; i < P.size(); ++i)
                pushed = std::max(pushed, (P.x[i] - still.particles.x[i]).norm());
        }
        EXPECT_GT(pushed, 0.05) << solverName(kind);
        for (int i = 0; i < P.size(); ++i) ASSERT_TRUE(P.x[i].allFinite()) << solverName(kind);
        EXPECT_TRUE(thrown.rigid.bodies.back().x.allFinite());
    }
}

TEST(ThrowBall, RefusesNoDirectionAndTooManyBalls) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 8), "");
    const uint64_t before = stateHash(world);
    EXPECT_NE(throwBall(world, Vec3(0, 1, 2), Vec3::Zero()), "");
    EXPECT_NE(throwBall(world, Vec3(0, 1, 2), Vec3(NAN, 0, 0)), "");
    EXPECT_EQ(stateHash(world), before);
    for (int k = 0; k < kMaxThrownBalls; ++k)
        ASSERT_EQ(throwBall(world, Vec3(k, 5, 2), Vec3(0, 0, -1)), "");
    const size_t bodies = world.rigid.bodies.size();
    const std::string refused = throwBall(world, Vec3(0, 5, 2), Vec3(0, 0, -1));
    EXPECT_NE(refused.find("at most"), std::string::npos) << refused;
    EXPECT_EQ(world.rigid.bodies.size(), bodies);
}

}  // namespace
}  // namespace sim
