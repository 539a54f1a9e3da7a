// Issue 20: tetgen runs without a shell and with a time limit; its cache verifies itself,
// names a bad entry and rebuilds it, and never lives in a fixed shared /tmp folder.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "sim/io/subprocess.h"
#include "sim/io/tetgen_cache.h"
#include "sim/io/tetgen_runner.h"
#include "sim/io/text_scan.h"
#include "sim/topology/closed_surfaces.h"

using namespace sim;
namespace fs = std::filesystem;

namespace {

std::string freshDir(const std::string& name) {
    const fs::path dir =
        fs::path(testing::TempDir()) / ("tetgen_rel_" + name + "_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir.string();
}

// An executable shell script at dir/name (the test's stand-in for a program).
std::string script(const std::string& dir, const std::string& name, const std::string& body) {
    const std::string path = dir + "/" + name;
    std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
    fs::permissions(path, fs::perms::owner_all);
    return path;
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// The cache entry in `dir` (a folder holding one): its path without .sum, .1.node or .1.ele.
std::string entryStem(const std::string& dir) {
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == ".sum")
            return (entry.path().parent_path() / entry.path().stem()).string();
    return {};
}

// Sets or unsets environment variables for one scope.
struct EnvGuard {
    std::vector<std::pair<std::string, std::optional<std::string>>> saved;
    void set(const std::string& name, const char* value) {
        const char* old = std::getenv(name.c_str());
        saved.push_back({name, old ? std::optional<std::string>(old) : std::nullopt});
        if (value)
            setenv(name.c_str(), value, 1);
        else
            unsetenv(name.c_str());
    }
    ~EnvGuard() {
        for (auto it = saved.rbegin(); it != saved.rend(); ++it) {
            if (it->second)
                setenv(it->first.c_str(), it->second->c_str(), 1);
            else
                unsetenv(it->first.c_str());
        }
    }
};

}  // namespace

TEST(TetgenReliability, HangingTetgenIsKilledAfterTheTimeout) {
    const std::string dir = freshDir("timeout");
    TetgenOptions options;
    options.cacheDir = dir + "/cache";
    options.program = script(dir, "slow-tetgen", "sleep 30");
    options.timeoutSeconds = 0.5;
    const TetgenResult r = tetrahedralize(makeIcosphere(Vec3::Zero(), 1.0, 1), options);
    // The message comes only from the timeout's kill (the script would sleep 30 s).
    EXPECT_TRUE(has(r.error, "did not finish within 0.5 s; killed")) << r.error;
    options.timeoutSeconds = 0;
    EXPECT_TRUE(has(options.validate(), "tetgen timeout 0 s must be in (0, 86400]"));
    fs::remove_all(dir);
}

// A timeout kills what the helper started too: a tetgen that is a script running a child.
TEST(TetgenReliability, ATimeoutKillsTheHelpersChildren) {
    const std::string dir = freshDir("tree");
    const std::string pidFile = dir + "/grandchild.pid";
    const ProcessResult r =
        runProcess({"sh", "-c", "sleep 30 & echo $! > '" + pidFile + "'; wait"}, "", 0.5);
    EXPECT_TRUE(r.timedOut);
    std::ifstream in(pidFile);
    long grandchild = 0;
    ASSERT_TRUE(in >> grandchild) << "the script did not start its child";
    // Gone, or a zombie waiting for a reaper that is not us: not running either way.
    const auto running = [&] {
        std::ifstream stat("/proc/" + std::to_string(grandchild) + "/stat");
        std::string line;
        if (!std::getline(stat, line)) return false;
        const size_t close = line.rfind(')');
        return close != std::string::npos && close + 2 < line.size() && line[close + 2] != 'Z';
    };
    for (int k = 0; k < 100 && running(); ++k)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_FALSE(running()) << "the helper's child " << grandchild << " outlived the timeout";
    fs::remove_all(dir);
}

TEST(TetgenReliability, ArgumentsAreAVectorAndPathsCannotBeOptions) {
    EXPECT_EQ(pathArgument("-version"), "./-version");
    EXPECT_EQ(pathArgument("/abs/x.off"), "/abs/x.off");
    EXPECT_EQ(pathArgument("pipe:1"), "./pipe:1");  // a file, not ffmpeg's pipe protocol
    EXPECT_EQ(pathArgument("out/a:b.mp4"), "out/a:b.mp4");
    const std::string dir = freshDir("argv");
    // A program that records its arguments one per line, and fails.
    const std::string record = dir + "/argv.txt";
    TetgenOptions options;
    options.program = script(dir, "fake-tetgen",
                             "for a in \"$@\"; do echo \"$a\" >> '" + record + "'; done; exit 3");
    options.cacheDir = dir + "/$(touch " + dir + "/pwned) '; x";  // shell syntax, never run
    const TetgenResult r = tetrahedralize(makeIcosphere(Vec3::Zero(), 1.0, 1), options);
    EXPECT_TRUE(has(r.error, "exit status 3")) << r.error;
    std::string args;
    ASSERT_EQ(readTextFile(record, args), "");
    EXPECT_TRUE(has(args, "-pq1.414\n" + options.cacheDir + "/")) << args;
    EXPECT_FALSE(fs::exists(dir + "/pwned"));
    const ProcessResult missing = runProcess({"pbd-no-such-program"}, "", 5);
    EXPECT_TRUE(has(missing.error, "program 'pbd-no-such-program' not found")) << missing.error;
    fs::remove_all(dir);
}

// An icosphere tetrahedralized once into the cache folder `dir`, and its entry's stem.
struct CachedSphere {
    TetgenOptions options;
    TriangleMesh sphere = makeIcosphere(Vec3::Zero(), 1.0, 2);
    TetgenResult first;
    std::string stem;
    explicit CachedSphere(const std::string& dir) {
        options.cacheDir = dir;
        first = tetrahedralize(sphere, options);
        stem = entryStem(dir);
    }
};

TEST(TetgenReliability, DamagedCacheEntryIsNamedRemovedAndRebuilt) {
    const std::string dir = freshDir("damaged");
    const CachedSphere cached(dir);
    const auto& [options, sphere, first, stem] = cached;
    ASSERT_EQ(first.error, "");
    ASSERT_FALSE(stem.empty());
    const std::string ele = stem + ".1.ele";
    // A degenerate tet (a repeated corner) in the cached file.
    std::string text;
    ASSERT_EQ(readTextFile(ele, text), "");
    const size_t line = text.find('\n') + 1;
    const size_t end = text.find('\n', line);
    std::ofstream(ele) << text.substr(0, line) << "0 1 1 2 3" << text.substr(end);
    const TetgenResult second = tetrahedralize(sphere, options);
    ASSERT_EQ(second.error, "");
    EXPECT_FALSE(second.fromCache);
    EXPECT_TRUE(has(second.note, "tetgen cache entry " + stem + " was bad")) << second.note;
    EXPECT_TRUE(has(second.note, stem + ".1.ele: size or checksum differs")) << second.note;
    EXPECT_EQ(second.mesh.tets, first.mesh.tets);
    const TetgenResult third = tetrahedralize(sphere, options);
    EXPECT_TRUE(third.fromCache);
    EXPECT_EQ(third.note, "");
    fs::remove_all(dir);
}

namespace {

// Replaces the cached file `path` by `text` and writes its size and checksum into the .sum, as
// someone who edits an entry on purpose would.
void forge(const std::string& stem, const std::string& ext, const std::string& text) {
    std::ofstream(stem + ".1." + ext) << text;
    std::string sum;
    ASSERT_EQ(readTextFile(stem + ".sum", sum), "");
    const size_t at = sum.find("\n" + ext + " ") + 1;
    const size_t end = sum.find('\n', at);
    sum = sum.substr(0, at) + ext + " " + std::to_string(text.size()) + " " +
          hex16(fnv1a(text.data(), text.size())) + sum.substr(end);
    std::ofstream(stem + ".sum") << sum;
}

}  // namespace

// An entry edited with a matching .sum: a vertex moved far away, or one tet turned inside out.
// It is named, removed and rebuilt, never stepped.
TEST(TetgenReliability, ForgedCacheEntryIsNamedRemovedAndRebuilt) {
    const std::string dir = freshDir("forged");
    const CachedSphere cached(dir);
    const auto& [options, sphere, first, stem] = cached;
    ASSERT_EQ(first.error, "");
    ASSERT_FALSE(stem.empty());
    std::string node, ele;
    ASSERT_EQ(readTextFile(stem + ".1.node", node), "");
    ASSERT_EQ(readTextFile(stem + ".1.ele", ele), "");
    // Line 2 of each file is element 0: "0 x y z" and "0 a b c d".
    const auto firstRecord = [](const std::string& text, const std::string& record) {
        const size_t line = text.find('\n') + 1;
        return text.substr(0, line) + record + text.substr(text.find('\n', line));
    };
    const Tet& t = first.mesh.tets[0];
    const std::string flipped = "0 " + std::to_string(t[1]) + " " + std::to_string(t[0]) + " " +
                                std::to_string(t[2]) + " " + std::to_string(t[3]);
    const struct {
        std::string ext, text, message;
    } cases[] = {
        {"node", firstRecord(node, "0 1e30 0 0"),
         ".1.node: vertex 0 lies outside the bounding box of the surface"},
        {"ele", firstRecord(ele, flipped), ".1.ele: tet 0 is turned the other way from most tets"}};
    for (const auto& c : cases) {
        forge(stem, c.ext, c.text);
        const TetgenResult again = tetrahedralize(sphere, options);
        ASSERT_EQ(again.error, "");
        EXPECT_FALSE(again.fromCache);
        EXPECT_TRUE(has(again.note, "tetgen cache entry " + stem + " was bad (" + stem + c.message))
            << again.note;
        EXPECT_EQ(again.mesh.tets, first.mesh.tets);
        EXPECT_EQ(again.mesh.vertices, first.mesh.vertices);
    }
    fs::remove_all(dir);
}

TEST(TetgenReliability, UnrelatedValidMeshInTheCacheIsNotUsed) {
    const std::string dir = freshDir("unrelated");
    TetgenOptions options;
    options.cacheDir = dir + "/a";
    const TriangleMesh fine = makeIcosphere(Vec3::Zero(), 1.0, 3),
                       coarse = makeIcosphere(Vec3::Zero(), 1.0, 1);
    const TetgenResult right = tetrahedralize(fine, options);
    ASSERT_EQ(right.error, "");
    TetgenOptions other = options;
    other.cacheDir = dir + "/b";
    const TetgenResult wrong = tetrahedralize(coarse, other);
    ASSERT_EQ(wrong.error, "");
    ASSERT_NE(wrong.mesh.tets.size(), right.mesh.tets.size());
    // Put the coarse sphere's valid files under the fine sphere's name.
    for (const auto& a : fs::directory_iterator(options.cacheDir))
        for (const auto& b : fs::directory_iterator(other.cacheDir))
            if (a.path().extension() == b.path().extension() && a.path().extension() != ".sum")
                fs::copy_file(b.path(), a.path(), fs::copy_options::overwrite_existing);
    const TetgenResult again = tetrahedralize(fine, options);
    ASSERT_EQ(again.error, "");
    EXPECT_FALSE(again.fromCache);
    EXPECT_TRUE(has(again.note, ".1.node: size or checksum differs from the .sum")) << again.note;
    EXPECT_EQ(again.mesh.tets.size(), right.mesh.tets.size());
    fs::remove_all(dir);
}

TEST(TetgenReliability, WithoutHomeTheCacheIsAPrivateFolder) {
    const std::string tmp = freshDir("home");
    EnvGuard env;
    env.set("PBD_CACHE_DIR", nullptr);
    env.set("XDG_CACHE_HOME", nullptr);
    env.set("HOME", nullptr);
    env.set("TMPDIR", tmp.c_str());
    std::string error;
    const std::string dir = resolveTetgenCacheDir("", error);
    ASSERT_EQ(error, "");
    const std::string root = tmp + "/pbd-sandbox-" + std::to_string(::getuid());
    EXPECT_EQ(dir, root + "/tetgen");
    struct stat st;
    ASSERT_EQ(::lstat(root.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0700u);
    // Someone else's (here: world-writable) folder under that name is not used.
    ::chmod(root.c_str(), 0777);
    const std::string instead = resolveTetgenCacheDir("", error);
    EXPECT_EQ(error, "");
    EXPECT_NE(instead, dir);
    EXPECT_TRUE(has(instead, tmp + "/pbd-sandbox-")) << instead;
    ASSERT_EQ(::lstat(fs::path(instead).parent_path().c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0700u);
    fs::remove_all(tmp);
}
