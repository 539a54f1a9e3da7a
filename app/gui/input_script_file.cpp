#include "app/gui/input_script_file.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cctype>
#include <climits>

#include "sim/io/json_read.h"

namespace app::gui {

namespace {

constexpr std::uintmax_t kMaxScriptBytes = 64u << 20;

// One event; returns an error or empty.
std::string parseEvent(const sim::Json& e, const std::string& where, ScriptEvent& ev) {
    sim::JsonFields f(e, where);
    ev.frame = static_cast<int>(f.integer("frame", 0, INT_MAX));
    const std::string type = f.text("type");
    if (!f.ok()) return f.error();
    if (type == "move") {
        ev.type = ScriptEvent::Type::Move;
        ev.x = f.real("x", -kMaxScriptPixel, kMaxScriptPixel);
        ev.y = f.real("y", -kMaxScriptPixel, kMaxScriptPixel);
    } else if (type == "press" || type == "release") {
        ev.type = type == "press" ? ScriptEvent::Type::Press : ScriptEvent::Type::Release;
        const std::string b = f.text("button", "left");
        if (b == "left")
            ev.button = ScriptButton::Left;
        else if (b == "right")
            ev.button = ScriptButton::Right;
        else if (b == "middle")
            ev.button = ScriptButton::Middle;
        else if (f.ok())
            return where + ": unknown button '" + b.substr(0, 40) + "' (left, right, middle)";
        ev.ctrl = f.boolean("ctrl", false);
    } else if (type == "key") {
        ev.type = ScriptEvent::Type::Key;
        const std::string k = f.text("key");
        ev.key = keyFromName(k);
        if (f.ok() && ev.key < 0) return where + ": unknown key '" + k.substr(0, 40) + "'";
    } else if (type == "scroll") {
        ev.type = ScriptEvent::Type::Scroll;
        ev.steps = f.real("steps", -kMaxScriptSteps, kMaxScriptSteps);
    } else {
        return where + ": unknown type '" + type.substr(0, 40) +
               "' (move, press, release, key, scroll)";
    }
    return f.error();
}

}  // namespace

int keyFromName(const std::string& name) {
    if (name.size() == 1) {
        const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
        if (c >= 'A' && c <= 'Z') return GLFW_KEY_A + (c - 'A');
        if (c >= '0' && c <= '9') return GLFW_KEY_0 + (c - '0');
        if (c == '[') return GLFW_KEY_LEFT_BRACKET;
        if (c == ']') return GLFW_KEY_RIGHT_BRACKET;
        if (c == ' ') return GLFW_KEY_SPACE;
    }
    if (name == "space") return GLFW_KEY_SPACE;
    if (name == "tab") return GLFW_KEY_TAB;
    if (name == "f1") return GLFW_KEY_F1;
    if (name == "f9") return GLFW_KEY_F9;
    if (name == "f12") return GLFW_KEY_F12;
    return -1;
}

namespace {

std::string fromDocument(const sim::Json& doc, const std::string& name, ScriptFile& out) {
    if (!doc.is_object() || !doc.contains("events") || !doc["events"].is_array())
        return name + ": expected an object with an \"events\" array";
    ScriptFile script;
    sim::JsonFields top(doc, name);
    script.width = top.real("width", 0, kMaxScriptPixel, 0.0);
    script.height = top.real("height", 0, kMaxScriptPixel, 0.0);
    if (!top.ok()) return top.error();
    if ((script.width > 0) != (script.height > 0))
        return name + ": width and height must both be given and positive";
    int index = 0;
    for (const sim::Json& e : doc["events"]) {
        ScriptEvent ev;
        if (std::string error = parseEvent(e, name + ": event " + std::to_string(index++), ev);
            !error.empty())
            return error;
        script.events.push_back(ev);
    }
    std::stable_sort(script.events.begin(), script.events.end(),
                     [](const ScriptEvent& a, const ScriptEvent& b) { return a.frame < b.frame; });
    out = std::move(script);
    return {};
}

}  // namespace

std::string parseInputScript(std::string_view text, const std::string& name, ScriptFile& out) {
    const sim::JsonFile file = sim::parseJson(text, name);
    return file.error.empty() ? fromDocument(file.doc, name, out) : file.error;
}

std::string readInputScript(const std::string& path, ScriptFile& out) {
    const sim::JsonFile file = sim::readJsonFile(path, kMaxScriptBytes);
    return file.error.empty() ? fromDocument(file.doc, path, out) : file.error;
}

}  // namespace app::gui
