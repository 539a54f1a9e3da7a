#include "app/gui/input_script_file.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "sim/core/params.h"
#include "sim/io/atomic_file.h"
#include "sim/io/json_read.h"
#include "sim/scenes/scene_table.h"

namespace app::gui {

namespace {

constexpr std::uintmax_t kMaxScriptBytes = 64u << 20;

// A number as text that reads back to the same double.
std::string exactNumber(double v) {
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", v);
    return text;
}

// A "set" event's value as setParam's text: a number, true/false, a name, or [x, y, z].
bool valueText(const sim::Json& v, std::string& out) {
    if (v.is_number()) {
        out = exactNumber(v.get<double>());
    } else if (v.is_boolean()) {
        out = v.get<bool>() ? "true" : "false";
    } else if (v.is_string()) {
        out = v.get<std::string>();
    } else if (v.is_array() && v.size() == 3 && v[0].is_number() && v[1].is_number() &&
               v[2].is_number()) {
        out = exactNumber(v[0].get<double>()) + "," + exactNumber(v[1].get<double>()) + "," +
              exactNumber(v[2].get<double>());
    } else {
        return false;
    }
    return true;
}

// A panel edit: the name must be in the parameter table and the value in its range.
std::string parseSet(const sim::Json& e, const std::string& where, sim::JsonFields& f,
                     ScriptEvent& ev) {
    ev.type = ScriptEvent::Type::Set;
    ev.name = f.text("name");
    if (!f.ok()) return f.error();
    const sim::ParamDesc* p = sim::findParam(ev.name);
    if (!p)
        return where + ": field 'name': unknown setting '" + ev.name.substr(0, 40) +
               "' (see pbd-sandbox --list-params)";
    if (!e.contains("value")) return where + ": field 'value' is missing";
    if (!valueText(e["value"], ev.value))
        return where + ": field 'value' must be a number, true/false, a name or [x, y, z]";
    sim::Settings check;
    if (std::string error = sim::setParam(check, *p, ev.value); !error.empty())
        return where + ": field 'value': " + error;
    return {};
}

// A "save" or "load" of a scene file.
std::string parseFile(const std::string& where, sim::JsonFields& f, ScriptEvent::Type type,
                      ScriptEvent& ev) {
    ev.type = type;
    ev.path = f.text("file");
    if (f.ok() && ev.path.empty()) return where + ": field 'file' is empty";
    return f.error();
}

// A world point: "key": [x, y, z], each a finite number within +-kMaxScriptMetres.
std::string point(const sim::Json& e, const char* key, const std::string& where,
                  std::array<double, 3>& out) {
    if (!e.contains(key)) return where + ": field '" + key + "' is missing";
    const sim::Json& v = e[key];
    if (!v.is_array() || v.size() != 3)
        return where + ": field '" + key + "' must be [x, y, z] (metres)";
    for (int k = 0; k < 3; ++k) {
        if (!v[k].is_number()) return where + ": field '" + key + "' must be [x, y, z] (metres)";
        out[k] = v[k].get<double>();
        if (!(std::abs(out[k]) <= kMaxScriptMetres))
            return where + ": field '" + key + "' has " + exactNumber(out[k]) +
                   ", must be within +-" + exactNumber(kMaxScriptMetres) + " m";
    }
    return {};
}

// A "compare" event: 2 to 4 different solver names, separated by commas ("" = one pane).
std::string parseCompare(const std::string& where, sim::JsonFields& f, ScriptEvent& ev) {
    ev.type = ScriptEvent::Type::Compare;
    ev.name = f.text("solvers", "");
    if (!f.ok()) return f.error();
    std::vector<std::string> names;
    for (size_t at = 0; !ev.name.empty() && at <= ev.name.size();) {
        const size_t comma = std::min(ev.name.find(',', at), ev.name.size());
        const std::string name = ev.name.substr(at, comma - at);
        if (!sim::solverFromName(name))
            return where + ": field 'solvers': unknown solver '" + name.substr(0, 40) + "'";
        if (std::find(names.begin(), names.end(), name) != names.end())
            return where + ": field 'solvers' names '" + name + "' twice";
        names.push_back(name);
        at = comma + 1;
    }
    if (names.size() == 1 || names.size() > 4)
        return where + ": field 'solvers' names " + std::to_string(names.size()) +
               " solvers (2 to 4, or \"\" for one pane)";
    return {};
}

// A left-button tool's world-space event (grab, pin, knife stroke, collider drag); false if
// `type` names none.
bool parseToolEvent(const sim::Json& e, const std::string& type, const std::string& where,
                    sim::JsonFields& f, ScriptEvent& ev, std::string& error) {
    using T = ScriptEvent::Type;
    struct Kind {
        const char* name;
        T type;
        const char* index;  // the index field, or null
        bool at;            // has "at"
    };
    static constexpr Kind kinds[] = {
        {"grab", T::Grab, "particle", true},
        {"grab_move", T::GrabMove, nullptr, true},
        {"grab_end", T::GrabEnd, nullptr, false},
        {"pin", T::Pin, "particle", false},
        {"clear_pins", T::ClearPins, nullptr, false},
        {"cut", T::Cut, nullptr, false},
        {"throw", T::Throw, nullptr, false},
        {"collider_grab", T::ColliderGrab, "collider", true},
        {"collider_move", T::ColliderMove, nullptr, true},
        {"collider_end", T::ColliderEnd, nullptr, false},
    };
    const Kind* kind = nullptr;
    for (const Kind& k : kinds)
        if (type == k.name) kind = &k;
    if (!kind) return false;
    ev.type = kind->type;
    if (kind->index) ev.index = static_cast<int>(f.integer(kind->index, 0, kMaxScriptIndex));
    if (kind->type == T::Pin) ev.pinned = f.boolean("pinned", true);
    error = f.error();
    if (error.empty() && kind->at) error = point(e, "at", where, ev.at);
    if (error.empty() && kind->type == T::Cut) {
        error = point(e, "eye", where, ev.at);
        if (error.empty()) error = point(e, "a", where, ev.a);
        if (error.empty()) error = point(e, "b", where, ev.b);
    }
    if (error.empty() && kind->type == T::Throw) {
        error = point(e, "from", where, ev.at);
        if (error.empty()) error = point(e, "direction", where, ev.a);
    }
    if (error.empty() && (kind->type == T::Grab || kind->type == T::Pin) && e.contains("eye")) {
        ev.ray = true;
        error = point(e, "eye", where, ev.a);
        if (error.empty()) error = point(e, "toward", where, ev.b);
    }
    return true;
}

// One event; returns an error or empty.
std::string parseEvent(const sim::Json& e, const std::string& where, ScriptEvent& ev) {
    sim::JsonFields f(e, where);
    ev.frame = static_cast<int>(f.integer("frame", 0, INT_MAX));
    const std::string type = f.text("type");
    if (!f.ok()) return f.error();
    if (type == "move" && e.contains("particle")) {
        ev.type = ScriptEvent::Type::Move;
        ev.index = static_cast<int>(f.integer("particle", 0, kMaxScriptIndex));
    } else if (type == "move") {
        ev.type = ScriptEvent::Type::Move;
        ev.x = f.real("x", -kMaxScriptPixel, kMaxScriptPixel);
        ev.y = f.real("y", -kMaxScriptPixel, kMaxScriptPixel);
        ev.relative = f.boolean("relative", false);
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
    } else if (type == "set") {
        return parseSet(e, where, f, ev);
    } else if (type == "drop") {
        ev.type = ScriptEvent::Type::Drop;
        ev.path = f.text("path");
        if (f.ok() && ev.path.empty()) return where + ": field 'path' is empty";
    } else if (type == "load" && e.contains("file")) {
        return parseFile(where, f, ScriptEvent::Type::Load, ev);
    } else if (type == "load") {
        ev.type = ScriptEvent::Type::Load;
        ev.name = f.text("scene");
        ev.resolution = static_cast<int>(f.integer("resolution", 0, 4096, 0));
        if (f.ok() && !sim::findScene(ev.name) && ev.name != "imported")
            return where + ": field 'scene': unknown scene '" + ev.name.substr(0, 40) +
                   "' (valid: " + sim::sceneNames() + ", imported)";
    } else if (type == "save") {
        return parseFile(where, f, ScriptEvent::Type::Save, ev);
    } else if (type == "compare") {
        return parseCompare(where, f, ev);
    } else if (std::string error; parseToolEvent(e, type, where, f, ev, error)) {
        return error;
    } else {
        return where + ": unknown type '" + type.substr(0, 40) +
               "' (move, press, release, key, scroll, set, drop, load, save, grab, grab_move, "
               "grab_end, pin, cut, collider_grab, collider_move, collider_end, compare)";
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
    if (name == "f8") return GLFW_KEY_F8;
    if (name == "f9") return GLFW_KEY_F9;
    if (name == "f12") return GLFW_KEY_F12;
    return -1;
}

std::string keyName(int key) {
    if (key >= GLFW_KEY_A && key <= GLFW_KEY_Z) return std::string(1, char('A' + key - GLFW_KEY_A));
    if (key >= GLFW_KEY_0 && key <= GLFW_KEY_9) return std::string(1, char('0' + key - GLFW_KEY_0));
    switch (key) {
        case GLFW_KEY_LEFT_BRACKET:
            return "[";
        case GLFW_KEY_RIGHT_BRACKET:
            return "]";
        case GLFW_KEY_SPACE:
            return "space";
        case GLFW_KEY_TAB:
            return "tab";
        case GLFW_KEY_F1:
            return "f1";
        case GLFW_KEY_F8:
            return "f8";
        case GLFW_KEY_F9:
            return "f9";
        case GLFW_KEY_F12:
            return "f12";
        default:
            return {};
    }
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

// Keys in the order written, so a recorded event reads "frame", "type", then its fields.
using Ordered = nlohmann::ordered_json;

const char* buttonName(ScriptButton b) {
    return b == ScriptButton::Left ? "left" : b == ScriptButton::Right ? "right" : "middle";
}

// A set event's value in its natural JSON type, so the file reads like a hand-written one.
Ordered valueJson(const ScriptEvent& e) {
    const sim::ParamDesc* p = sim::findParam(e.name);
    if (p && p->type == sim::ParamType::Int) return std::strtoll(e.value.c_str(), nullptr, 10);
    if (p && p->type == sim::ParamType::Real) return std::strtod(e.value.c_str(), nullptr);
    if (p && p->type == sim::ParamType::Bool) return e.value == "true";
    return e.value;
}

Ordered eventJson(const ScriptEvent& e) {
    Ordered j;
    j["frame"] = e.frame;
    switch (e.type) {
        case ScriptEvent::Type::Move:
            j["type"] = "move";
            if (e.index >= 0) {
                j["particle"] = e.index;
                break;
            }
            j["x"] = e.x, j["y"] = e.y;
            if (e.relative) j["relative"] = true;
            break;
        case ScriptEvent::Type::Press:
        case ScriptEvent::Type::Release:
            j["type"] = e.type == ScriptEvent::Type::Press ? "press" : "release";
            j["button"] = buttonName(e.button);
            if (e.ctrl) j["ctrl"] = true;
            break;
        case ScriptEvent::Type::Key:
            j["type"] = "key", j["key"] = keyName(e.key);
            break;
        case ScriptEvent::Type::Scroll:
            j["type"] = "scroll", j["steps"] = e.steps;
            break;
        case ScriptEvent::Type::Set:
            j["type"] = "set", j["name"] = e.name, j["value"] = valueJson(e);
            break;
        case ScriptEvent::Type::Drop:
            j["type"] = "drop", j["path"] = e.path;
            break;
        case ScriptEvent::Type::Load:
            if (e.name.empty())
                j["type"] = "load", j["file"] = e.path;
            else
                j["type"] = "load", j["scene"] = e.name, j["resolution"] = e.resolution;
            break;
        case ScriptEvent::Type::Save:
            j["type"] = "save", j["file"] = e.path;
            break;
        case ScriptEvent::Type::Grab:
            j["type"] = "grab", j["particle"] = e.index, j["at"] = e.at;
            if (e.ray) j["eye"] = e.a, j["toward"] = e.b;
            break;
        case ScriptEvent::Type::GrabMove:
            j["type"] = "grab_move", j["at"] = e.at;
            break;
        case ScriptEvent::Type::GrabEnd:
            j["type"] = "grab_end";
            break;
        case ScriptEvent::Type::Pin:
            j["type"] = "pin", j["particle"] = e.index, j["pinned"] = e.pinned;
            if (e.ray) j["eye"] = e.a, j["toward"] = e.b;
            break;
        case ScriptEvent::Type::ClearPins:
            j["type"] = "clear_pins";
            break;
        case ScriptEvent::Type::Cut:
            j["type"] = "cut", j["eye"] = e.at, j["a"] = e.a, j["b"] = e.b;
            break;
        case ScriptEvent::Type::Throw:
            j["type"] = "throw", j["from"] = e.at, j["direction"] = e.a;
            break;
        case ScriptEvent::Type::ColliderGrab:
            j["type"] = "collider_grab", j["collider"] = e.index, j["at"] = e.at;
            break;
        case ScriptEvent::Type::ColliderMove:
            j["type"] = "collider_move", j["at"] = e.at;
            break;
        case ScriptEvent::Type::ColliderEnd:
            j["type"] = "collider_end";
            break;
        case ScriptEvent::Type::Compare:
            j["type"] = "compare", j["solvers"] = e.name;
            break;
    }
    return j;
}

}  // namespace

std::string writeInputScript(const std::string& path, const ScriptFile& script,
                             const std::string& description, const std::string& scene) {
    Ordered doc;
    doc["description"] = description;
    doc["scene"] = scene;
    if (script.width > 0) doc["width"] = script.width, doc["height"] = script.height;
    Ordered events = Ordered::array();
    for (const ScriptEvent& e : script.events) events.push_back(eventJson(e));
    doc["events"] = std::move(events);
    // One event per line: a recorded session stays readable and diffable.
    std::string text = "{";
    for (auto it = doc.begin(); it != doc.end(); ++it) {
        if (it.key() == "events") continue;
        text += "\"" + it.key() + "\": " + it.value().dump() + ",\n ";
    }
    text += "\"events\": [";
    for (size_t k = 0; k < doc["events"].size(); ++k)
        text += (k ? ",\n  " : "\n  ") + doc["events"][k].dump();
    text += "\n]}\n";
    return sim::writeFileAtomically(path, text);
}

std::string parseInputScript(std::string_view text, const std::string& name, ScriptFile& out) {
    const sim::JsonFile file = sim::parseJson(text, name);
    return file.error.empty() ? fromDocument(file.doc, name, out) : file.error;
}

std::string readInputScript(const std::string& path, ScriptFile& out) {
    const sim::JsonFile file = sim::readJsonFile(path, kMaxScriptBytes);
    return file.error.empty() ? fromDocument(file.doc, path, out) : file.error;
}

}  // namespace app::gui
