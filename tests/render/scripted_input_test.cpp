// Scripted input (app/gui/scripted_input.h) without a window: bad files are refused with a
// message naming the file, event and value; good events reach the same handlers as the
// mouse and keys and become commands to the simulation thread, run in lockstep (a press
// over the cloth grabs the particle under the cursor, keys pause and switch solver keeping
// the state, release restores the particle's pin state), each logged with its frame.
#include "app/gui/scripted_input.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <glm/glm.hpp>

#include "app/gui/input.h"
#include "app/gui/input_script_file.h"
#include "app/gui/mesh_drop.h"
#include "app/gui/session_recording.h"
#include "app/gui/sim_thread.h"
#include "sim/solvers/solver.h"

using namespace app::gui;

namespace {

std::string writeTemp(const std::string& name, const std::string& text) {
    const std::string path = testing::TempDir() + name;
    std::ofstream(path) << text;
    return path;
}

// The window pixel where world point p appears.
glm::dvec2 pixelOf(const Sandbox& s, const sim::Vec3& p) {
    const glm::dmat4 vp = glm::dmat4(s.display.camera.projection(double(s.display.windowWidth) /
                                                                 s.display.windowHeight)) *
                          glm::dmat4(s.display.camera.view());
    const glm::dvec4 c = vp * glm::dvec4(p.x(), p.y(), p.z(), 1.0);
    return {(c.x / c.w + 1) / 2 * s.display.windowWidth - 0.5,
            (1 - c.y / c.w) / 2 * s.display.windowHeight - 0.5};
}

// hanging_cloth at resolution 8 on a lockstep simulation thread, and the window state on it.
struct LockstepCloth {
    app::Options options = [] {
        app::Options o;
        o.scene = "hanging_cloth";
        o.sceneParams.resolution = 8;
        return o;
    }();
    SimThread sim{options, Pacing::Lockstep};
    Sandbox s;
    LockstepCloth() {
        s.options = options;
        s.sim = &sim;
    }
};

// One lockstep frame in every pane (as the window loop runs them), then the snapshots.
void runEveryPane(Sandbox& s) {
    s.sim->runFrame();
    for (ComparePane& p : s.compare.others) p.sim->runFrame();
    takeSnapshot(s);
}

}  // namespace

TEST(ScriptedInput, BadFilesNameTheProblem) {
    InputScript script;
    EXPECT_NE(script.load("/nonexistent/x.json").find("/nonexistent/x.json"), std::string::npos);
    std::string path = writeTemp("bad1.json", "{\"events\": [ {\"frame\": 1, ");
    EXPECT_NE(script.load(path).find("not valid JSON"), std::string::npos);
    path = writeTemp("bad2.json", R"({"events": [{"frame": 1, "type": "move", "x": 1, "y": 2},
                                                 {"frame": 2, "type": "key", "key": "f13"}]})");
    const std::string error = script.load(path);
    EXPECT_NE(error.find("event 1"), std::string::npos) << error;
    EXPECT_NE(error.find("f13"), std::string::npos) << error;
    path = writeTemp("bad3.json", R"({"events": [{"frame": -4, "type": "move", "x": 1, "y": 2}]})");
    EXPECT_NE(script.load(path).find("-4"), std::string::npos);
    path =
        writeTemp("bad4.json", R"({"events": [{"frame": 1, "type": "press", "button": "side"}]})");
    EXPECT_NE(script.load(path).find("side"), std::string::npos);
}

