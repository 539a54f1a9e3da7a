// Issue 20: saved files are written to a temporary name and renamed, so a killed run never
// leaves a half-written file under the real name (the old content stays until the new one
// is complete).
#include "sim/io/atomic_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "sim/core/world.h"
#include "sim/io/stats_csv.h"
#include "sim/io/text_scan.h"
#include "sim/scenes/scene_table.h"

using namespace sim;

namespace {
std::string slurp(const std::string& path) {
    std::string text;
    EXPECT_EQ(readTextFile(path, text), "");
    return text;
}
}  // namespace

TEST(AtomicFile, WritesCompletelyAndLeavesNoTemporary) {
    const std::string dir = testing::TempDir() + "/atomic_" + std::to_string(::getpid());
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/out.txt";
    std::ofstream(path) << "old";
    ASSERT_EQ(writeFileAtomically(path, "new content"), "");
    EXPECT_EQ(slurp(path), "new content");
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 1);  // no temporary left
    EXPECT_NE(writeFileAtomically(dir + "/missing/x.txt", "x")
                  .find("cannot write " + dir + "/missing/x.txt"),
              std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST(AtomicFile, StatsCsvAppearsOnlyWhenComplete) {
    const std::string dir = testing::TempDir() + "/atomic_csv_" + std::to_string(::getpid());
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/stats.csv";
    std::ofstream(path) << "previous run\n";
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", {4}), "");
    {
        StatsCsv csv;
        ASSERT_TRUE(csv.open(path));
        for (int f = 0; f < 3; ++f) {
            world.step();
            csv.writeRow(world);
        }
        EXPECT_EQ(slurp(path), "previous run\n");  // a kill now would leave the old file
    }
    const std::string text = slurp(path);
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 4);  // header + 3 rows
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 1);
    std::filesystem::remove_all(dir);
}
