// Issue 17, the window's own content without a window (app/gui/sim_session.h): the Scene
// panel's Save and Load round-trip a scene with a moved collider, a pin and an edited setting,
// and the loaded world runs as the same file loaded from the command line does; a bad scene
// file keeps the running scene and names the file; scripted "save" and "load" "file" events
// reach the same commands and are recorded.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "app/gui/scripted_input.h"
#include "app/gui/session_recording.h"
#include "app/gui/sim_session.h"
#include "app/gui/sim_thread.h"
#include "sim/core/state_hash.h"

using namespace app::gui;
namespace fs = std::filesystem;

namespace {

app::Options clothOnSphere() {
    app::Options o;
    o.scene = "cloth_on_sphere";
    o.sceneParams.resolution = 8;
    return o;
}

std::string temp(const std::string& name) {
    return testing::TempDir() + name;
}

// The session's current scene generation and message, read as the window reads them.
Snapshot published(const SimSession& session) {
    Snapshot snap;
    session.publish({}, snap);
    return snap;
}

}  // namespace

TEST(WindowContent, SavedSceneLoadsBackAsItWasSaved) {
    const std::string path = temp("saved_scene.json");
    SimSession a(clothOnSphere());
    ASSERT_EQ(a.start(), "");
    uint64_t seq = 0;
    const long generation = published(a).generation;
    const sim::Vec3 moved = a.world().colliders[1].center + sim::Vec3(0.3, -0.1, 0);
    a.apply(BeginColliderDrag{generation, 1, a.world().colliders[1].center}, ++seq);
    a.apply(MoveColliderDrag{moved}, ++seq);
    a.advanceFrame();
    a.apply(EndColliderDrag{}, ++seq);
    const sim::Vec3 placed = a.world().colliders[1].center;
    ASSERT_LT((placed - moved).norm(), 1e-12);
    sim::Settings edit = a.world().settings;
    edit.iterations = 13;
    a.apply(SetSettings{std::make_shared<const sim::Settings>(edit)}, ++seq);
    a.apply(SetPin{generation, 3, true}, ++seq);
    a.apply(SaveSceneFile{path}, ++seq);
    EXPECT_NE(published(a).message.find("saved the scene to " + path), std::string::npos);

    a.apply(LoadScene{"hanging_cloth", 4}, ++seq);
    ASSERT_EQ(published(a).sceneName, "hanging_cloth");
    a.apply(LoadSceneFile{path}, ++seq);
    const Snapshot snap = published(a);
    EXPECT_EQ(snap.sceneName, "cloth_on_sphere");
    EXPECT_EQ(snap.particleCount(), 9 * 9);
    EXPECT_EQ(snap.frame, 0);
    EXPECT_EQ(a.world().colliders[1].center, placed);  // bit for bit
    EXPECT_EQ(a.world().settings.iterations, 13);
    EXPECT_TRUE(a.world().particles.pinned[3]);
    // R rebuilds the loaded file's scene, with its own settings.
    a.apply(LoadScene{"cloth_on_sphere", snap.resolution}, ++seq);
    EXPECT_EQ(a.world().colliders[1].center, placed);
    EXPECT_EQ(a.world().settings.iterations, 13);

    // The same file from the command line (--scene-file) runs to the same state.
    app::Options fromFile;
    fromFile.sceneFile = path;
    SimSession b(fromFile);
    ASSERT_EQ(b.start(), "");
    for (int f = 0; f < 30; ++f) a.advanceFrame(), b.advanceFrame();
    EXPECT_EQ(sim::stateHash(a.world()), sim::stateHash(b.world()));
    EXPECT_EQ(a.world().frame(), 30);
}

TEST(WindowContent, ABadSceneFileKeepsTheRunningScene) {
    SimSession session(clothOnSphere());
    ASSERT_EQ(session.start(), "");
    for (int f = 0; f < 3; ++f) session.advanceFrame();
    const uint64_t hash = sim::stateHash(session.world());
    const long generation = published(session).generation;
    const std::string missing = temp("no_such_scene.json");
    const std::string bad = temp("bad_scene.json");
    std::ofstream(bad) << R"({"format": "pbd-sandbox-scene", "version": 1,
        "scene": {"name": "cloth_on_sphere"}, "settings": {"dt": -1}})";
    for (const std::string& file : {missing, bad}) {
        session.apply(LoadSceneFile{file}, 1);
        const Snapshot snap = published(session);
        EXPECT_NE(snap.message.find("cannot load the scene file " + file), std::string::npos)
            << snap.message;
        EXPECT_EQ(snap.generation, generation);
        EXPECT_EQ(snap.frame, 3);
        EXPECT_EQ(sim::stateHash(session.world()), hash);
    }
    EXPECT_NE(published(session).message.find("dt"), std::string::npos);  // the problem
    EXPECT_TRUE(session.log().empty());  // refused loads are not logged
    session.apply(SaveSceneFile{temp("no_such_folder/x.json")}, 2);
    EXPECT_NE(published(session).message.find("cannot save the scene"), std::string::npos);
}

// The scripted events stand for the panel's buttons: a "save" then a "load" of the file go
// through panelSaveScene / panelLoadSceneFile, and a session recording writes them back.
TEST(WindowContent, ScriptedSaveAndLoadAreRecorded) {
    const app::Options o = clothOnSphere();
    SimThread sim(o, Pacing::Lockstep);
    Sandbox s;
    s.options = o;
    s.sim = &sim;
    ASSERT_EQ(sim.start(""), "");
    ASSERT_TRUE(takeSnapshot(s));
    const std::string scene = temp("scripted_scene.json"), script = temp("files_script.json");
    fs::remove(scene);
    std::ofstream(script) << R"({"events": [
        {"frame": 1, "type": "set", "name": "iterations", "value": 7},
        {"frame": 2, "type": "save", "file": ")" +
                                 scene + R"("},
        {"frame": 3, "type": "set", "name": "iterations", "value": 9},
        {"frame": 4, "type": "load", "file": ")" +
                                 scene + R"("}]})";
    InputScript input;
    ASSERT_EQ(input.load(script), "");
    s.basePacing = Pacing::Lockstep;
    startSessionRecording(s, temp("files_session.json"), false);
    for (int f = 0; f < 5; ++f) {
        s.inputFrame = f;
        input.dispatch(s, f);
        sim.runFrame();
        s.inputFrame = f + 1;
        takeSnapshot(s);
        if (f == 3) {
            EXPECT_EQ(s.view.settings.iterations, 9);
        }
    }
    EXPECT_TRUE(fs::exists(scene));
    EXPECT_EQ(s.view.settings.iterations, 7);  // as saved
    EXPECT_EQ(s.view.frame, 1);                // the loaded scene ran one frame
    ASSERT_EQ(stopSessionRecording(s), "");
    ScriptFile recorded;
    ASSERT_EQ(readInputScript(temp("files_session.json"), recorded), "");
    ASSERT_EQ(recorded.events.size(), 4u);
    EXPECT_EQ(recorded.events[1].type, ScriptEvent::Type::Save);
    EXPECT_EQ(recorded.events[1].frame, 2);
    EXPECT_EQ(recorded.events[3].type, ScriptEvent::Type::Load);
    EXPECT_EQ(recorded.events[3].path, scene);
    EXPECT_EQ(recorded.events[3].frame, 4);
}
