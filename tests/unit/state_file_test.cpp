// State files (issue 17): a state saved at frame 100 and loaded into a fresh world of the same
// scene continues to frame 200 with the state hash of a run that never stopped, under each
// solver (PBD, XPBD, HPBD with its hierarchy, MGPBD whose AMG is set up at multiples of its
// setup interval), also after tears; doubles round-trip bit for bit; bad files are refused
// with the file, field and value named, and the world is left as it was.
#include "sim/io/state_file.h"

#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>

#include "content_test_util.h"
#include "sim/core/params.h"
#include "sim/scenes/scene_table.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/solvers/mgpbd/mgpbd_solver.h"
#include "sim/world/state_hash.h"

using namespace sim;

namespace {

struct Case {
    const char* scene;
    int resolution;
    SolverKind solver;
    int mgpbdCoarseSize = 0;  // 0: the default (a small system is then one level, solved directly)
};

World load(const Case& c) {
    World w;
    EXPECT_EQ(loadScene(w, c.scene, c.resolution), "");
    w.setSolver(c.solver);
    if (c.mgpbdCoarseSize > 0) {  // a multilevel AMG, also on cloth
        w.settings.block<sim::MgpbdSettings>().system.amg.coarseSize = c.mgpbdCoarseSize;
        w.settings.block<sim::MgpbdSettings>().system.clothCoarseLevels = true;
        // Global steps on the free cloth too
        w.settings.block<sim::MgpbdSettings>().sweeps.lines = false;
    }
    return w;
}

// Runs to `saveAt`, saves, runs on to `end` (the straight run); then loads the state into a
// fresh world of the scene and runs it to `end` too. Returns both final hashes.
std::pair<std::string, std::string> straightAndResumed(const Case& c, int saveAt, int end) {
    omp_set_num_threads(1);
    const std::string path = content_test::freshDir() + "/state.json";
    World straight = load(c);
    for (int f = 0; f < saveAt; ++f) straight.step();
    EXPECT_EQ(saveState(straight, path, c.scene), "");
    for (int f = saveAt; f < end; ++f) straight.step();

    World resumed = load(c);
    StateInfo info;
    EXPECT_EQ(loadState(resumed, path, &info), "");
    EXPECT_EQ(info.frame, saveAt);
    EXPECT_EQ(resumed.frame(), saveAt);
    while (resumed.frame() < end) resumed.step();
    return {stateHashText(straight), stateHashText(resumed)};
}

}  // namespace

TEST(StateFile, PbdResumesAtFrame100WithTheStraightRunsHash) {
    const auto [straight, resumed] =
        straightAndResumed({"hanging_cloth", 16, SolverKind::PBD}, 100, 200);
    EXPECT_EQ(straight, resumed);
}

TEST(StateFile, XpbdResumesAtFrame100WithTheStraightRunsHash) {
    const auto [straight, resumed] =
        straightAndResumed({"hanging_cloth", 16, SolverKind::XPBD}, 100, 200);
    EXPECT_EQ(straight, resumed);
}

TEST(StateFile, HpbdResumesAtFrame100WithTheStraightRunsHash) {
    // HPBD builds its hierarchy from the positions at frame 0: the state file keeps it.
    const auto [straight, resumed] =
        straightAndResumed({"hanging_cloth", 16, SolverKind::HPBD}, 100, 200);
    EXPECT_EQ(straight, resumed);
}

TEST(StateFile, MgpbdResumesAtFrame100WithTheStraightRunsHash) {
    // Frame 100 is a multiple of the AMG setup interval (20): both runs set up there. A coarse
    // size of 40 gives the 384-row system a multilevel AMG, whose prolongators depend on the
    // frame they were set up at (with one level the result would not depend on it).
    ASSERT_TRUE(mgpbdSetupAligned(100, Settings{}.block<sim::MgpbdSettings>().setupInterval));
    const Case c{"mgpbd_cloth", 8, SolverKind::MGPBD, 40};
    World probe = load(c);
    probe.step();
    ASSERT_GE(static_cast<const MgpbdSolver&>(probe.solver()).hierarchy().levelCount(), 2);
    const auto [straight, resumed] = straightAndResumed(c, 100, 200);
    EXPECT_EQ(straight, resumed);
}

