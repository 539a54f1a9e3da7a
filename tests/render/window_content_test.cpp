// Issue 17, the window's own content without a window (app/gui/sim_session.h): the Scene
// panel's Save and Load round-trip a scene with a moved collider, a pin and an edited setting,
// and the loaded world runs as the same file loaded from the command line does; a bad scene
// file keeps the running scene and names the file; the mesh export writes one OBJ per
// simulated frame and reports a failure to write; scripted "save" and "load" "file" events
// reach the same commands and are recorded.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "app/gui/scripted_input.h"
#include "app/gui/session_recording.h"
#include "app/gui/sim_session.h"
#include "app/gui/sim_thread.h"
#include "sim/world/state_hash.h"

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

int objFiles(const std::string& folder) {
    int n = 0;
    for (const auto& entry : fs::directory_iterator(folder))
        n += entry.path().extension() == ".obj";
    return n;
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

TEST(WindowContent, MeshExportWritesOneObjPerSimulatedFrame) {
    app::Options o = clothOnSphere();
    o.settings.set("dt", "0.008333333333333333");  // two world frames per displayed frame
    const std::string folder = temp("export_meshes");
    fs::remove_all(folder);
    SimSession session(o);
    ASSERT_EQ(session.start(), "");
    session.advanceFrame();
    session.apply(StartMeshExport{folder}, 1);
    for (int f = 0; f < 3; ++f) session.advanceFrame();
    EXPECT_EQ(published(session).exportFolder, folder);
    EXPECT_EQ(published(session).exportedFrames, 6);
    session.apply(StopMeshExport{}, 2);
    session.advanceFrame();
    EXPECT_EQ(objFiles(folder), 6);
    for (int frame = 3; frame <= 8; ++frame)  // world frames 3 to 8, in order
        EXPECT_TRUE(fs::exists(fs::path(folder) / sim::exportFrameName(frame))) << frame;
    const Snapshot snap = published(session);
    EXPECT_TRUE(snap.exportFolder.empty());
    EXPECT_FALSE(snap.outputFailed);
    EXPECT_NE(snap.message.find("6 OBJ files in " + folder), std::string::npos) << snap.message;
}

TEST(WindowContent, AFailedExportIsReported) {
    const std::string file = temp("export_blocker");
    std::ofstream(file) << "a file, not a folder";
    SimSession session(clothOnSphere());
    ASSERT_EQ(session.start(), "");
    session.apply(StartMeshExport{file + "/meshes"}, 1);
    Snapshot snap = published(session);
    EXPECT_TRUE(snap.outputFailed);
    EXPECT_TRUE(snap.exportFolder.empty());
    EXPECT_NE(snap.message.find("cannot export meshes: " + file), std::string::npos)
        << snap.message;

    SimSession running(clothOnSphere());
    ASSERT_EQ(running.start(), "");
    const std::string folder = temp("export_vanishes");
    running.apply(StartMeshExport{folder}, 1);
    running.advanceFrame();
    fs::remove_all(folder);  // the next file cannot be written
    running.advanceFrame();
    snap = published(running);
    EXPECT_TRUE(snap.outputFailed);
    EXPECT_TRUE(snap.exportFolder.empty());  // stopped
    EXPECT_NE(snap.message.find("mesh export stopped: cannot write " + folder), std::string::npos)
        << snap.message;
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
    s.inputs.basePacing = Pacing::Lockstep;
    startSessionRecording(s, temp("files_session.json"), false);
    for (int f = 0; f < 5; ++f) {
        s.inputs.inputFrame = f;
        input.dispatch(s, f);
        sim.runFrame();
        s.inputs.inputFrame = f + 1;
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
