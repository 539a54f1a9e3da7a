#pragma once
// The interactive window (GLFW + OpenGL 3.3 + Dear ImGui). Built only when the GUI
// dependencies are found (PBD_HAVE_GUI); the loop lives in app/gui/window_loop.cpp.
#include "app/options.h"

namespace app {

// Opens the window and runs until it closes, or for options.frames frames. Returns the
// process exit code.
int runWindow(const Options& options);

}  // namespace app
