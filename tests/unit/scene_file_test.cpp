// Scene files (issue 17): a scene with changed settings, pins and a moved, moving collider
// is written, read back and rebuilt into the same world; unchanged settings keep the scene's
// exact values (a compliance of 1e-9 is not rounded through its slider); every bad value is
// refused with the file, the field and the value named.
#include "sim/scenes/scene_file.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "content_test_util.h"
#include "sim/core/params.h"
#include "sim/scenes/scene_table.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/world/state_hash.h"

using namespace sim;

namespace {

SceneDescription builtIn(const std::string& name, int res) {
    SceneDescription d;
    d.scene = name;
    d.params.resolution = res;
    return d;
}

std::string write(const std::string& text, const std::string& name = "scene.json") {
    const std::string path = content_test::freshDir() + "/" + name;
    std::ofstream(path) << text;
    return path;
}

// Reads and builds; returns the first error.
std::string readAndBuild(const std::string& path, World& world) {
    SceneDescription d;
    if (std::string e = readSceneFile(path, d); !e.empty()) return e;
    return buildScene(world, d);
}

}  // namespace

TEST(SceneFile, RoundTripKeepsSettingsPinsCollidersAndCamera) {
    World world;
    SceneBuildInfo info;
    SceneDescription source = builtIn("hanging_cloth", 8);
    source.camera = R"({"yaw": 0.5, "target": [0, 1, 0]})";
    ASSERT_EQ(buildScene(world, source, &info), "");
    ASSERT_EQ(info.defaultPins.size(), 2u);
    ASSERT_EQ(setParam(world.settings, "iterations", "17"), "");
    ASSERT_EQ(setParam(world.settings, "solver", "hpbd"), "");
    ASSERT_EQ(setParam(world.settings, "gravity", "0,-5,1"), "");
    world.pin(info.defaultPins[0], false);
    world.pin(40, true);
    Collider ball = Collider::sphere(Vec3(0.2, 0.4, 0), 0.25);
    ball.motion = ColliderMotion::linear(ball, Vec3(0.5, 0, 0));
    ball.seeThrough = true;
    world.colliders.push_back(ball);
    world.colliders[0].center.y() = -0.01;

    const std::string path = content_test::freshDir() + "/scene.json";
    ASSERT_EQ(writeSceneFile(path, describeScene(world, source, info)), "");
    SceneDescription read;
    ASSERT_EQ(readSceneFile(path, read), "");
    EXPECT_EQ(read.scene, "hanging_cloth");
    EXPECT_EQ(read.params.resolution, 8);
    EXPECT_EQ(nlohmann::json::parse(read.camera), nlohmann::json::parse(source.camera));
    World back;
    ASSERT_EQ(buildScene(back, read), "");
    for (const ParamDesc& p : allParams())
        EXPECT_EQ(paramText(back.settings, p), paramText(world.settings, p)) << p.name;
    EXPECT_EQ(back.settings.solver, SolverKind::HPBD);
    EXPECT_STREQ(back.solver().name(), "hpbd");
    EXPECT_EQ(back.particles.pinned, world.particles.pinned);
    ASSERT_EQ(back.colliders.size(), 2u);
    EXPECT_EQ(back.colliders[0].center.y(), -0.01);
    EXPECT_EQ(back.colliders[1].motion.type, ColliderMotion::Type::Linear);
    EXPECT_EQ(back.colliders[1].radius, 0.25);
    EXPECT_FALSE(back.colliders[0].seeThrough);
    EXPECT_TRUE(back.colliders[1].seeThrough);
    EXPECT_EQ(stateHash(back), stateHash(world));
    for (int f = 0; f < 30; ++f) back.step();
    EXPECT_NEAR(back.colliders[1].center.x(), 0.2 + 0.5 * 0.5, 1e-12);  // moving at 0.5 m/s
}

TEST(SceneFile, UnchangedSettingsKeepTheScenesExactValues) {
    World world;
    SceneBuildInfo info;
    ASSERT_EQ(buildScene(world, builtIn("mgpbd_cloth", 4), &info), "");
    ASSERT_EQ(world.settings.stretch.compliance, 1e-9);  // not a value of the stretch slider
    const std::string path = content_test::freshDir() + "/mgpbd.json";
    ASSERT_EQ(writeSceneFile(path, describeScene(world, builtIn("mgpbd_cloth", 4), info)), "");
    World back;
    ASSERT_EQ(readAndBuild(path, back), "");
    EXPECT_EQ(back.settings.stretch.compliance, 1e-9);
    EXPECT_EQ(back.settings.frameDt, 0.003);
}