TEST(StateFileSlow, MgpbdClothRes16ResumesAtFrame100WithTheStraightRunsHash) {
    const auto [straight, resumed] =
        straightAndResumed({"mgpbd_cloth", 16, SolverKind::MGPBD}, 100, 200);
    EXPECT_EQ(straight, resumed);
}

TEST(StateFile, HpbdResumesAfterTearsWithTheStraightRunsHash) {
    // tearable_cloth tears from frame ~130: the state holds the split topology, and HPBD's
    // hierarchy with the splits it has not absorbed yet.
    const Case c{"tearable_cloth", 27, SolverKind::HPBD};
    World probe = load(c);
    const int before = probe.particles.size();
    for (int f = 0; f < 170; ++f) probe.step();
    ASSERT_GT(probe.particles.size(), before) << "no tear by frame 170: the test needs one";
    const auto [straight, resumed] = straightAndResumed(c, 170, 200);
    EXPECT_EQ(straight, resumed);
}

TEST(StateFile, PbdResumesAfterTearsWithTheStraightRunsHash) {
    const auto [straight, resumed] =
        straightAndResumed({"tearable_cloth", 27, SolverKind::PBD}, 170, 200);
    EXPECT_EQ(straight, resumed);
}

TEST(StateFile, GrabAndColliderDragAreSavedAndResumed) {
    const Case c{"cloth_on_sphere", 8, SolverKind::XPBD};
    World straight = load(c);
    for (int f = 0; f < 10; ++f) straight.step();
    straight.beginGrab(0, straight.particles.x[0] + Vec3(0, 0.3, 0));
    straight.beginColliderDrag(1, straight.colliders[1].center);
    straight.moveColliderDrag(straight.colliders[1].center + Vec3(0.2, 0, 0));
    for (int f = 0; f < 5; ++f) straight.step();
    const std::string path = content_test::freshDir() + "/grab.json";
    ASSERT_EQ(saveState(straight, path), "");
    for (int f = 0; f < 20; ++f) straight.step();
    World resumed = load(c);
    ASSERT_EQ(loadState(resumed, path), "");
    ASSERT_TRUE(resumed.grab() && resumed.colliderDrag());
    EXPECT_EQ(resumed.grab()->particle, 0);
    for (int f = 0; f < 20; ++f) resumed.step();
    EXPECT_EQ(stateHashText(straight), stateHashText(resumed));
}

TEST(StateFile, DoublesRoundTripBitForBit) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 4), "");
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<uint64_t> bits;
    const double specials[] = {-0.0,      std::numeric_limits<double>::denorm_min(),
                               1.0 / 3.0, std::numeric_limits<double>::min(),
                               1e-300,    0.1 + 0.2};
    int k = 0;
    for (Vec3& v : world.particles.v)
        for (int d = 0; d < 3; ++d) {
            double x;
            do {  // a random finite double of any exponent, or one of the awkward ones
                const uint64_t b = bits(rng);
                std::memcpy(&x, &b, 8);
            } while (!std::isfinite(x) || std::abs(x) > 1e29);
            v[d] = k < 6 ? specials[k] : x;
            ++k;
        }
    const std::string path = content_test::freshDir() + "/bits.json";
    ASSERT_EQ(saveState(world, path), "");
    World back;
    ASSERT_EQ(loadScene(back, "hanging_cloth", 4), "");
    ASSERT_EQ(loadState(back, path), "");
    ASSERT_EQ(back.particles.size(), world.particles.size());
    EXPECT_EQ(std::memcmp(back.particles.v.data(), world.particles.v.data(),
                          sizeof(Vec3) * world.particles.size()),
              0);
    EXPECT_TRUE(std::signbit(back.particles.v[0].x()));  // -0.0 stays negative
    EXPECT_EQ(stateHash(back), stateHash(world));
}