TEST(ScriptedInput, PressOverClothGrabsThenKeysSwitchSolverKeepingState) {
    LockstepCloth rig;
    SimThread& sim = rig.sim;
    Sandbox& s = rig.s;
    ASSERT_EQ(sim.start(""), "");
    ASSERT_TRUE(takeSnapshot(s));
    // The free far corner (row 8, col 8) of the 9 x 9 grid, nudged towards the cloth centre
    // so the ray hits a triangle of which it is the nearest vertex.
    const int corner = 8 * 9 + 8;
    const sim::Vec3 centre = s.view.x[4 * 9 + 4];
    const sim::Vec3 aim = s.view.x[corner] + 0.05 * (centre - s.view.x[corner]);
    const glm::dvec2 px = pixelOf(s, aim);
    const std::string path = writeTemp(
        "good.json", "{\"events\": [{\"frame\": 0, \"type\": \"move\", \"x\": " +
                         std::to_string(px.x) + ", \"y\": " + std::to_string(px.y) +
                         "}, {\"frame\": 0, \"type\": \"press\"},"
                         " {\"frame\": 1, \"type\": \"move\", \"x\": " +
                         std::to_string(px.x + 40) + ", \"y\": " + std::to_string(px.y - 30) +
                         "}, {\"frame\": 2, \"type\": \"key\", \"key\": \"2\"},"
                         " {\"frame\": 3, \"type\": \"key\", \"key\": \"space\"},"
                         " {\"frame\": 4, \"type\": \"release\"}]}");
    InputScript script;
    ASSERT_EQ(script.load(path), "");
    auto frame = [&](int f) {
        script.dispatch(s, f);
        sim.runFrame();
        takeSnapshot(s);
    };

    frame(0);
    ASSERT_TRUE(s.view.grab);
    EXPECT_EQ(s.view.grab->particle, corner);
    EXPECT_TRUE(s.view.pinned[corner]);  // pinned while held
    const sim::Vec3 before = s.view.grab->target;
    frame(1);
    const sim::Vec3 moved = s.view.grab->target;
    EXPECT_GT((moved - before).norm(), 0.01);
    // The target stays in the plane through the grabbed point facing the camera.
    EXPECT_NEAR((moved - before).dot(s.mouse.grabPlaneNormal), 0.0, 1e-9);

    frame(2);
    EXPECT_EQ(s.view.settings.solver, sim::SolverKind::XPBD);
    EXPECT_TRUE(s.view.grab);
    frame(3);
    EXPECT_TRUE(s.view.paused);
    const std::vector<sim::Vec3> x = s.view.x;
    frame(4);
    EXPECT_FALSE(s.view.grab);
    EXPECT_FALSE(s.view.pinned[corner]);  // its mass is back
    EXPECT_EQ(s.view.x, x);               // paused: nothing moved

    // Every edit is in the log, as a value, with the frame it was applied at: the press
    // before simulated frame 1, the solver key before frame 3, the release while paused.
    const std::vector<AppliedCommand> log = sim.editLog();
    ASSERT_EQ(log.size(), 5u);
    EXPECT_TRUE(std::holds_alternative<BeginGrab>(log[0].command));
    EXPECT_EQ(log[0].frame, 0);
    EXPECT_TRUE(std::holds_alternative<MoveGrab>(log[1].command));
    EXPECT_EQ(log[1].frame, 1);
    ASSERT_TRUE(std::holds_alternative<SelectSolver>(log[2].command));
    EXPECT_EQ(std::get<SelectSolver>(log[2].command).kind, sim::SolverKind::XPBD);
    EXPECT_EQ(log[2].frame, 2);
    EXPECT_TRUE(std::holds_alternative<SetPaused>(log[3].command));
    EXPECT_EQ(log[3].frame, 3);
    EXPECT_TRUE(std::holds_alternative<EndGrab>(log[4].command));
    EXPECT_EQ(log[4].frame, 3);
}

// The keys 1-9 follow the solver list: the n-th key switches to its n-th solver, whatever
// the list holds, and the help names it.
TEST(ScriptedInput, NumberKeysSwitchToTheSolverListInOrder) {
    LockstepCloth rig;
    SimThread& sim = rig.sim;
    Sandbox& s = rig.s;
    ASSERT_EQ(sim.start(""), "");
    ASSERT_TRUE(takeSnapshot(s));
    const auto solvers = sim::solverTable();
    ASSERT_GE(solvers.size(), 5u);
    for (size_t i = solvers.size(); i-- > 0;) {
        const std::string key = std::to_string(i + 1);
        onKey(s, keyFromName(key));
        sim.runFrame();
        takeSnapshot(s);
        EXPECT_EQ(s.view.settings.solver, solvers[i].kind) << "key " << key;
        bool named = false;
        for (const KeyBinding& b : keyBindings())
            named = named || (key == b.label && std::string(b.help).find(sim::solverTitle(
                                                    solvers[i].kind)) != std::string::npos);
        EXPECT_TRUE(named) << "the help names solver " << sim::solverName(solvers[i].kind);
    }
}