TEST(SceneFile, HandWrittenFileWithMotionAndNumbers) {
    const std::string path = write(R"({
      "format": "pbd-sandbox-scene", "version": 1,
      "scene": {"name": "hanging_cloth", "resolution": 6},
      "settings": {"iterations": 4, "self-collision": true, "gravity": [0, -1, 0], "solver": "xpbd"},
      "pins": {"pinned": [3], "unpinned": [0]},
      "colliders": [{"shape": "plane", "center": [0, 0, 0], "normal": [0, 2, 0]},
                    {"shape": "box", "center": [0, 0.5, 0], "half_extents": [0.1, 0.1, 0.1],
                     "motion": {"type": "rotation", "axis": [0, 1, 0], "speed": 1.5, "pivot": [0, 0.5, 1]}}]
    })");
    World world;
    ASSERT_EQ(readAndBuild(path, world), "");
    EXPECT_EQ(world.settings.iterations, 4);
    EXPECT_TRUE(world.settings.selfCollision);
    EXPECT_EQ(world.settings.gravity, Vec3(0, -1, 0));
    EXPECT_TRUE(world.particles.pinned[3]);
    EXPECT_FALSE(world.particles.pinned[0]);
    EXPECT_TRUE(world.particles.pinned[6]);  // the scene's other pin stays
    EXPECT_EQ(world.colliders[0].normal, Vec3::UnitY());
    world.step();
    EXPECT_NEAR((world.colliders[1].center - Vec3(0, 0.5, 1)).norm(), 1.0, 1e-12);  // on its circle
    EXPECT_GT(world.colliders[1].velocity.norm(), 1.4);
}

namespace {

void expectRefused(const std::string& json, const std::string& needle) {
    const std::string path = write(json);
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 4), "");
    const std::string before = stateHashText(world);
    const std::string error = readAndBuild(path, world);
    EXPECT_NE(error.find(needle), std::string::npos) << error;
    EXPECT_NE(error.find(path), std::string::npos) << "names the file: " << error;
    EXPECT_EQ(stateHashText(world), before);
}

const std::string kHead = R"({"format": "pbd-sandbox-scene", "version": 1, )";

}  // namespace

TEST(SceneFile, BadValuesAreRefusedNamingFileFieldAndValue) {
    expectRefused(R"({"format": "pbd-sandbox-scene", "version": 3, "scene": {"name": "curtain"}})",
                  "version: version 3 is not supported (this build reads version 1)");
    expectRefused(kHead + R"("scene": {"name": "curtains"}})",
                  "scene.name: unknown scene 'curtains'");
    expectRefused(kHead + R"("scene": {"name": "curtain", "resolution": 5000}})",
                  "scene.resolution: value 5000 is out of range [0, 4096]");
    expectRefused(kHead + R"("scene": {"name": "curtain"}, "settings": {"dt": 5}})",
                  "settings.dt: setting 'dt' = 5 is invalid");
    expectRefused(kHead + R"("scene": {"name": "curtain"}, "settings": {"iterations": -3}})",
                  "settings.iterations");
    expectRefused(kHead + R"("scene": {"name": "curtain"}, "settings": {"wobble": 1}})",
                  "settings.wobble: unknown setting");
    expectRefused(kHead + R"("scene": {"name": "curtain"}, "settings": {"solver": "magic"}})",
                  "settings.solver: setting 'solver' = magic is invalid");
    expectRefused(
        kHead + R"("scene": {"name": "hanging_cloth", "resolution": 4}, "pins": {"pinned": [25]}})",
        "pins.pinned[0]: particle 25 is out of range: the scene has 25 particles");
    expectRefused(
        kHead +
            R"("scene": {"name": "curtain"}, "colliders": [{"shape": "sphere", "center": [0, 1, 0], "radius": -1}]})",
        "colliders[0].radius: value -1 is out of range");
    expectRefused(
        kHead +
            R"("scene": {"name": "hanging_cloth"}, "colliders": [{"shape": "sphere", "center": [0, 1, 0], "radius": 1}]})",
        "colliders[0]: the scene's collider 0 is a plane, not a sphere");
    expectRefused(
        kHead +
            R"("scene": {"name": "hanging_cloth"}, "colliders": [{"shape": "plane", "center": [0, 0, 0], "normal": [0, 1, 0], "rotation": [[2, 0, 0], [0, 1, 0], [0, 0, 1]]}]})",
        "colliders[0].rotation");
    expectRefused(
        kHead +
            R"("scene": {"name": "curtain"}, "colliders": [{"shape": "box", "center": [0, 1e9, 0], "half_extents": [1, 1, 1]}]})",
        "colliders[0].center[1]: value 1000000000.0 is out of range [-10000, 10000]");
    expectRefused(
        kHead +
            R"("scene": {"name": "curtain"}, "colliders": [{"shape": "box", "center": [0, 1, 0], "half_extents": [1, 1, 1], "motion": {"type": "wiggle"}}]})",
        "colliders[0].motion.type: 'wiggle' is not a motion");
    expectRefused(kHead + R"("imports": [{"path": "nowhere.obj", "kind": "cloth"}]})",
                  "imports[0]: ");
    expectRefused(kHead + R"("imports": [{"path": "nowhere.obj", "kind": "cloth"}]})",
                  "nowhere.obj: no such file");
    expectRefused(kHead + R"("imports": [{"path": "x.obj", "kind": "jelly"}]})",
                  "imports[0].kind: 'jelly' is not a body kind");
    expectRefused(kHead + R"("imports": [{"path": "x.obj", "kind": "softbody", "tets": 5}]})",
                  "imports[0].tets: value 5 is out of range [100, 2000000]");
    expectRefused(kHead + R"("scene": {"name": "curtain"}, "imports": []})",
                  "needs exactly one of");
    expectRefused(R"({"version": 1, "scene": {"name": "curtain"}})",
                  "not a pbd-sandbox scene file");
    expectRefused(kHead + R"("scene": {"name": "curtain"}, "camera": 3})",
                  "camera: expected an object");
}

