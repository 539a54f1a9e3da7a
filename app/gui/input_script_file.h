#pragma once
// The scripted-input file (--input FILE.json), read without a window so that the tests and
// the fuzz target can use it. Format:
//   {"width": 1280, "height": 720, "events": [
//     {"frame": 10, "type": "move", "x": 640, "y": 360},
//     {"frame": 11, "type": "press", "button": "left", "ctrl": false},
//     {"frame": 50, "type": "release", "button": "left"},
//     {"frame": 60, "type": "key", "key": "2"},
//     {"frame": 70, "type": "scroll", "steps": 1}]}
// Coordinates are window pixels (y down) of a window of "width" x "height" (optional, top
// level). Keys: a letter or digit, "space", "tab", "[", "]", "f1", "f9", "f12". Every
// number is range-checked (sim/io/json_read.h): a bad file gets a message naming the file,
// the event index and the field.
#include <string>
#include <string_view>
#include <vector>

namespace app::gui {

enum class ScriptButton { Left, Right, Middle };

struct ScriptEvent {
    enum class Type { Move, Press, Release, Key, Scroll };
    int frame = 0;
    Type type = Type::Move;
    double x = 0, y = 0, steps = 0;
    ScriptButton button = ScriptButton::Left;
    bool ctrl = false;
    int key = 0;  // GLFW key code
};

struct ScriptFile {
    std::vector<ScriptEvent> events;  // sorted by frame, file order kept within a frame
    double width = 0, height = 0;     // the window size the script was written for, if given
};

// Ranges: frames [0, 2^31 - 1], coordinates within +-kMaxScriptPixel, wheel steps within
// +-kMaxScriptSteps, width and height in (0, kMaxScriptPixel].
inline constexpr double kMaxScriptPixel = 1e5, kMaxScriptSteps = 1e3;

// Returns an error naming `name`, the event and the field, or empty (and fills `out`).
std::string parseInputScript(std::string_view text, const std::string& name, ScriptFile& out);
std::string readInputScript(const std::string& path, ScriptFile& out);

// The GLFW key code for a script key name, or -1.
int keyFromName(const std::string& name);

}  // namespace app::gui
