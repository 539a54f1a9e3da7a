// Issue 20: a scene's size is estimated before it is built; one past the memory limit is
// refused with the estimate and the override (--allow-large), in no time and before any
// allocation. The growth laws are checked against real builds here.
#include "sim/scenes/scene_budget.h"

#include <gtest/gtest.h>

#include "sim/scenes/scene_table.h"
#include "sim/world/world.h"

using namespace sim;

TEST(SceneBudgetSlow, EveryScenesEstimateMatchesItsBuild) {
    for (const SceneInfo& info : sceneTable()) {
        for (int res : {info.defaultResolution, std::max(2, info.defaultResolution / 2)}) {
            const SceneEstimate e = estimateScene(info.name, res);
            ASSERT_TRUE(e.known) << info.name << " has no growth law in scene_budget.cpp";
            World world;
            ASSERT_EQ(loadScene(world, info.name, {res}), "") << info.name;
            const double p = world.particles.size(),
                         c = static_cast<double>(world.constraints.size());
            EXPECT_GT(e.particles, 0.4 * p)
                << info.name << " res " << res << ": " << p << " particles";
            EXPECT_LT(e.particles, 2.5 * p + 10)
                << info.name << " res " << res << ": " << p << " particles";
            EXPECT_GT(e.constraints, 0.4 * c)
                << info.name << " res " << res << ": " << c << " constraints";
            EXPECT_LT(e.constraints, 2.5 * c + 10)
                << info.name << " res " << res << ": " << c << " constraints";
        }
    }
}

TEST(SceneBudget, TooLargeIsRefusedBeforeBuildingAndNamesTheOverride) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", {8}), "");
    const int before = world.particles.size();
    const std::string error = loadScene(world, "hanging_cloth", {2000});
    EXPECT_NE(error.find("scene 'hanging_cloth': resolution 2000 needs about 4.0 M particles"),
              std::string::npos)
        << error;
    EXPECT_NE(error.find("pass --allow-large"), std::string::npos) << error;
    // Refused before building: the running world is untouched (how long the refusal takes is
    // the bench's business, not a test's).
    EXPECT_EQ(world.particles.size(), before);
    EXPECT_EQ(checkSceneBudget("hanging_cloth", 2000, true), "");
    EXPECT_NE(checkSceneBudget("bar_twist", 4096, false), "");
    EXPECT_EQ(checkSceneBudget("hanging_cloth", 512, false), "");
}
