#pragma once
// The scripted-input file (--input FILE.json), read without a window so that the tests and
// the fuzz target can use it. Format:
//   {"width": 1280, "height": 720, "events": [
//     {"frame": 10, "type": "move", "x": 640, "y": 360},
//     {"frame": 11, "type": "press", "button": "left", "ctrl": false},
//     {"frame": 50, "type": "release", "button": "left"},
//     {"frame": 60, "type": "key", "key": "2"},
//     {"frame": 70, "type": "scroll", "steps": 1},
//     {"frame": 80, "type": "set", "name": "iterations", "value": 20},
//     {"frame": 90, "type": "set", "name": "solver", "value": "xpbd"},
//     {"frame": 95, "type": "drop", "path": "mesh.obj"},
//     {"frame": 99, "type": "load", "scene": "curtain", "resolution": 24},
//     {"frame": 120, "type": "save", "file": "scene.json"},
//     {"frame": 121, "type": "load", "file": "scene.json"},
//     {"frame": 130, "type": "grab", "particle": 17, "at": [0.1, 1.2, 0.0]},
//     {"frame": 132, "type": "grab", "particle": 17, "at": [0.1, 1.2, 0.0],
//      "eye": [0, 1, 3], "toward": [0, 0, -1]},
//     {"frame": 131, "type": "grab_move", "at": [0.2, 1.2, 0.0]},
//     {"frame": 140, "type": "grab_end"},
//     {"frame": 141, "type": "pin", "particle": 17, "pinned": true},
//     {"frame": 150, "type": "cut", "eye": [0, 1, 3], "a": [-1, 1, 2], "b": [1, 1, 2]},
//     {"frame": 160, "type": "collider_grab", "collider": 0, "at": [0, 0.5, 0]},
//     {"frame": 161, "type": "collider_move", "at": [0.1, 0.5, 0]},
//     {"frame": 170, "type": "collider_end"},
//     {"frame": 180, "type": "compare", "solvers": "pbd,mgpbd"}]}
// Coordinates are window pixels (y down) of a window of "width" x "height" (optional, top
// level). A move may name a particle instead ({"type": "move", "particle": 12}): the cursor
// goes to where that particle is drawn now, and that pixel becomes the anchor of the moves
// marked "relative": true, whose x and y are offsets from it; so a drag script finds the
// cloth wherever the scene's defaults and the camera put it. Keys: a letter or digit, "space",
// "tab", "[", "]", "f1", "f8", "f9", "f12". A "set" event is a panel edit: any setting of the
// parameter table (sim/core/params.h) by name, its value a number, true/false, a choice's name or
// "x,y,z", checked against the table's range when the file is read. A "drop" event drops a file on
// the window (the drop handler); a "load" event is the Scene panel's scene list or Reset button
// (resolution 0 or left out: the scene's own; "imported" rebuilds the imported meshes); with "file"
// instead of "scene" it is the panel's Load of a scene file, and a "save" event its Save
// (sim/scenes/scene_file.h). The tool events say what a left-button tool did in world space
// (metres): the particle grabbed and where the cursor held it, a pin toggled, a knife stroke's eye
// and two points, a collider dragged by a point; a grab with "eye" and "toward" was picked with
// that view ray in each compare pane's own mesh, the panes' meshes having come to differ. A
// "compare" event splits the view into panes of those solvers from the running state (key V;
// "" goes back to one pane: compare_panes.h). A
// session recording writes those instead of the left button's pixels, since a pixel's world point
// depends on the camera, which follows the scene at the display rate and not in lockstep with the
// simulation. Every number is range-checked (sim/io/json_read.h): a bad file gets a message naming
// the file, the event index and the field.
#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace app::gui {

enum class ScriptButton { Left, Right, Middle };

struct ScriptEvent {
    enum class Type {
        Move,
        Press,
        Release,
        Key,
        Scroll,
        Set,
        Drop,
        Load,
        Save,
        Grab,
        GrabMove,
        GrabEnd,
        Pin,
        ClearPins,
        Cut,
        Throw,
        ColliderGrab,
        ColliderMove,
        ColliderEnd,
        Compare
    };
    int frame = 0;
    Type type = Type::Move;
    double x = 0, y = 0, steps = 0;
    ScriptButton button = ScriptButton::Left;
    bool ctrl = false;
    int key = 0;            // GLFW key code
    std::string name;       // Set: the parameter's name; Load: the scene's (empty: a file's)
    int resolution = 0;     // Load: 0 = the scene's own
    std::string value;      // Set: its value as sim::setParam reads it
    std::string path;       // Drop: the file; Save, Load: the scene file
    int index = -1;         // Grab, Pin, Move: the particle; ColliderGrab: the collider
    bool relative = false;  // Move: x, y are offsets from the last particle move's pixel
    bool pinned = true;     // Pin: pinned or released
    // Grab, GrabMove, ColliderGrab, ColliderMove: the world point [m]; Cut: the eye.
    std::array<double, 3> at{};
    std::array<double, 3> a{}, b{};  // Cut: the stroke's two points (on view rays from the eye)
    // Grab or Pin in compare mode once the panes' meshes differ: the view ray it was picked with
    // (origin a, direction b), with which a replay picks in each pane again.
    bool ray = false;
};

struct ScriptFile {
    std::vector<ScriptEvent> events;  // sorted by frame, file order kept within a frame
    double width = 0, height = 0;     // the window size the script was written for, if given
};

// Ranges: frames [0, 2^31 - 1], coordinates within +-kMaxScriptPixel, wheel steps within
// +-kMaxScriptSteps, width and height in (0, kMaxScriptPixel], world points within
// +-kMaxScriptMetres, particle and collider indices in [0, kMaxScriptIndex].
inline constexpr double kMaxScriptPixel = 1e5, kMaxScriptSteps = 1e3, kMaxScriptMetres = 1e6;
inline constexpr long long kMaxScriptIndex = 1LL << 30;

// Returns an error naming `name`, the event and the field, or empty (and fills `out`).
std::string parseInputScript(std::string_view text, const std::string& name, ScriptFile& out);
std::string readInputScript(const std::string& path, ScriptFile& out);

// Writes `script` in the format above (events in order, numbers exact), with a top-level
// "description" and "scene" (for the person replaying it); returns an error naming the file,
// or empty.
std::string writeInputScript(const std::string& path, const ScriptFile& script,
                             const std::string& description, const std::string& scene);

// The GLFW key code for a script key name, or -1; and back ("" for a key with no name).
int keyFromName(const std::string& name);
std::string keyName(int key);

}  // namespace app::gui
