// The --stats CSV carries each frame's solver and that solver's own typed figures, listed
// through the same visitor the Stats panel reads, so a run's CSV says what MGPBD or HPBD did
// frame by frame without the reader knowing which figures a solver has.
#include "sim/io/stats_csv.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sim/scenes/scene_table.h"
#include "sim/world/world.h"

using namespace sim;

namespace {

std::vector<std::string> splitOn(const std::string& line, char separator) {
    std::vector<std::string> fields;
    std::stringstream in(line);
    for (std::string field; std::getline(in, field, separator);) fields.push_back(field);
    if (!line.empty() && line.back() == separator) fields.emplace_back();
    return fields;
}

std::vector<std::string> lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// The keys the solver_details field should hold for the solver's stats now, in its order.
std::vector<std::string> expectedKeys(const SolverStats& stats) {
    std::vector<std::string> keys;
    stats.visit([&](const char* name, double, const char* unit) {
        keys.push_back(statsCsvDetailKey(name, unit));
    });
    return keys;
}

}  // namespace

TEST(StatsCsv, KeysAreSnakeCaseWithTheUnit) {
    EXPECT_EQ(statsCsvDetailKey("pcg iterations", ""), "pcg_iterations");
    EXPECT_EQ(statsCsvDetailKey("work", "ms"), "work_ms");
    EXPECT_EQ(statsCsvDetailKey("primal step scale (min)", ""), "primal_step_scale_min");
    EXPECT_EQ(statsCsvDetailKey("level 0 size", ""), "level_0_size");
    EXPECT_EQ(statsCsvDetailKey("coarse_constraints", ""), "coarse_constraints");
}

// Each row names the solver that ran its frame; solver_details holds that solver's figures as
// key=value pairs, the keys those of its visitor in its order, with a finite number each; a
// switch mid-run changes both from the next row on, and a solver with no figures of its own
// leaves the field empty.
TEST(StatsCsv, EachRowNamesItsSolverAndListsItsFigures) {
    const std::string dir = testing::TempDir() + "/stats_csv_" + std::to_string(::getpid());
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/stats.csv";
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", {8}), "");
    std::vector<std::vector<std::string>> expected;
    {
        StatsCsv csv;
        ASSERT_TRUE(csv.open(path, {"extra"}));
        for (SolverKind kind : {SolverKind::MGPBD, SolverKind::HPBD, SolverKind::PBD}) {
            world.setSolver(kind);
            world.step();
            ASSERT_TRUE(csv.writeRow(world, {1.0}));
            expected.push_back(expectedKeys(world.solver().stats()));
        }
    }
    const std::vector<std::string> text = lines(path);
    ASSERT_EQ(text.size(), 4u);
    const std::vector<std::string> header = splitOn(text[0], ',');
    ASSERT_GE(header.size(), 3u);
    EXPECT_EQ(header[header.size() - 3], "extra");
    EXPECT_EQ(header[header.size() - 2], "solver");
    EXPECT_EQ(header.back(), "solver_details");
    const char* names[] = {"mgpbd", "hpbd", "pbd"};
    for (int r = 0; r < 3; ++r) {
        SCOPED_TRACE(names[r]);
        const std::vector<std::string> row = splitOn(text[r + 1], ',');
        ASSERT_EQ(row.size(), header.size()) << text[r + 1];
        EXPECT_EQ(row[row.size() - 2], names[r]);
        std::vector<std::string> keys;
        for (const std::string& pair : splitOn(row.back(), ' ')) {
            const size_t eq = pair.find('=');
            ASSERT_NE(eq, std::string::npos) << pair;
            keys.push_back(pair.substr(0, eq));
            const double value = std::stod(pair.substr(eq + 1));
            EXPECT_TRUE(std::isfinite(value)) << pair;
        }
        EXPECT_EQ(keys, expected[r]);
    }
    EXPECT_FALSE(expected[0].empty());  // MGPBD lists its figures
    EXPECT_FALSE(expected[1].empty());  // HPBD lists its levels
    EXPECT_TRUE(expected[2].empty());   // PBD has none of its own
    std::filesystem::remove_all(dir);
}
