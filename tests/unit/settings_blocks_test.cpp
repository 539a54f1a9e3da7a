// A solver's settings block (Settings::block<T>, sim/core/settings.h): held by value, copied
// with the Settings, read as its defaults before it is written; and the parameter table's
// solver rows, which come from the solver list, reach each block by name.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "sim/core/params.h"
#include "sim/core/settings.h"
#include "sim/solvers/hpbd/hpbd_settings.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"

namespace sim {
namespace {

TEST(SettingsBlocks, UnwrittenBlockReadsAsItsDefaults) {
    const Settings settings;
    EXPECT_EQ(settings.block<HpbdSettings>().levels, HpbdSettings{}.levels);
    EXPECT_EQ(settings.block<MgpbdSettings>().frameBudgetMs, MgpbdSettings{}.frameBudgetMs);
}

TEST(SettingsBlocks, CopiesAreIndependent) {
    Settings a;
    a.block<HpbdSettings>().levels = 3;
    a.block<MgpbdSettings>().maxIterations = 7;
    Settings b = a;
    EXPECT_EQ(b.block<HpbdSettings>().levels, 3);
    EXPECT_EQ(b.block<MgpbdSettings>().maxIterations, 7);
    b.block<HpbdSettings>().levels = 2;
    EXPECT_EQ(a.block<HpbdSettings>().levels, 3);
    a = b;
    EXPECT_EQ(a.block<HpbdSettings>().levels, 2);
    a.block<HpbdSettings>().levels = 4;
    EXPECT_EQ(b.block<HpbdSettings>().levels, 2);
    Settings moved = std::move(a);
    EXPECT_EQ(moved.block<HpbdSettings>().levels, 4);
    EXPECT_EQ(moved.block<MgpbdSettings>().maxIterations, 7);
}

TEST(SettingsBlocks, AReferenceToABlockSurvivesAssignment) {
    Settings settings;
    const MgpbdSettings& held = settings.block<MgpbdSettings>();
    Settings other;
    other.block<MgpbdSettings>().maxIterations = 9;
    other.block<HpbdSettings>().levels = 1;
    settings = other;
    EXPECT_EQ(held.maxIterations, 9);
    EXPECT_EQ(&held, &settings.block<MgpbdSettings>());
    // A block the assigned Settings never wrote reads as its defaults again.
    settings.block<MgpbdSettings>().maxIterations = 5;
    settings = Settings{};
    EXPECT_EQ(held.maxIterations, MgpbdSettings{}.maxIterations);
    EXPECT_EQ(settings.block<HpbdSettings>().levels, HpbdSettings{}.levels);
}

TEST(SettingsBlocks, SolverRowsFromTheSolverListReachTheirBlocks) {
    Settings settings;
    ASSERT_TRUE(hasParamGroup("hpbd"));
    ASSERT_TRUE(hasParamGroup("mgpbd"));
    EXPECT_EQ(setParam(settings, "hpbd-levels", "3"), "");
    EXPECT_EQ(settings.block<HpbdSettings>().levels, 3);
    EXPECT_EQ(setParam(settings, "hpbd-projection", "compliance"), "");
    EXPECT_EQ(settings.block<HpbdSettings>().projection, ProjectionMode::Compliance);
    EXPECT_EQ(setParam(settings, "mgpbd-max-iterations", "4"), "");
    EXPECT_EQ(settings.block<MgpbdSettings>().maxIterations, 4);
    // A bad value in a block is named by validate(), as for the world's own rows.
    settings.block<HpbdSettings>().parents = 0;
    EXPECT_NE(settings.validate().find("hpbd-parents"), std::string::npos) << settings.validate();
    // Each row is listed once.
    int levelsRows = 0;
    for (const ParamDesc& p : allParams()) levelsRows += std::string(p.name) == "hpbd-levels";
    EXPECT_EQ(levelsRows, 1);
}

}  // namespace
}  // namespace sim