// The rest shape travels with the state: tethers are measured on it, and they are rebuilt
// after a load (a loaded world had none, and tethers read past its end: tearable_cloth
// resumed after tears with another hash). A file without it (written before it was saved)
// still loads, with the positions as its rest shape.
TEST(StateFile, RestShapeIsSavedAndAFileWithoutItLoads) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 4), "");
    for (int f = 0; f < 10; ++f) world.step();
    ASSERT_NE(world.particles.x, world.particles.rest) << "the cloth has not moved";
    const std::string dir = content_test::freshDir();
    ASSERT_EQ(saveState(world, dir + "/rest.json"), "");
    World back;
    ASSERT_EQ(loadScene(back, "hanging_cloth", 4), "");
    ASSERT_EQ(loadState(back, dir + "/rest.json"), "");
    EXPECT_EQ(back.particles.rest, world.particles.rest);

    nlohmann::json j = nlohmann::json::parse(std::ifstream(dir + "/rest.json"));
    ASSERT_EQ(j["particles"].erase("rest"), 1u);
    std::string text = j.dump() + "\n";
    ASSERT_TRUE(stampStateChecksum(text));
    std::ofstream(dir + "/old.json") << text;
    World old;
    ASSERT_EQ(loadScene(old, "hanging_cloth", 4), "");
    ASSERT_EQ(loadState(old, dir + "/old.json"), "");
    EXPECT_EQ(old.particles.rest, world.particles.x);
    old.step();
    EXPECT_FALSE(old.constraints.tethers.empty());
}

namespace {

// A saved state with `edit` applied to its text, its checksum then stamped again (`reseal`)
// so that the checks behind the checksum see the edit.
std::string editedState(const std::function<void(std::string&)>& edit, bool reseal = true) {
    World world;
    EXPECT_EQ(loadScene(world, "hanging_cloth", 4), "");
    world.step();
    const std::string dir = content_test::freshDir();
    EXPECT_EQ(saveState(world, dir + "/good.json"), "");
    std::ifstream in(dir + "/good.json");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    edit(text);
    if (reseal) stampStateChecksum(text);
    std::ofstream(dir + "/bad.json") << text;
    return dir + "/bad.json";
}

// A saved state with the first `from` in its text replaced by `to`.
std::string editedState(const std::string& from, const std::string& to) {
    return editedState([&](std::string& text) {
        const size_t at = text.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        if (at != std::string::npos) text.replace(at, from.size(), to);
    });
}

// Loads `path` into a running world: expects an error containing `needle`, world unchanged.
void expectRefused(const std::string& path, const std::string& needle) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 4), "");
    for (int f = 0; f < 3; ++f) world.step();
    const std::string before = stateHashText(world);
    const std::string error = loadState(world, path);
    EXPECT_NE(error.find(needle), std::string::npos) << error;
    EXPECT_NE(error.find(path), std::string::npos) << "the message names the file: " << error;
    EXPECT_EQ(stateHashText(world), before);
    EXPECT_EQ(world.frame(), 3);
}

}  // namespace

// A file written while the separation type was in the list (the fuzz corpus's valid state)
// still loads, and its recorded state hash still matches: the retired type's empty slot is
// hashed where it stood. One that holds separation pairs is refused, naming the type.
TEST(StateFile, RetiredSeparationTypeLoadsWhenEmpty) {
    World world;
    const std::string old = PBD_SOURCE_DIR "/tests/fuzz/corpus/state_file/hanging_cloth_res3.json";
    ASSERT_EQ(loadState(world, old), "");
    EXPECT_EQ(stateHashText(world), "b0b33054fa4234f4");
    world.step();
    expectRefused(editedState("\"constraints\":{",
                              "\"constraints\":{\"separation\":{\"count\":1,\"ints\":[0,"
                              "1],\"reals\":[0.1,1.0]},"),
                  "a constraint type this build no longer has");
}

