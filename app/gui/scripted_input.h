#pragma once
// Scripted input (--input FILE.json): timed mouse moves, presses, releases, wheel steps and
// key presses, by displayed-frame number, replayed through the same handlers as a person's
// input (input.h). Format:
//   {"width": 1280, "height": 720, "events": [
//     {"frame": 10, "type": "move", "x": 640, "y": 360},
//     {"frame": 11, "type": "press", "button": "left", "ctrl": false},
//     {"frame": 50, "type": "release", "button": "left"},
//     {"frame": 60, "type": "key", "key": "2"},
//     {"frame": 70, "type": "scroll", "steps": 1}]}
// Coordinates are window pixels (y down) of a window of "width" x "height" (optional, top
// level); in a window of another size they are scaled to it, so one script fits any size. Events of one frame run before that frame's step,
// in file order. Keys: a letter or digit, "space", "tab", "[", "]", "f1", "f9", "f12".
#include <string>
#include <vector>

#include "app/gui/input.h"

namespace app::gui {

struct ScriptEvent {
    enum class Type { Move, Press, Release, Key, Scroll };
    int frame = 0;
    Type type = Type::Move;
    double x = 0, y = 0, steps = 0;
    MouseButton button = MouseButton::Left;
    bool ctrl = false;
    int key = 0;  // GLFW key code
};

class InputScript {
public:
    // Reads and checks the file; returns an error naming the file, the event index and the
    // bad value, or empty.
    std::string load(const std::string& path);
    // Sends the events of `frame` to the handlers.
    void dispatch(Sandbox& s, int frame);
    bool empty() const { return events_.empty(); }
    int lastFrame() const { return events_.empty() ? 0 : events_.back().frame; }

private:
    std::vector<ScriptEvent> events_;  // sorted by frame, file order kept within a frame
    size_t next_ = 0;
    double width_ = 0, height_ = 0;  // the window size the script was written for, if given
};

// The GLFW key code for a script key name, or -1.
int keyFromName(const std::string& name);

}  // namespace app::gui
