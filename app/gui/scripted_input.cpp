#include "app/gui/scripted_input.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

namespace app::gui {

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

std::string InputScript::load(const std::string& path) {
    std::ifstream in(path);
    if (!in) return "cannot read input script " + path;
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(in);
    } catch (const nlohmann::json::parse_error& e) {
        return path + ": not valid JSON: " + e.what();
    }
    if (!doc.is_object() || !doc.contains("events") || !doc["events"].is_array())
        return path + ": expected an object with an \"events\" array";
    events_.clear();
    next_ = 0;
    try {
        width_ = doc.value("width", 0.0);
        height_ = doc.value("height", 0.0);
    } catch (const nlohmann::json::exception& ex) {
        return path + ": width/height: " + ex.what();
    }
    if (width_ < 0 || height_ < 0 || (width_ > 0) != (height_ > 0))
        return path + ": width and height must both be given and positive";
    int index = 0;
    for (const auto& e : doc["events"]) {
        const std::string where = path + ": event " + std::to_string(index++) + ": ";
        try {
            ScriptEvent ev;
            ev.frame = e.at("frame").get<int>();
            if (ev.frame < 0) return where + "frame " + std::to_string(ev.frame) + " is negative";
            const std::string type = e.at("type").get<std::string>();
            if (type == "move") {
                ev.type = ScriptEvent::Type::Move;
                ev.x = e.at("x").get<double>();
                ev.y = e.at("y").get<double>();
            } else if (type == "press" || type == "release") {
                ev.type = type == "press" ? ScriptEvent::Type::Press : ScriptEvent::Type::Release;
                const std::string b = e.value("button", "left");
                if (b == "left") ev.button = MouseButton::Left;
                else if (b == "right") ev.button = MouseButton::Right;
                else if (b == "middle") ev.button = MouseButton::Middle;
                else return where + "unknown button '" + b + "' (left, right, middle)";
                ev.ctrl = e.value("ctrl", false);
            } else if (type == "key") {
                ev.type = ScriptEvent::Type::Key;
                const std::string k = e.at("key").get<std::string>();
                ev.key = keyFromName(k);
                if (ev.key < 0) return where + "unknown key '" + k + "'";
            } else if (type == "scroll") {
                ev.type = ScriptEvent::Type::Scroll;
                ev.steps = e.at("steps").get<double>();
            } else {
                return where + "unknown type '" + type + "' (move, press, release, key, scroll)";
            }
            events_.push_back(ev);
        } catch (const nlohmann::json::exception& ex) {
            return where + ex.what();
        }
    }
    std::stable_sort(events_.begin(), events_.end(),
                     [](const ScriptEvent& a, const ScriptEvent& b) { return a.frame < b.frame; });
    return {};
}

void InputScript::dispatch(Sandbox& s, int frame) {
    while (next_ < events_.size() && events_[next_].frame <= frame) {
        const ScriptEvent& e = events_[next_++];
        switch (e.type) {
            case ScriptEvent::Type::Move:
                if (width_ > 0) onCursor(s, e.x * s.windowWidth / width_, e.y * s.windowHeight / height_);
                else onCursor(s, e.x, e.y);
                break;
            case ScriptEvent::Type::Press: onMouseButton(s, e.button, true, e.ctrl); break;
            case ScriptEvent::Type::Release: onMouseButton(s, e.button, false, e.ctrl); break;
            case ScriptEvent::Type::Key: onKey(s, e.key); break;
            case ScriptEvent::Type::Scroll: onScroll(s, e.steps); break;
        }
    }
}

}  // namespace app::gui
