#include "app/gui/scripted_input.h"

#include <cstdio>

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

void InputScript::dispatch(Sandbox& s, int frame) {
    const std::vector<ScriptEvent>& events = script_.events;
    while (next_ < events.size() && events[next_].frame <= frame) {
        const ScriptEvent& e = events[next_++];
        switch (e.type) {
            case ScriptEvent::Type::Move:
                if (script_.width > 0)
                    onCursor(s, e.x * s.windowWidth / script_.width,
                             e.y * s.windowHeight / script_.height);
                else
                    onCursor(s, e.x, e.y);
                break;
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
                sim::Settings edit = s.settings;
                s.settingsError = sim::setParam(edit, e.name, e.value);
                if (s.settingsError.empty()) editSettings(s, edit);
                if (!s.settingsError.empty())  // e.g. valid alone, not with the other settings
                    std::fprintf(stderr, "pbd-sandbox: frame %d: %s\n", frame,
                                 s.settingsError.c_str());
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
        }
    }
}

}  // namespace app::gui