TEST(SceneFile, ImportPathsAreRelativeToTheSceneFile) {
    const std::string dir = content_test::freshDir();
    std::ofstream(dir + "/quad.obj") << "v 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nf 1 2 3\nf 1 3 4\n";
    std::ofstream(dir + "/scene.json")
        << kHead + R"("imports": [{"path": "quad.obj", "kind": "cloth", "pins": [0]}]})";
    World world;
    SceneDescription d;
    ASSERT_EQ(readSceneFile(dir + "/scene.json", d), "");
    SceneBuildInfo info;
    ASSERT_EQ(buildScene(world, d, &info), "");
    EXPECT_EQ(world.particles.size(), 4);
    EXPECT_TRUE(world.particles.pinned[0]);
    ASSERT_EQ(info.imports.size(), 1u);
    EXPECT_NEAR(info.imports[0].scale, 1.5, 1e-12);
    ASSERT_EQ(world.colliders.size(), 1u);  // the ground
    // Written back with an absolute path, it loads from anywhere.
    const std::string copy = content_test::freshDir("_copy") + "/scene.json";
    ASSERT_EQ(writeSceneFile(copy, describeScene(world, d, info)), "");
    World again;
    ASSERT_EQ(readAndBuild(copy, again), "");
    EXPECT_EQ(stateHash(again), stateHash(world));
}

// Long arrays of numbers are held packed while read (json_read.h): they read, and are refused,
// exactly as short ones, with the message naming the element.
TEST(SceneFile, LongPinListsReadAndAreRefusedLikeShortOnes) {
    std::string pins;
    for (int k = 0; k < 40; ++k) {
        if (k > 0) pins += ",";
        pins += std::to_string(k % 25);
    }
    const auto file = [&](const std::string& tail) {
        return kHead +
               R"("scene": {"name": "hanging_cloth", "resolution": 4}, "pins": {"pinned": [)" +
               pins + tail + "]}}";
    };
    World world;
    ASSERT_EQ(readAndBuild(write(file("")), world), "");
    ASSERT_EQ(world.particles.size(), 25);
    for (int i = 0; i < 25; ++i) EXPECT_TRUE(world.particles.pinned[i]) << i;

    expectRefused(file(",25"), "pins.pinned[40]: particle 25 is out of range");
    expectRefused(file(",-1"), "pins.pinned[40]: value -1 is out of range [0, 1073741824]");
    expectRefused(file(",2.5"), "pins.pinned[40]: expected an integer, got 2.5");
    expectRefused(file(",3.0,7"), "pins.pinned[40]: expected an integer, got 3.0");
    expectRefused(file(",4294967297"),
                  "pins.pinned[40]: value 4294967297 is out of range [0, 1073741824]");
    expectRefused(file(",\"a\""), "pins.pinned[40]: expected an integer, got \"a\"");
    expectRefused(file(",1e400"), "pins.pinned[40]: number out of range");
}

// MGPBD's bench knobs (ParamLevel::Bench) are no settings of the sandbox: a saved scene has
// none of them, while a scene file written before they left its settings, which holds them,
// still loads with their values (what its run used).
TEST(SceneFile, BenchKnobsAreNotSavedButAnOlderFilesAreRead) {
    ASSERT_FALSE(benchParams().empty());
    World world;
    SceneBuildInfo info;
    ASSERT_EQ(buildScene(world, builtIn("mgpbd_cloth", 4), &info), "");
    const std::string path = content_test::freshDir() + "/scene.json";
    ASSERT_EQ(writeSceneFile(path, describeScene(world, builtIn("mgpbd_cloth", 4), info)), "");
    std::ifstream in(path);
    const nlohmann::json saved = nlohmann::json::parse(in);
    EXPECT_TRUE(saved["settings"].contains("mgpbd-preset"));
    for (const ParamDesc& p : benchParams()) EXPECT_FALSE(saved["settings"].contains(p.name));
    World old;
    ASSERT_EQ(readAndBuild(write(R"({"format": "pbd-sandbox-scene", "version": 1,
        "scene": {"name": "mgpbd_cloth", "resolution": 4},
        "settings": {"mgpbd-jacobi-pcg": true, "mgpbd-theta": 0.25}})"),
                           old),
              "");
    const MgpbdLinearSystem& system = old.settings.block<MgpbdSettings>().system;
    EXPECT_TRUE(system.jacobiPreconditioner);
    EXPECT_EQ(system.amg.strengthTheta, 0.25);
}
