// Issue 20: the scripted-input reader rejects numbers out of range with the file, the event
// index and the field (1e400 threw an uncaught out_of_range, 4294967297 wrapped to frame 1,
// 1e20 was reported as negative); nothing throws.
#include "app/gui/input_script_file.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

using namespace app::gui;

namespace {

std::string parse(const std::string& events, const std::string& top = "") {
    ScriptFile out;
    return parseInputScript("{" + top + "\"events\": [" + events + "]}", "s.json", out);
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST(InputScriptFile, FrameOutOfRangeNamesFileEventAndField) {
    const std::string ok = R"({"frame": 1, "type": "key", "key": "p"}, )";
    std::string e = parse(ok + R"({"frame": 4294967297, "type": "key", "key": "p"})");
    EXPECT_TRUE(has(e, "s.json: event 1: field 'frame' 4294967297 is out of range [0, 2147483647]"))
        << e;
    e = parse(ok + R"({"frame": 1e20, "type": "key", "key": "p"})");
    EXPECT_TRUE(has(e, "s.json: event 1: field 'frame' 1e+20 is out of range")) << e;
    e = parse(R"({"frame": -3, "type": "key", "key": "p"})");
    EXPECT_TRUE(has(e, "s.json: event 0: field 'frame' -3 is out of range")) << e;
    e = parse(R"({"frame": 2.5, "type": "key", "key": "p"})");
    EXPECT_TRUE(has(e, "s.json: event 0: field 'frame' 2.5 is not a whole number")) << e;
    e = parse(R"({"frame": "7", "type": "key", "key": "p"})");
    EXPECT_TRUE(has(e, "s.json: event 0: field 'frame' must be a number, not string")) << e;
    e = parse(R"({"frame": 18446744073709551615, "type": "key", "key": "p"})");
    EXPECT_TRUE(has(e, "event 0: field 'frame' 18446744073709551615 is out of range")) << e;
}

TEST(InputScriptFile, NumberThatOverflowsADoubleNamesItsPath) {
    const std::string e = parse(R"({"frame": 1, "type": "move", "x": 1e400, "y": 0})");
    EXPECT_TRUE(has(e, "s.json: events[0].x: number out of range")) << e;
    EXPECT_TRUE(has(e, "1e400")) << e;
}

TEST(InputScriptFile, CoordinatesStepsAndSizeAreBounded) {
    std::string e = parse(R"({"frame": 1, "type": "move", "x": 1e300, "y": 0})");
    EXPECT_TRUE(has(e, "event 0: field 'x' 1e+300 is out of range")) << e;
    e = parse(R"({"frame": 1, "type": "scroll", "steps": -1e9})");
    EXPECT_TRUE(has(e, "event 0: field 'steps' -1000000000 is out of range")) << e;
    e = parse(R"({"frame": 1, "type": "move"})");
    EXPECT_TRUE(has(e, "event 0: field 'x' is missing")) << e;
    e = parse("", R"("width": 1e9, "height": 720, )");
    EXPECT_TRUE(has(e, "s.json: field 'width' 1000000000 is out of range")) << e;
    e = parse(R"({"frame": 1, "type": "press", "ctrl": 1})");
    EXPECT_TRUE(has(e, "event 0: field 'ctrl' must be true or false, not number")) << e;
    e = parse(R"(7)");
    EXPECT_TRUE(has(e, "event 0: expected an object, got number")) << e;
}

TEST(InputScriptFile, DeepNestingAndGarbageAreRefused) {
    ScriptFile out;
    std::string e = parseInputScript(std::string(100000, '['), "deep.json", out);
    EXPECT_TRUE(has(e, "deep.json:")) << e;
    EXPECT_TRUE(has(e, "nesting deeper than 64")) << e;
    e = parseInputScript("{\"events\": [ {\"frame\": 1, ", "cut.json", out);
    EXPECT_TRUE(has(e, "cut.json: events[0].frame: not valid JSON")) << e;
}

TEST(InputScriptFile, GoodScriptIsSortedByFrame) {
    ScriptFile out;
    const std::string e = parseInputScript(
        R"({"width": 1280, "height": 720, "events": [{"frame": 5, "type": "key", "key": "2"},
           {"frame": 1, "type": "move", "x": 10, "y": 20}, {"frame": 5, "type": "scroll", "steps": 1}]})",
        "g.json", out);
    ASSERT_EQ(e, "");
    ASSERT_EQ(out.events.size(), 3u);
    EXPECT_EQ(out.events[0].type, ScriptEvent::Type::Move);
    EXPECT_EQ(out.events[1].type, ScriptEvent::Type::Key);  // file order within frame 5
    EXPECT_EQ(out.events[2].type, ScriptEvent::Type::Scroll);
    EXPECT_EQ(out.width, 1280);
}

TEST(InputScriptFile, MissingFileIsNamed) {
    ScriptFile out;
    const std::string e = readInputScript("/nonexistent/in.json", out);
    EXPECT_TRUE(has(e, "/nonexistent/in.json")) << e;
}

