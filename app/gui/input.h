#pragma once
// The handlers a person's mouse and keys go through — and the scripted input replays
// through the very same functions (scripted_input.h). Coordinates are window pixels, y down.
// Keys are GLFW key codes, bound in one table that also fills the help panel.
#include <optional>
#include <vector>

#include "app/gui/sandbox.h"

namespace app::gui {

enum class MouseButton { Left, Right, Middle };

void onCursor(Sandbox& s, double x, double y);
// Only records a cursor move (one ImGui took, which still moves the cursor).
void recordCursor(Sandbox& s, double x, double y);
void onMouseButton(Sandbox& s, MouseButton button, bool pressed, bool ctrl);
void onScroll(Sandbox& s, double steps);
void onKey(Sandbox& s, int key);

struct KeyBinding {
    int key;            // GLFW key code
    const char* label;  // as the help panel shows it
    const char* help;
    void (*action)(Sandbox&);
    bool recorded = true;  // goes into a session recording (not the keys that write files)
};
// Every key the window answers, in help order.
const std::vector<KeyBinding>& keyBindings();

// The left-button tools (mouse_tools.cpp): grab and pin, and the knife.
void onToolPress(Sandbox& s, bool ctrl);
// The throw tool (B): a ball from the camera through the cursor, recorded as a throw event.
void throwFromCursor(Sandbox& s);
void onToolDrag(Sandbox& s);
// Pins and unpins one particle, or releases every pin (the Scene panel's pin list), recorded as
// pin and clear_pins events. With `ray` (the view ray a click picked `particle` with) and compare
// panes whose meshes differ, each pane pins the particle under the ray in its own mesh.
void setPin(Sandbox& s, int particle, bool pinned, std::optional<sim::Ray> ray = std::nullopt);
void clearPins(Sandbox& s);
void onToolRelease(Sandbox& s);
// A recorded tool event (grab, grab_move, grab_end, pin, clear_pins, cut, throw, collider_*):
// applied and recorded as the live tool does it, with the event's particle, collider and points.
void applyToolEvent(Sandbox& s, const ScriptEvent& e);
// The view ray through the cursor.
sim::Ray cursorRay(const Sandbox& s);

}  // namespace app::gui
