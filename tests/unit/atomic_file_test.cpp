// Saved files are written to a fresh temporary name and renamed, so a killed run never leaves a
// half-written file under the real name (the old content stays until the new one is
// complete); streamed stats keep every whole row; a full disk leaves nothing partial.
#include "sim/io/atomic_file.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>

#include "sim/io/obj_export.h"
#include "sim/io/state_file.h"
#include "sim/io/stats_csv.h"
#include "sim/io/text_scan.h"
#include "sim/scenes/scene_table.h"
#include "sim/world/world.h"

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

// The stats go to their name row by row, each row flushed: a kill at any time leaves every
// row written before it readable under the final name.
TEST(AtomicFile, StatsCsvHoldsEveryRowAsItIsWritten) {
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
            ASSERT_TRUE(csv.writeRow(world));
            const std::string text = slurp(path);
            EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), f + 2);  // header + rows
            EXPECT_EQ(text.back(), '\n');                                  // whole rows only
        }
    }
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 1);
    std::filesystem::remove_all(dir);
}

namespace {

// A disk that fills after `bytes` bytes of any one file, for this process (RLIMIT_FSIZE, with
// SIGXFSZ ignored so that writes past it fail with EFBIG as they would with ENOSPC).
struct FullDisk {
    rlimit old{};
    explicit FullDisk(rlim_t bytes) {
        std::signal(SIGXFSZ, SIG_IGN);
        getrlimit(RLIMIT_FSIZE, &old);
        const rlimit small{bytes, old.rlim_max};
        setrlimit(RLIMIT_FSIZE, &small);
    }
    ~FullDisk() { setrlimit(RLIMIT_FSIZE, &old); }
};

std::string freshDir(const char* name) {
    const std::string dir = testing::TempDir() + "/" + name + std::to_string(::getpid());
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

size_t entries(const std::string& dir) {
    return size_t(std::distance(std::filesystem::directory_iterator(dir), {}));
}

}  // namespace

// Every output fails loudly on a full disk and leaves nothing partial under its name.
TEST(AtomicFile, AFullDiskLeavesNoPartialFile) {
    const std::string dir = freshDir("full_disk_");
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", {8}), "");
    world.step();
    {
        FullDisk full(200);
        EXPECT_NE(writeFileAtomically(dir + "/a.txt", std::string(1000, 'x')), "");
        EXPECT_NE(writeSurfaceObj(world, dir + "/frame.obj"), "");
        EXPECT_NE(saveState(world, dir + "/state.json", "hanging_cloth"), "");
        StatsCsv csv;
        bool wrote = csv.open(dir + "/stats.csv");
        for (int f = 0; f < 20 && wrote; ++f) wrote = csv.writeRow(world);
        EXPECT_FALSE(wrote);
        EXPECT_NE(csv.error().find("disk full"), std::string::npos) << csv.error();
    }
    EXPECT_EQ(entries(dir), 0u) << "a partial file or a temporary was left";
    std::filesystem::remove_all(dir);
}

// A link planted at the temporary names a save could use is neither followed nor removed: the
// save takes another name, and the link's target keeps its content.
TEST(AtomicFile, ALinkAtATemporaryNameIsLeftAlone) {
    const std::string dir = freshDir("planted_");
    const std::string target = dir + "/target.txt";
    std::ofstream(target) << "precious";
    std::vector<std::string> links;
    for (const char* name : {"out.txt", "state.json", "frame.obj"})
        for (int n = 0; n < 200; ++n) {
            links.push_back(dir + "/." + name + ".tmp" + std::to_string(::getpid()) + "-" +
                            std::to_string(n));
            std::filesystem::create_symlink(target, links.back());
        }
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", {4}), "");
    for (int k = 0; k < 3; ++k) {
        ASSERT_EQ(writeFileAtomically(dir + "/out.txt", "new content"), "");
        ASSERT_EQ(saveState(world, dir + "/state.json", "hanging_cloth"), "");
        ASSERT_EQ(writeSurfaceObj(world, dir + "/frame.obj"), "");
    }
    EXPECT_EQ(slurp(target), "precious");
    EXPECT_EQ(slurp(dir + "/out.txt"), "new content");
    for (const std::string& link : links) EXPECT_TRUE(std::filesystem::is_symlink(link)) << link;
    EXPECT_EQ(entries(dir), links.size() + 4);  // the links, the target and the three outputs
    std::filesystem::remove_all(dir);
}
