#include "app/gui/scripted_input.h"

#include <cstdio>

#include "app/compare.h"
#include "app/gui/compare_panes.h"
#include "app/gui/mesh_drop.h"
#include "sim/core/params.h"

namespace app::gui {

namespace {
MouseButton toMouse(ScriptButton b) {
    switch (b) {
        case ScriptButton::Left:
            return MouseButton::Left;
        case ScriptButton::Right:
            return MouseButton::Right;
        case ScriptButton::Middle:
            return MouseButton::Middle;
    }
    return MouseButton::Left;
}
}  // namespace

std::string InputScript::load(const std::string& path) {
    ScriptFile script;
    if (std::string error = readInputScript(path, script); !error.empty()) return error;
    script_ = std::move(script);
    next_ = 0;
    return {};
}

bool InputScript::moveToParticle(Sandbox& s, int particle, int frame) {
    if (particle >= static_cast<int>(s.view.x.size())) {
        std::fprintf(stderr,
                     "pbd-sandbox: frame %d: the script's particle %d is not in the scene "
                     "(%zu particles); move skipped\n",
                     frame, particle, s.view.x.size());
        return false;
    }
    // A ray exactly through a mesh vertex can miss each triangle around it by round-off: aim
    // a little into one of its triangles, so the pick's nearest vertex is still this one.
    sim::Vec3 x = s.view.x[particle];
    if (s.view.triangles)
        for (const sim::Triangle& t : *s.view.triangles)
            if (t[0] == particle || t[1] == particle || t[2] == particle) {
                const sim::Vec3 centroid = (s.view.x[t[0]] + s.view.x[t[1]] + s.view.x[t[2]]) / 3;
                x += 0.1 * (centroid - x);
                break;
            }
    // Where the first pane draws it (compare mode: the top-left pane).
    const PaneRect pane = paneRect(s, 0);
    const glm::dvec2 pixel = s.display.camera.pixelOf(glm::dvec3(x.x(), x.y(), x.z()),
                                                      int(pane.width), int(pane.height));
    anchorX_ = pixel.x;
    anchorY_ = pixel.y;
    onCursor(s, pixel.x, pixel.y);
    return true;
}

void InputScript::dispatch(Sandbox& s, int frame) {
    const std::vector<ScriptEvent>& events = script_.events;
    while (next_ < events.size() && events[next_].frame <= frame) {
        const ScriptEvent& e = events[next_++];
        switch (e.type) {
            case ScriptEvent::Type::Move: {
                if (e.index >= 0) {
                    moveToParticle(s, e.index, frame);
                    break;
                }
                const double sx = script_.width > 0 ? s.display.windowWidth / script_.width : 1.0;
                const double sy =
                    script_.height > 0 ? s.display.windowHeight / script_.height : 1.0;
                const double ox = e.relative ? anchorX_ : 0, oy = e.relative ? anchorY_ : 0;
                onCursor(s, ox + e.x * sx, oy + e.y * sy);
                break;
            }
            case ScriptEvent::Type::Press:
                onMouseButton(s, toMouse(e.button), true, e.ctrl);
                break;
            case ScriptEvent::Type::Release:
                onMouseButton(s, toMouse(e.button), false, e.ctrl);
                break;
            case ScriptEvent::Type::Key:
                onKey(s, e.key);
                break;
            case ScriptEvent::Type::Scroll:
                onScroll(s, e.steps);
                break;
            case ScriptEvent::Type::Set: {  // as if edited in the Solver panel
                sim::Settings edit = s.panel.settings;
                s.panel.settingsError = sim::setParam(edit, e.name, e.value);
                if (s.panel.settingsError.empty()) editSettings(s, edit);
                if (!s.panel.settingsError
                         .empty())  // e.g. valid alone, not with the other settings
                    std::fprintf(stderr, "pbd-sandbox: frame %d: %s\n", frame,
                                 s.panel.settingsError.c_str());
                break;
            }
            case ScriptEvent::Type::Drop:
                onDrop(s, e.path);
                break;
            case ScriptEvent::Type::Load:
                if (e.name.empty())
                    panelLoadSceneFile(s, e.path);
                else
                    panelLoad(s, e.name, e.resolution);
                break;
            case ScriptEvent::Type::Save:
                panelSaveScene(s, e.path);
                break;
            case ScriptEvent::Type::Compare: {
                std::vector<sim::SolverKind> solvers;  // checked when the file was read
                if (!e.name.empty()) parseCompareList(e.name, solvers);
                setComparePanes(s, solvers);
                break;
            }
            default:  // a left-button tool's world-space event
                applyToolEvent(s, e);
                break;
        }
    }
}

}  // namespace app::gui