// Issue 17: panel events set any setting of the parameter table by name; a name the table
// does not have or a value out of its range is refused with the file, event and field.
TEST(InputScriptFile, SetEventsAreCheckedAgainstTheParameterTable) {
    ScriptFile out;
    std::string e = parseInputScript(
        R"({"events": [{"frame": 40, "type": "set", "name": "iterations", "value": 20},
           {"frame": 41, "type": "set", "name": "solver", "value": "xpbd"},
           {"frame": 42, "type": "set", "name": "gravity", "value": [0, -3.5, 0.25]}]})",
        "p.json", out);
    ASSERT_EQ(e, "");
    ASSERT_EQ(out.events.size(), 3u);
    EXPECT_EQ(out.events[0].type, ScriptEvent::Type::Set);
    EXPECT_EQ(out.events[0].name, "iterations");
    EXPECT_EQ(out.events[0].value, "20");
    EXPECT_EQ(out.events[1].value, "xpbd");
    EXPECT_EQ(out.events[2].value, "0,-3.5,0.25");
    e = parse(R"({"frame": 1, "type": "key", "key": "p"},
                 {"frame": 2, "type": "set", "name": "iterationz", "value": 3})");
    EXPECT_TRUE(has(e, "s.json: event 1: field 'name': unknown setting 'iterationz'")) << e;
    e = parse(R"({"frame": 2, "type": "set", "name": "iterations", "value": -4})");
    EXPECT_TRUE(has(e, "s.json: event 0: field 'value':")) << e;
    EXPECT_TRUE(has(e, "iterations")) << e;
    e = parse(R"({"frame": 2, "type": "set", "name": "solver", "value": "cg"})");
    EXPECT_TRUE(has(e, "s.json: event 0: field 'value':")) << e;
    e = parse(R"({"frame": 2, "type": "set", "name": "iterations"})");
    EXPECT_TRUE(has(e, "s.json: event 0: field 'value' is missing")) << e;
    e = parse(R"({"frame": 2, "type": "set", "name": "iterations", "value": {}})");
    EXPECT_TRUE(has(e, "s.json: event 0: field 'value' must be")) << e;
    e = parse(R"({"frame": 2, "type": "drop", "path": ""})");
    EXPECT_TRUE(has(e, "s.json: event 0: field 'path' is empty")) << e;
}

// A recorded session is written in the same format and reads back event for event, its
// numbers exact (a slider's value is any double).
TEST(InputScriptFile, WrittenScriptReadsBackExactly) {
    ScriptFile script;
    script.width = 640;
    script.height = 360;
    auto add = [&](ScriptEvent::Type type, int frame) -> ScriptEvent& {
        ScriptEvent& e = script.events.emplace_back();
        e.type = type;
        e.frame = frame;
        return e;
    };
    add(ScriptEvent::Type::Move, 0).x = 0.1 + 0.2;
    add(ScriptEvent::Type::Press, 1).ctrl = true;
    add(ScriptEvent::Type::Key, 2).key = keyFromName("k");
    ScriptEvent& set = add(ScriptEvent::Type::Set, 3);
    set.name = "dt";
    set.value = "0.0123456789012345";
    ScriptEvent& drop = add(ScriptEvent::Type::Drop, 4);
    drop.path = "a \"quoted\" name.obj";
    ScriptEvent& load = add(ScriptEvent::Type::Load, 5);
    load.name = "curtain";
    load.resolution = 12;
    add(ScriptEvent::Type::ClearPins, 6);
    ScriptEvent& pin = add(ScriptEvent::Type::Pin, 7);
    pin.index = 42;
    pin.pinned = false;
    pin.ray = true;
    pin.a = {0.1, 2.0, 3.5};
    pin.b = {0.0, -0.6, -0.8};
    const std::string path = testing::TempDir() + "written.json";
    ASSERT_EQ(writeInputScript(path, script, "test", "hanging_cloth"), "");
    ScriptFile back;
    ASSERT_EQ(readInputScript(path, back), "");
    ASSERT_EQ(back.events.size(), script.events.size());
    EXPECT_EQ(back.width, 640);
    EXPECT_EQ(back.events[0].x, 0.1 + 0.2);
    EXPECT_TRUE(back.events[1].ctrl);
    EXPECT_EQ(back.events[2].key, keyFromName("k"));
    EXPECT_EQ(back.events[3].name, "dt");
    EXPECT_EQ(std::strtod(back.events[3].value.c_str(), nullptr), 0.0123456789012345);
    EXPECT_EQ(back.events[4].path, drop.path);
    EXPECT_EQ(back.events[5].name, "curtain");
    EXPECT_EQ(back.events[5].resolution, 12);
    EXPECT_EQ(back.events[6].type, ScriptEvent::Type::ClearPins);
    EXPECT_EQ(back.events[7].index, 42);
    EXPECT_FALSE(back.events[7].pinned);
    EXPECT_TRUE(back.events[7].ray);  // a compare-mode pin keeps its view ray
    EXPECT_EQ(back.events[7].a, pin.a);
    EXPECT_EQ(back.events[7].b, pin.b);
    for (size_t k = 0; k < back.events.size(); ++k) EXPECT_EQ(back.events[k].frame, int(k));
}

