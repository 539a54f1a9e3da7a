// A solver's settings block (Settings::block<T>, sim/core/settings.h): held by value, copied
// with the Settings, read as its defaults before it is written; and the parameter table's
// solver rows, which come from the solver list, reach each block by name; MGPBD's presets.
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
    EXPECT_EQ(settings.block<MgpbdSettings>().budget.frameMs, MgpbdSettings{}.budget.frameMs);
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

// MGPBD's presets choose its four parts whole (budget, step acceptance, linear system,
// fallback sweeps) and leave the loop's numbers, a scene's, as they were.
TEST(SettingsBlocks, AnMgpbdPresetChoosesThePartsAndKeepsTheNumbers) {
    Settings settings;
    MgpbdSettings& m = settings.block<MgpbdSettings>();
    m.relaxation = 0.1;  // a soft-body scene's omega
    m.atol = 1e-3;
    m.sweeps.local = 7;                // inside a part: goes with the part
    m.system.amg.floatVCycle = false;  // the V-cycle's precision, a scene's: stays
    EXPECT_FALSE(m.isPaperPreset());
    EXPECT_EQ(setParam(settings, "mgpbd-preset", "paper"), "");
    EXPECT_TRUE(m.isPaperPreset());
    EXPECT_EQ(m.budget, MgpbdBudget::none());
    EXPECT_EQ(m.step, MgpbdStepAcceptance::paper());
    EXPECT_FALSE(m.system.amg.floatVCycle);
    m.system.amg.floatVCycle = true;
    EXPECT_EQ(m.system, MgpbdLinearSystem::paper());
    EXPECT_EQ(m.sweeps, MgpbdFallbackSweeps::none());
    EXPECT_EQ(m.relaxation, 0.1);
    EXPECT_EQ(m.atol, 1e-3);
    // The paper's parts differ from the live ones where the paper does.
    EXPECT_EQ(m.budget.frameMs, 0);
    EXPECT_EQ(m.step.watchdogSteps, 0);
    EXPECT_EQ(m.system.pcgMaxIterations, 100);
    EXPECT_EQ(m.system.amg.chebyshevDegree, 16);
    EXPECT_EQ(m.sweeps.local, 0);
    // A flag after the preset changes one field of a part; the row reads the preset no more.
    EXPECT_EQ(setParam(settings, "mgpbd-local-sweeps", "3"), "");
    EXPECT_FALSE(m.isPaperPreset());
    EXPECT_EQ(setParam(settings, "mgpbd-preset", "live"), "");
    EXPECT_EQ(m.budget, MgpbdBudget{});
    EXPECT_EQ(m.step, MgpbdStepAcceptance{});
    EXPECT_EQ(m.system, MgpbdLinearSystem{});
    EXPECT_EQ(m.sweeps, MgpbdFallbackSweeps{});
    EXPECT_EQ(m.relaxation, 0.1);
    // The AMG reads its own options: the primal system's differ from the dual's where
    // MgpbdPrimalAmg says, and a cloth's dual V-cycle is one level unless asked for more.
    const AmgOptions primal = m.system.primalAmgOptions();
    EXPECT_EQ(primal.candidateCount, m.system.primalAmg.candidateCount);
    EXPECT_TRUE(primal.smoothedAggregation);
    EXPECT_EQ(primal.coarseSize, m.system.amg.coarseSize);
    EXPECT_EQ(m.system.dualAmgOptions(false).maxLevels, 1);
    EXPECT_EQ(m.system.dualAmgOptions(true).maxLevels, m.system.amg.maxLevels);
}

}  // namespace
}  // namespace sim
