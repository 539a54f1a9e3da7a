#include "app/gui/input.h"

#include <GLFW/glfw3.h>

#include "sim/scenes/scene_table.h"

namespace app::gui {

void onCursor(Sandbox& s, double x, double y) {
    const double dx = x - s.cursorX, dy = y - s.cursorY;
    s.cursorX = x;
    s.cursorY = y;
    switch (s.drag) {
        case Drag::Grab: onToolDrag(s); break;
        case Drag::Orbit: s.camera.orbit(dx, dy); break;
        case Drag::Pan: s.camera.pan(dx, dy, s.windowHeight); break;
        case Drag::Knife:  // the stroke is cut on release
        case Drag::None: break;
    }
}

void onMouseButton(Sandbox& s, MouseButton button, bool pressed, bool ctrl) {
    if (!pressed) {
        if (button == MouseButton::Left) onToolRelease(s);
        s.drag = Drag::None;
        return;
    }
    switch (button) {
        case MouseButton::Left: onToolPress(s, ctrl); break;
        case MouseButton::Right: s.drag = Drag::Orbit; break;
        case MouseButton::Middle: s.drag = Drag::Pan; break;
    }
}

void onScroll(Sandbox& s, double steps) { s.camera.zoom(steps); }

namespace {

void cycleScene(Sandbox& s, int direction) {
    const auto& table = sim::sceneTable();
    const int n = static_cast<int>(table.size());
    int current = 0;
    for (int i = 0; i < n; ++i)
        if (s.sceneName == table[i].name) current = i;
    const int next = ((current + direction) % n + n) % n;
    if (loadScene(s, table[next].name, 0)) frameScene(s);
}

}  // namespace

void onKey(Sandbox& s, int key) {
    switch (key) {
        case GLFW_KEY_SPACE: s.paused = !s.paused; break;
        case GLFW_KEY_O:
            s.paused = true;
            s.stepOnce = true;
            break;
        case GLFW_KEY_R: loadScene(s, s.sceneName, s.resolution); break;
        case GLFW_KEY_LEFT_BRACKET: cycleScene(s, -1); break;
        case GLFW_KEY_RIGHT_BRACKET: cycleScene(s, +1); break;
        case GLFW_KEY_TAB: s.showUi = !s.showUi; break;
        case GLFW_KEY_F1: s.showHelp = !s.showHelp; break;
        case GLFW_KEY_F12: s.screenshotRequested = true; break;
        case GLFW_KEY_F9: s.recordToggleRequested = true; break;
        case GLFW_KEY_W: s.renderOptions.wireframe = !s.renderOptions.wireframe; break;
        case GLFW_KEY_H: s.renderOptions.heatmap = !s.renderOptions.heatmap; break;
        case GLFW_KEY_F: frameScene(s); break;
        case GLFW_KEY_G: s.tool = Tool::Grab; break;
        case GLFW_KEY_K: s.tool = Tool::Knife; break;
        case GLFW_KEY_1: selectSolver(s, sim::SolverKind::PBD); break;
        case GLFW_KEY_2: selectSolver(s, sim::SolverKind::XPBD); break;
        case GLFW_KEY_3: selectSolver(s, sim::SolverKind::HPBD); break;
        case GLFW_KEY_4: selectSolver(s, sim::SolverKind::MGPBD); break;
        default: break;
    }
}

}  // namespace app::gui
