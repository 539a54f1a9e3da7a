#include "app/gui/input.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <string>
#include <utility>

#include "app/gui/compare_panes.h"
#include "sim/scenes/scene_table.h"
#include "sim/solvers/solver.h"

namespace app::gui {

namespace {

ScriptEvent event(ScriptEvent::Type type) {
    ScriptEvent e;
    e.type = type;
    return e;
}

ScriptButton scriptButton(MouseButton b) {
    return b == MouseButton::Left    ? ScriptButton::Left
           : b == MouseButton::Right ? ScriptButton::Right
                                     : ScriptButton::Middle;
}

}  // namespace

void recordCursor(Sandbox& s, double x, double y) {
    ScriptEvent e = event(ScriptEvent::Type::Move);
    e.x = x;
    e.y = y;
    recordInput(s, e);
}

void onCursor(Sandbox& s, double x, double y) {
    // A held particle or collider is recorded by where it is held (onToolDrag), not by pixel.
    if (s.mouse.drag != Drag::Grab && s.mouse.drag != Drag::Collider) recordCursor(s, x, y);
    const double dx = x - s.mouse.cursorX, dy = y - s.mouse.cursorY;
    s.mouse.cursorX = x;
    s.mouse.cursorY = y;
    switch (s.mouse.drag) {
        case Drag::Grab:
        case Drag::Collider:
            onToolDrag(s);
            break;
        case Drag::Orbit:
            s.display.camera.orbit(dx, dy);
            break;
        case Drag::Pan:
            s.display.camera.pan(dx, dy, int(paneRect(s, 0).height));
            s.display.follow = false;  // the person took the camera
            break;
        case Drag::Knife:  // drawn while dragging, cut on release
        case Drag::None:
            break;
    }
}

void onMouseButton(Sandbox& s, MouseButton button, bool pressed, bool ctrl) {
    // The left button's tools record what they did in world space (mouse_tools.cpp).
    if (button != MouseButton::Left) {
        ScriptEvent e = event(pressed ? ScriptEvent::Type::Press : ScriptEvent::Type::Release);
        e.button = scriptButton(button);
        e.ctrl = ctrl;
        recordInput(s, e);
    }
    if (!pressed) {
        if (button == MouseButton::Left) onToolRelease(s);
        s.mouse.drag = Drag::None;
        return;
    }
    switch (button) {
        case MouseButton::Left:
            onToolPress(s, ctrl);
            break;
        case MouseButton::Right:
            s.mouse.drag = Drag::Orbit;
            break;
        case MouseButton::Middle:
            s.mouse.drag = Drag::Pan;
            break;
    }
}

void onScroll(Sandbox& s, double steps) {
    ScriptEvent e = event(ScriptEvent::Type::Scroll);
    e.steps = steps;
    recordInput(s, e);
    s.display.camera.zoom(steps);
    s.display.follow = false;
}

namespace {

void cycleScene(Sandbox& s, int direction) {
    const auto& table = sim::sceneTable();
    const int n = static_cast<int>(table.size());
    int current = 0;
    for (int i = 0; i < n; ++i)
        if (s.view.sceneName == table[i].name) current = i;
    requestLoad(s, table[((current + direction) % n + n) % n].name, 0);
}

// Keys 1-9 switch to the solver list's solvers, in its order (sim/core/solver_list.def).
template <size_t I>
void solverKey(Sandbox& s) {
    if (I < sim::solverTable().size()) requestSolver(s, sim::solverTable()[I].kind);
}

template <size_t... I>
void addSolverKeys(std::vector<KeyBinding>& table, std::index_sequence<I...>) {
    static const char* const labels[] = {"1", "2", "3", "4", "5", "6", "7", "8", "9"};
    static std::string help[sizeof...(I)];
    constexpr void (*actions[])(Sandbox&) = {solverKey<I>...};
    const auto solvers = sim::solverTable();
    for (size_t i = 0; i < std::min(solvers.size(), sizeof...(I)); ++i) {
        help[i] = std::string("solver ") + sim::solverTitle(solvers[i].kind) +
                  (i == 0 ? " (state kept, no jump)" : "");
        table.push_back({GLFW_KEY_1 + static_cast<int>(i), labels[i], help[i].c_str(), actions[i]});
    }
}

// The keys before the solvers' (help order).
std::vector<KeyBinding> sceneKeys() {
    return {
        {GLFW_KEY_SPACE, "Space", "pause / run", [](Sandbox& s) { setPaused(s, !paused(s)); }},
        {GLFW_KEY_O, "O", "one step (pauses)", [](Sandbox& s) { send(s, StepOnce{}); }},
        {GLFW_KEY_R, "R", "reset the scene",
         [](Sandbox& s) { requestLoad(s, s.view.sceneName, s.view.resolution); }},
        {GLFW_KEY_LEFT_BRACKET, "[", "previous scene", [](Sandbox& s) { cycleScene(s, -1); }},
        {GLFW_KEY_RIGHT_BRACKET, "]", "next scene", [](Sandbox& s) { cycleScene(s, +1); }},
    };
}

// The keys after the solvers' (help order).
std::vector<KeyBinding> toolKeys() {
    return {
        {GLFW_KEY_Z, "Ctrl+Z, Z", "undo the last pin, cut or tear",
         [](Sandbox& s) { send(s, Undo{}); }},
        {GLFW_KEY_G, "G", "grab tool", [](Sandbox& s) { s.mouse.tool = Tool::Grab; }},
        {GLFW_KEY_K, "K", "knife tool (drag a stroke across cloth to cut it)",
         [](Sandbox& s) { s.mouse.tool = Tool::Knife; }},
        // Recorded as the throw it makes (its ray), not as a key: the cursor's pixel alone
        // would not replay the same ball after a camera move.
        {GLFW_KEY_B, "B", "throw a ball from the camera through the cursor (rigid, two-way)",
         throwFromCursor, false},
        {GLFW_KEY_W, "W", "wireframe (with soft bodies' tet edges)",
         [](Sandbox& s) {
             s.display.renderOptions.wireframe = !s.display.renderOptions.wireframe;
         }},
        {GLFW_KEY_H, "H", "strain heat map",
         [](Sandbox& s) { s.display.renderOptions.heatmap = !s.display.renderOptions.heatmap; }},
        {GLFW_KEY_C, "C", "show / hide colliders",
         [](Sandbox& s) {
             s.display.renderOptions.showColliders = !s.display.renderOptions.showColliders;
         }},
        {GLFW_KEY_F, "F", "frame the scene (and follow it again)", frameScene},
        // Recorded as the "compare" event it makes (the solvers), not as a key.
        {GLFW_KEY_V, "V",
         "split the scene into compare panes (the Solver panel's compare row picks the "
         "solvers) / back to one pane",
         toggleCompare, false},
        {GLFW_KEY_TAB, "Tab", "hide / show the panels",
         [](Sandbox& s) { s.display.showUi = !s.display.showUi; }},
        {GLFW_KEY_F1, "F1", "this help",
         [](Sandbox& s) { s.display.showHelp = !s.display.showHelp; }},
        {GLFW_KEY_F12, "F12", "screenshot (PNG)", [](Sandbox& s) { s.requests.screenshot = true; },
         false},
        {GLFW_KEY_F9, "F9", "start / stop recording (MP4 through ffmpeg)",
         [](Sandbox& s) { s.requests.recordToggle = true; }, false},
        {GLFW_KEY_E, "E", "start / stop the mesh export (one OBJ per simulated frame)",
         toggleMeshExport, false},
        {GLFW_KEY_F8, "F8", "start / stop a session recording (session-NNN.json; resets the scene)",
         toggleSessionRecording, false},
    };
}

}  // namespace

const std::vector<KeyBinding>& keyBindings() {
    static const std::vector<KeyBinding> table = [] {
        std::vector<KeyBinding> keys = sceneKeys();
        addSolverKeys(keys, std::make_index_sequence<9>{});
        for (KeyBinding& key : toolKeys()) keys.push_back(key);
        return keys;
    }();
    return table;
}

void onKey(Sandbox& s, int key) {
    for (const KeyBinding& b : keyBindings())
        if (b.key == key) {
            if (b.recorded) {
                ScriptEvent e = event(ScriptEvent::Type::Key);
                e.key = key;
                recordInput(s, e);
            }
            b.action(s);
        }
}

}  // namespace app::gui