// Issue 56: V splits the running scene into the running solver and the compare row's default
// (MGPBD), both continuing from the same frame; the solver keys are refused while split; an
// edit reaches both panes; V again leaves one pane.
TEST(ScriptedInput, VSplitsIntoComparePanesAndBack) {
    LockstepCloth rig;
    SimThread& sim = rig.sim;
    Sandbox& s = rig.s;
    ASSERT_EQ(sim.start(""), "");
    for (int f = 0; f < 5; ++f) sim.runFrame();
    takeSnapshot(s);
    ASSERT_EQ(s.view.frame, 5);
    onKey(s, keyFromName("v"));
    ASSERT_EQ(paneCount(s), 2) << s.panel.message;
    auto runAll = [&] { runEveryPane(s); };
    runAll();
    EXPECT_EQ(s.view.settings.solver, sim::SolverKind::PBD);
    EXPECT_EQ(paneView(s, 1).settings.solver, sim::SolverKind::MGPBD);
    EXPECT_EQ(paneView(s, 1).frame, s.view.frame);
    EXPECT_EQ(paneView(s, 1).x.size(), s.view.x.size());
    onKey(s, keyFromName("2"));
    runAll();
    EXPECT_EQ(s.view.settings.solver, sim::SolverKind::PBD);
    EXPECT_NE(s.panel.message.find("each pane keeps its solver"), std::string::npos);
    sim::Settings edit = s.panel.settings;
    edit.iterations = 17;
    editSettings(s, edit);
    runAll();
    EXPECT_EQ(s.view.settings.iterations, 17);
    EXPECT_EQ(paneView(s, 1).settings.iterations, 17);
    EXPECT_EQ(paneView(s, 1).settings.solver, sim::SolverKind::MGPBD);
    onKey(s, keyFromName("v"));
    EXPECT_EQ(paneCount(s), 1);
}

// Issue 56: once a knife stroke applied to the first pane alone has made the panes' meshes
// differ, a press picks in each pane's own mesh with the same view ray (not by index).
TEST(ScriptedInput, AfterTheMeshesDifferEachPanePicksInItsOwnMesh) {
    LockstepCloth rig;
    SimThread& sim = rig.sim;
    Sandbox& s = rig.s;
    ASSERT_EQ(sim.start(""), "");
    sim.runFrame();
    takeSnapshot(s);
    onKey(s, keyFromName("v"));
    ASSERT_EQ(paneCount(s), 2) << s.panel.message;
    auto runAll = [&] { runEveryPane(s); };
    for (int f = 0; f < 20; ++f) runAll();
    ASSERT_TRUE(sameTopology(s));
    // A vertical stroke through the cloth's middle, in the first pane only.
    const sim::Bounds& b = s.view.subjectBounds;
    const sim::Vec3 c = 0.5 * (b.lo + b.hi), up(0, 0.4 * (b.hi.y() - b.lo.y()), 0);
    const glm::dvec3 eye = s.display.camera.eye();
    sim.push(Cut{sim::Vec3(eye.x, eye.y, eye.z), c + up, c - up});
    runAll();
    ASSERT_FALSE(sameTopology(s)) << s.view.x.size() << " and " << paneView(s, 1).x.size();
    // Press on a particle the cut made in the first pane (an index the second pane lacks), aimed
    // a little into one of its triangles so the pick's nearest vertex is that one.
    const int made = static_cast<int>(paneView(s, 1).x.size());
    sim::Vec3 target = s.view.x[made];
    for (const sim::Triangle& t : *s.view.triangles)
        if (t[0] == made || t[1] == made || t[2] == made) {
            target += 0.1 * ((s.view.x[t[0]] + s.view.x[t[1]] + s.view.x[t[2]]) / 3 - target);
            break;
        }
    const PaneRect pane = paneRect(s, 0);
    const glm::dvec2 p = s.display.camera.pixelOf(glm::dvec3(target.x(), target.y(), target.z()),
                                                  int(pane.width), int(pane.height));
    onCursor(s, p.x, p.y);
    const sim::Ray ray = cursorRay(s);
    onMouseButton(s, MouseButton::Left, true, false);
    runAll();
    ASSERT_TRUE(s.view.grab);
    EXPECT_EQ(s.view.grab->particle, made);  // by index, the second pane would grab nothing
    for (int k = 0; k < 2; ++k) {
        const auto hit = pick(paneView(s, k), ray);
        ASSERT_TRUE(hit) << "pane " << k;
        ASSERT_TRUE(paneView(s, k).grab) << "pane " << k;
        EXPECT_EQ(paneView(s, k).grab->particle, hit->particle) << "pane " << k;
    }
    // A Ctrl-click there pins, in each pane, the particle under the same ray in its own mesh.
    onMouseButton(s, MouseButton::Left, false, false);
    runAll();
    std::vector<int> under;
    for (int k = 0; k < 2; ++k) {
        const auto hit = pick(paneView(s, k), cursorRay(s));
        ASSERT_TRUE(hit) << "pane " << k;
        ASSERT_EQ(paneView(s, k).pinned[hit->particle], 0) << "pane " << k;
        under.push_back(hit->particle);
    }
    ASSERT_NE(under[0], under[1]);  // by index, one pane would pin another particle or none
    onMouseButton(s, MouseButton::Left, true, true);
    onMouseButton(s, MouseButton::Left, false, true);
    runAll();
    for (int k = 0; k < 2; ++k)
        EXPECT_NE(paneView(s, k).pinned[under[k]], 0) << "pane " << k << " particle " << under[k];
}