TEST(StateFile, UnknownVersionIsRefused) {
    expectRefused(editedState("\"version\":3", "\"version\":7"),
                  "version 7 is newer than this build reads (version 3)");
    // Version 2 loads, but not with HPBD's hierarchy in its old form.
    expectRefused(editedState([](std::string& text) {
                      text.replace(text.find("\"version\":3"), 11, "\"version\":2");
                      text.replace(text.find("\"constraints\":{"), 15,
                                   "\"hpbd\":{},\"constraints\":{");
                  }),
                  "version 2 stores the HPBD hierarchy");
    expectRefused(editedState("\"version\":3", "\"version\":1"),
                  "version 1 was written by an older build without a checksum");
}

TEST(StateFile, NegativeMassIsRefusedNamingTheField) {
    expectRefused(editedState("\"m\":[", "\"m\":[-2.5,"), "particles.m");
}

TEST(StateFile, OutOfRangeIndexIsRefusedNamingTheField) {
    expectRefused(editedState("\"triangles\":[", "\"triangles\":[99999,"), "triangles");
}

TEST(StateFile, ChangedPositionFailsTheHashCheck) {
    expectRefused(editedState("\"x\":[", "\"x\":[0.123456,"), "");  // wrong length: refused
    const std::string path = editedState("\"state_hash\":\"", "\"state_hash\":\"0");
    expectRefused(path, "does not match");
}

// One digit of one position changed, the file's length and every array's length kept: only
// the state hash can tell, and it must.
TEST(StateFile, SameLengthValueEditFailsTheHashCheck) {
    const std::string path = editedState([](std::string& text) {
        const size_t x = text.find("\"x\":[");
        ASSERT_NE(x, std::string::npos);
        const size_t digit = text.find_first_of("12345678", x + 5);
        ASSERT_LT(digit, text.find(']', x));  // inside the first position
        ++text[digit];                        // the same length, another value
    });
    expectRefused(path, "does not match");
}

TEST(StateFile, MissingFileAndNotAStateAreRefused) {
    const std::string dir = content_test::freshDir();
    expectRefused(dir + "/none.json", "no such file");
    std::ofstream(dir + "/scene.json") << R"({"format": "pbd-sandbox-scene", "version": 1})";
    expectRefused(dir + "/scene.json", "not a pbd-sandbox state file");
    std::ofstream(dir + "/broken.json") << "{\"format\": ";
    expectRefused(dir + "/broken.json", "not valid JSON");
}

// Edits that keep the checksum as it was (a hand edit, a damaged copy) are refused before the
// file is read, whatever they change: a rest length, a mass, a collider.
TEST(StateFile, AnEditTheChecksumDoesNotCoverIsRefused) {
    const auto unsealed = [](const std::string& from, const std::string& to) {
        return editedState(
            [&](std::string& text) {
                const size_t at = text.find(from);
                ASSERT_NE(at, std::string::npos) << from;
                text.replace(at, from.size(), to);
            },
            false);
    };
    expectRefused(unsealed("\"m\":[", "\"m\":[1e29,"), "the file was changed or damaged");
    expectRefused(unsealed("\"colliders\":[", "\"colliders\":[{\"shape\":\"sphere\"},"),
                  "checksum");
    expectRefused(unsealed("{\"checksum\":\"", "{\"checksum\": \""),
                  "no checksum at the start of the file");
}

