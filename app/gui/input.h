#pragma once
// The handlers a person's mouse and keys go through — and the scripted input replays
// through the very same functions (scripted_input.h). Coordinates are window pixels, y down.
// Keys are GLFW key codes.
#include "app/gui/sandbox.h"

namespace app::gui {

enum class MouseButton { Left, Right, Middle };

void onCursor(Sandbox& s, double x, double y);
void onMouseButton(Sandbox& s, MouseButton button, bool pressed, bool ctrl);
void onScroll(Sandbox& s, double steps);
void onKey(Sandbox& s, int key);

// The left-button tools (mouse_tools.cpp): grab and pin today, the knife later.
void onToolPress(Sandbox& s, bool ctrl);
void onToolDrag(Sandbox& s);
void onToolRelease(Sandbox& s);

}  // namespace app::gui
