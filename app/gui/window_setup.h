#pragma once
// The GLFW window with an OpenGL 3.3 core context (GL through libepoxy) and Dear ImGui
// (Debian's libimgui with its GLFW and OpenGL3 backends compiled from /usr): opening,
// the input callbacks that feed the handlers of input.h, the content scale, teardown.
#include "app/gui/sandbox.h"

struct GLFWwindow;

namespace app::gui {

// Everything the window owns, torn down in reverse order on every exit path.
struct WindowSession {
    GLFWwindow* window = nullptr;
    bool imgui = false;
    ~WindowSession();
};

// Opens the window (o.width x o.height); null with a message on stderr when there is no
// display or no GL 3.3.
GLFWwindow* openWindow(const Options& o);
// Creates the ImGui context, styled and scaled for the window's content scale, and
// installs the input callbacks that drive `s`.
void initImGui(WindowSession& session, Sandbox& s);
// Reads the window and framebuffer sizes and the content scale into `s`.
void readWindowSize(GLFWwindow* window, Sandbox& s, int& framebufferWidth, int& framebufferHeight);

}  // namespace app::gui