namespace {

// `flips` random single-bit flips and `edits` random byte replacements of a valid state of
// `scene`, each loaded into a world of that scene: every one must be refused, the world kept.
void expectEveryDamageRefused(const char* scene, int resolution, int flips, int edits) {
    World world;
    ASSERT_EQ(loadScene(world, scene, resolution), "");
    for (int f = 0; f < 5; ++f) world.step();
    const std::string dir = content_test::freshDir();
    ASSERT_EQ(saveState(world, dir + "/good.json", scene), "");
    std::ifstream in(dir + "/good.json", std::ios::binary);
    const std::string good((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_GT(good.size(), 100u);
    const std::string before = stateHashText(world);
    std::mt19937_64 rng(std::hash<std::string>{}(scene));
    std::uniform_int_distribution<size_t> at(0, good.size() - 1);
    int loaded = 0;
    for (int k = 0; k < flips + edits; ++k) {
        std::string bad = good;
        const size_t i = at(rng);
        if (k < flips)
            bad[i] = char(bad[i] ^ (1 << (rng() % 8)));
        else
            do bad[i] = char(rng() % 256);
            while (bad[i] == good[i]);
        const std::string path = dir + "/bad.json";
        std::ofstream(path, std::ios::binary | std::ios::trunc) << bad;
        if (loadState(world, path, nullptr, scene).empty())
            ADD_FAILURE() << scene << ": damage " << k << " at byte " << i << " loaded", ++loaded;
    }
    EXPECT_EQ(loaded, 0);
    EXPECT_EQ(stateHashText(world), before);
    EXPECT_EQ(world.frame(), 5);
    EXPECT_EQ(loadState(world, dir + "/good.json", nullptr, scene), "");
}

}  // namespace

TEST(StateFile, EveryBitFlipAndByteEditIsRefusedInFourScenes) {
    expectEveryDamageRefused("hanging_cloth", 6, 1000, 100);
    expectEveryDamageRefused("cloth_on_sphere", 6, 1000, 100);
    expectEveryDamageRefused("rigid_stack", 4, 1000, 100);
    expectEveryDamageRefused("tearable_cloth", 6, 1000, 100);
}

TEST(StateFile, AStateOfAnotherSceneIsRefusedNamingBoth) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 4), "");
    const std::string path = content_test::freshDir() + "/hanging.json";
    ASSERT_EQ(saveState(world, path, "hanging_cloth"), "");
    World curtain;
    ASSERT_EQ(loadScene(curtain, "curtain", 4), "");
    const std::string error = loadState(curtain, path, nullptr, "curtain");
    EXPECT_NE(error.find("a state of scene hanging_cloth cannot be loaded into scene curtain"),
              std::string::npos)
        << error;
}

// The settings that step the state travel with it: a resumed run steps as the saved one did.
TEST(StateFile, SettingsTravelWithTheState) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 4), "");
    world.settings.iterations = 37;
    world.settings.gravity = Vec3(0.1, -7.25, 0);
    const std::string path = content_test::freshDir() + "/settings.json";
    ASSERT_EQ(saveState(world, path, "hanging_cloth"), "");
    World back;
    ASSERT_EQ(loadScene(back, "hanging_cloth", 4), "");
    StateInfo info;
    ASSERT_EQ(loadState(back, path, &info, "hanging_cloth"), "");
    EXPECT_EQ(back.settings.iterations, 37);
    EXPECT_EQ(back.settings.gravity, Vec3(0.1, -7.25, 0));
    EXPECT_EQ(info.scene, "hanging_cloth");
}

// MGPBD's bench knobs (ParamLevel::Bench) are not saved; a file written before they left the
// sandbox's settings holds them (the fuzz corpus's state, loaded above, holds all of them), and
// they are read, so that it resumes with the values its run used.
TEST(StateFile, BenchKnobsAreNotSavedButAnOlderFilesAreRead) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 4), "");
    const std::string dir = content_test::freshDir();
    ASSERT_EQ(saveState(world, dir + "/now.json"), "");
    std::ifstream in(dir + "/now.json");
    const nlohmann::json saved = nlohmann::json::parse(in);
    ASSERT_TRUE(saved["settings"].contains("mgpbd-preset"));
    for (const ParamDesc& p : benchParams()) EXPECT_FALSE(saved["settings"].contains(p.name));
    World old;
    ASSERT_EQ(
        loadState(old, editedState("\"settings\":{",
                                   "\"settings\":{\"mgpbd-theta\":0.25,\"mgpbd-sa\":\"true\",")),
        "");
    const MgpbdLinearSystem& system = old.settings.block<MgpbdSettings>().system;
    EXPECT_EQ(system.amg.strengthTheta, 0.25);
    EXPECT_TRUE(system.amg.smoothedAggregation);
}