// The Scene panel's loads (scene list, Reset) are "load" events: a scene of the table (or
// "imported") at a resolution in [0, 4096].
TEST(InputScriptFile, LoadEventsNameAKnownScene) {
    ScriptFile out;
    ASSERT_EQ(parseInputScript(
                  R"({"events": [{"frame": 3, "type": "load", "scene": "curtain", "resolution": 24},
                     {"frame": 4, "type": "load", "scene": "hanging_cloth"}]})",
                  "l.json", out),
              "");
    ASSERT_EQ(out.events.size(), 2u);
    EXPECT_EQ(out.events[0].type, ScriptEvent::Type::Load);
    EXPECT_EQ(out.events[0].name, "curtain");
    EXPECT_EQ(out.events[0].resolution, 24);
    EXPECT_EQ(out.events[1].resolution, 0);
    std::string e = parse(R"({"frame": 1, "type": "load", "scene": "nope"})");
    EXPECT_TRUE(has(e, "s.json: event 0: field 'scene': unknown scene 'nope'")) << e;
    e = parse(R"({"frame": 1, "type": "load", "scene": "curtain", "resolution": 5000})");
    EXPECT_TRUE(has(e, "s.json: event 0: field 'resolution' 5000 is out of range")) << e;
}

// The Scene panel's Save and Load of a scene file are "save" and "load" events with a
// "file"; they are written back the same way (a recorded session replays them).
TEST(InputScriptFile, SceneFileEventsNameTheirFile) {
    ScriptFile out;
    ASSERT_EQ(parseInputScript(R"({"events": [{"frame": 3, "type": "save", "file": "a.json"},
                                              {"frame": 4, "type": "load", "file": "a.json"}]})",
                               "f.json", out),
              "");
    ASSERT_EQ(out.events.size(), 2u);
    EXPECT_EQ(out.events[0].type, ScriptEvent::Type::Save);
    EXPECT_EQ(out.events[0].path, "a.json");
    EXPECT_EQ(out.events[1].type, ScriptEvent::Type::Load);
    EXPECT_EQ(out.events[1].path, "a.json");
    EXPECT_EQ(out.events[1].name, "");  // a file, not a scene of the table
    const std::string path = testing::TempDir() + "files.json";
    ASSERT_EQ(writeInputScript(path, out, "test", "curtain"), "");
    ScriptFile back;
    ASSERT_EQ(readInputScript(path, back), "");
    ASSERT_EQ(back.events.size(), 2u);
    EXPECT_EQ(back.events[0].type, ScriptEvent::Type::Save);
    EXPECT_EQ(back.events[1].type, ScriptEvent::Type::Load);
    EXPECT_EQ(back.events[1].path, "a.json");
    std::string e = parse(R"({"frame": 1, "type": "save", "file": ""})");
    EXPECT_TRUE(has(e, "s.json: event 0: field 'file' is empty")) << e;
    e = parse(R"({"frame": 1, "type": "save"})");
    EXPECT_TRUE(has(e, "s.json: event 0: field 'file' is missing")) << e;
    e = parse(R"({"frame": 1, "type": "load", "file": 7})");
    EXPECT_TRUE(has(e, "event 0: field 'file' must be")) << e;
}

// Issue 56: a "compare" event names 2 to 4 different solvers ("" goes back to one pane); a bad
// list names the event and the problem.
TEST(InputScriptFile, CompareEventsNameTwoToFourSolvers) {
    ScriptFile out;
    ASSERT_EQ(
        parseInputScript(R"({"events": [{"frame": 3, "type": "compare", "solvers": "pbd,mgpbd"},
                                  {"frame": 9, "type": "compare", "solvers": ""}]})",
                         "c.json", out),
        "");
    ASSERT_EQ(out.events.size(), 2u);
    EXPECT_EQ(out.events[0].type, ScriptEvent::Type::Compare);
    EXPECT_EQ(out.events[0].name, "pbd,mgpbd");
    EXPECT_EQ(out.events[1].name, "");
    std::string e = parse(R"({"frame": 1, "type": "compare", "solvers": "pbd,verlet"})");
    EXPECT_TRUE(has(e, "s.json: event 0: field 'solvers': unknown solver 'verlet'")) << e;
    e = parse(R"({"frame": 1, "type": "compare", "solvers": "pbd,pbd"})");
    EXPECT_TRUE(has(e, "field 'solvers' names 'pbd' twice")) << e;
    e = parse(R"({"frame": 1, "type": "compare", "solvers": "pbd"})");
    EXPECT_TRUE(has(e, "field 'solvers' names 1 solvers (2 to 4")) << e;
}