// Issue 17: a "set" event is a panel edit: it goes through editSettings as the Solver panel's
// widgets do (a "load" event through panelLoad, as the Scene panel's list and Reset do),
// becomes a command applied before the frame it names, and a session recording running at
// the time writes it back as the same event at the same frame.
TEST(ScriptedInput, SetEventsEditSettingsAndAreRecorded) {
    LockstepCloth rig;
    SimThread& sim = rig.sim;
    Sandbox& s = rig.s;
    ASSERT_EQ(sim.start(""), "");
    ASSERT_TRUE(takeSnapshot(s));
    const std::string path = writeTemp("set.json", R"({"events": [
        {"frame": 2, "type": "set", "name": "iterations", "value": 17},
        {"frame": 3, "type": "set", "name": "solver", "value": "xpbd"},
        {"frame": 4, "type": "set", "name": "solver", "value": "xpbd"},
        {"frame": 4, "type": "key", "key": "k"},
        {"frame": 5, "type": "load", "scene": "hanging_cloth", "resolution": 6}]})");
    InputScript script;
    ASSERT_EQ(script.load(path), "");
    s.inputs.basePacing = Pacing::Lockstep;
    startSessionRecording(s, testing::TempDir() + "session.json", false);
    for (int f = 0; f < 6; ++f) {
        s.inputs.inputFrame = f;
        script.dispatch(s, f);
        sim.runFrame();
        s.inputs.inputFrame = f + 1;
        takeSnapshot(s);
        if (f == 1) {
            EXPECT_NE(s.view.settings.iterations, 17);
        }
        if (f == 2 || f == 4) {
            EXPECT_EQ(s.view.settings.iterations, 17);
        }
        if (f == 4) {
            EXPECT_EQ(s.view.settings.solver, sim::SolverKind::XPBD);
        }
    }
    EXPECT_EQ(s.view.settings.solver, sim::SolverKind::XPBD);  // a load keeps the chosen solver
    EXPECT_EQ(s.view.particleCount(), 7 * 7);                  // reloaded at resolution 6
    const std::vector<AppliedCommand> log = sim.editLog();
    ASSERT_EQ(log.size(), 3u);  // the second solver event asks for what is already chosen
    EXPECT_TRUE(std::holds_alternative<SetSettings>(log[0].command));
    EXPECT_EQ(log[0].frame, 2);
    EXPECT_TRUE(std::holds_alternative<SelectSolver>(log[1].command));
    EXPECT_EQ(log[1].frame, 3);

    ASSERT_EQ(stopSessionRecording(s), "");
    ScriptFile recorded;
    ASSERT_EQ(readInputScript(testing::TempDir() + "session.json", recorded), "");
    ASSERT_EQ(recorded.events.size(), 4u);
    EXPECT_EQ(recorded.events[0].type, ScriptEvent::Type::Set);
    EXPECT_EQ(recorded.events[0].name, "iterations");
    EXPECT_EQ(recorded.events[0].value, "17");
    EXPECT_EQ(recorded.events[0].frame, 2);
    EXPECT_EQ(recorded.events[1].name, "solver");
    EXPECT_EQ(recorded.events[1].value, "xpbd");
    EXPECT_EQ(recorded.events[1].frame, 3);
    EXPECT_EQ(recorded.events[2].type, ScriptEvent::Type::Key);
    EXPECT_EQ(recorded.events[2].frame, 4);
    EXPECT_EQ(recorded.events[3].type, ScriptEvent::Type::Load);
    EXPECT_EQ(recorded.events[3].resolution, 6);
    EXPECT_EQ(recorded.events[3].frame, 5);
}

// Issue 17: the drop handler (what GLFW's drop callback calls) loads an open surface as a
// cloth that replaces the scene; a broken file is named with its problem and the running
// scene is untouched.
TEST(ScriptedInput, DroppedFilesLoadOrSayWhyNot) {
    LockstepCloth rig;
    SimThread& sim = rig.sim;
    Sandbox& s = rig.s;
    ASSERT_EQ(sim.start(""), "");
    ASSERT_TRUE(takeSnapshot(s));
    auto frame = [&] {
        pollImport(s, true);
        sim.runFrame();
        takeSnapshot(s);
    };
    frame();
    const std::string broken = writeTemp("broken.obj", "v 0 0 0\nv 1 0 0\nf 1 2 7\n");
    onDrop(s, broken);
    EXPECT_FALSE(s.inputs.import);
    EXPECT_NE(s.panel.message.find(broken), std::string::npos) << s.panel.message;
    EXPECT_NE(s.panel.message.find("vertex"), std::string::npos) << s.panel.message;
    const long before = s.view.frame;
    frame();
    EXPECT_EQ(s.view.sceneName, "hanging_cloth");
    EXPECT_EQ(s.view.particleCount(), 81);
    EXPECT_EQ(s.view.frame, before + 1);  // still running

    const std::string quad =
        writeTemp("quad.obj", "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3\nf 1 3 4\n");
    onDrop(s, quad);
    ASSERT_TRUE(s.inputs.import);
    frame();
    EXPECT_FALSE(s.inputs.import);
    EXPECT_EQ(s.view.sceneName, "imported");
    EXPECT_EQ(s.view.particleCount(), 4);
}

// Issue 17: a press with no cloth under the cursor that meets a collider drags the collider
// (mouse_tools.cpp): cloth_on_sphere's sphere follows the cursor in the plane through the
// picked point facing the camera, moving with the velocity of that motion, and stays where it
// was put on release. The drag is three commands in the log, like a grab.
TEST(ScriptedInput, PressOnAColliderDragsIt) {
    app::Options o;
    o.scene = "cloth_on_sphere";
    o.sceneParams.resolution = 8;
    SimThread sim(o, Pacing::Lockstep);
    Sandbox s;
    s.options = o;
    s.sim = &sim;
    ASSERT_EQ(sim.start(""), "");
    ASSERT_TRUE(takeSnapshot(s));
    ASSERT_EQ(s.view.colliders.size(), 2u);  // the ground, the sphere
    const sim::Vec3 centre = s.view.colliders[1].center;
    const glm::dvec2 px = pixelOf(s, centre - sim::Vec3(0, 0.2, 0));  // below the cloth
    const std::string path = writeTemp(
        "collider.json", "{\"events\": [{\"frame\": 0, \"type\": \"move\", \"x\": " +
                             std::to_string(px.x) + ", \"y\": " + std::to_string(px.y) +
                             "}, {\"frame\": 0, \"type\": \"press\"},"
                             " {\"frame\": 1, \"type\": \"move\", \"x\": " +
                             std::to_string(px.x + 60) + ", \"y\": " + std::to_string(px.y) +
                             "}, {\"frame\": 2, \"type\": \"release\"}]}");
    InputScript script;
    ASSERT_EQ(script.load(path), "");
    auto frame = [&](int f) {
        script.dispatch(s, f);
        sim.runFrame();
        takeSnapshot(s);
    };
    frame(0);
    ASSERT_EQ(s.mouse.drag, Drag::Collider);
    ASSERT_TRUE(s.view.colliderDrag);
    EXPECT_EQ(s.view.colliderDrag->collider, 1);
    EXPECT_FALSE(s.view.grab);
    EXPECT_LT((s.view.colliders[1].center - centre).norm(), 1e-12);  // not moved yet
    frame(1);
    // The picked point is where the cursor holds it: the centre moved by the same amount,
    // within the plane facing the camera, to the right on screen.
    const sim::Vec3 moved = s.view.colliders[1].center - centre;
    const sim::Vec3 picked = s.view.colliders[1].center + s.view.colliderDrag->anchorOffset;
    EXPECT_LT((picked - s.mouse.grabTarget).norm(), 1e-9);
    EXPECT_GT(moved.norm(), 0.05);
    EXPECT_NEAR(moved.dot(s.mouse.grabPlaneNormal), 0.0, 1e-9);
    EXPECT_GT(pixelOf(s, s.view.colliders[1].center).x, pixelOf(s, centre).x + 30);
    frame(2);
    EXPECT_FALSE(s.view.colliderDrag);
    EXPECT_EQ(s.mouse.drag, Drag::None);
    EXPECT_LT((s.view.colliders[1].center - centre - moved).norm(), 1e-12);  // stays put
    EXPECT_EQ(s.view.colliders[1].velocity, sim::Vec3::Zero());

    const std::vector<AppliedCommand> log = sim.editLog();
    ASSERT_EQ(log.size(), 3u);
    EXPECT_TRUE(std::holds_alternative<BeginColliderDrag>(log[0].command));
    EXPECT_TRUE(std::holds_alternative<MoveColliderDrag>(log[1].command));
    EXPECT_TRUE(std::holds_alternative<EndColliderDrag>(log[2].command));
}

// Issue 54: Ctrl-click on a pin's marker removes that pin, even where the click lies nearer a
// neighbouring vertex (which the pick would have pinned beside it), and Ctrl-click twice on a
// free particle pins it and then unpins it. A small window puts the vertices a few pixels
// apart, as a 32 x 32 cloth is in the default window.
TEST(ScriptedInput, CtrlClickOnAPinRemovesItAndTwiceOnAParticleLeavesItFree) {
    LockstepCloth rig;
    SimThread& sim = rig.sim;
    Sandbox& s = rig.s;
    s.display.windowWidth = 160, s.display.windowHeight = 90;
    ASSERT_EQ(sim.start(""), "");
    ASSERT_TRUE(takeSnapshot(s));
    auto pins = [&] {
        int n = 0;
        for (uint8_t p : s.view.pinned) n += p != 0;
        return n;
    };
    auto ctrlClick = [&](const glm::dvec2& at) {
        onCursor(s, at.x, at.y);
        onMouseButton(s, MouseButton::Left, true, true);
        onMouseButton(s, MouseButton::Left, false, true);
        sim.runFrame();
        takeSnapshot(s);
    };
    const int before = pins();
    int pin = -1;
    for (int i = 0; i < static_cast<int>(s.view.pinned.size()) && pin < 0; ++i)
        if (s.view.pinned[i]) pin = i;
    ASSERT_GE(pin, 0);
    // Its neighbour in the row below (the grid is 9 x 9), 0.6 of the way there: nearer the
    // neighbour, still on the pin's marker.
    const int below = pin + 9;
    const glm::dvec2 a = pixelOf(s, s.view.x[pin]), b = pixelOf(s, s.view.x[below]);
    const glm::dvec2 click = a + std::min(0.6, 5.0 / glm::length(b - a)) * (b - a);
    std::printf("pin %d at (%.1f, %.1f), neighbour %.1f px away, click %.1f px off the pin\n", pin,
                a.x, a.y, glm::length(b - a), glm::length(click - a));
    ctrlClick(click);
    EXPECT_FALSE(s.view.pinned[pin]);
    EXPECT_FALSE(s.view.pinned[below]);
    EXPECT_EQ(pins(), before - 1);

    // A free particle in the middle, clicked twice.
    const int free = 4 * 9 + 4;
    ASSERT_FALSE(s.view.pinned[free]);
    ctrlClick(pixelOf(s, s.view.x[free]));
    EXPECT_EQ(pins(), before);
    const glm::dvec2 at = pixelOf(s, s.view.x[free]);
    ctrlClick(at);
    EXPECT_EQ(pins(), before - 1);
    EXPECT_FALSE(s.view.pinned[free]);
}
