#include "app/gui/window_setup.h"

#include <epoxy/gl.h>
// epoxy first: GLFW must not include the system GL header after it.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <cstdio>

#include "app/gui/input.h"
#include "app/gui/mesh_drop.h"

namespace app::gui {

namespace {

Sandbox& sandboxOf(GLFWwindow* w) {
    return *static_cast<Sandbox*>(glfwGetWindowUserPointer(w));
}

// GLFW callbacks, installed before ImGui's (which chain to them): input ImGui wants stays
// with ImGui; the rest goes to the same handlers the scripted input uses.
void cursorCallback(GLFWwindow* w, double x, double y) {
    Sandbox& s = sandboxOf(w);
    if (ImGui::GetIO().WantCaptureMouse && s.mouse.drag == Drag::None) {
        recordCursor(s, x, y);  // a replay's onCursor does the same with no drag
        s.mouse.cursorX = x;
        s.mouse.cursorY = y;
        return;
    }
    onCursor(s, x, y);
}

void buttonCallback(GLFWwindow* w, int button, int action, int mods) {
    Sandbox& s = sandboxOf(w);
    const bool pressed = action == GLFW_PRESS;
    if (pressed && ImGui::GetIO().WantCaptureMouse) return;
    const MouseButton b = button == GLFW_MOUSE_BUTTON_RIGHT    ? MouseButton::Right
                          : button == GLFW_MOUSE_BUTTON_MIDDLE ? MouseButton::Middle
                                                               : MouseButton::Left;
    onMouseButton(s, b, pressed, (mods & GLFW_MOD_CONTROL) != 0);
}

void scrollCallback(GLFWwindow* w, double, double dy) {
    if (!ImGui::GetIO().WantCaptureMouse) onScroll(sandboxOf(w), dy);
}

void keyCallback(GLFWwindow* w, int key, int, int action, int) {
    if (action != GLFW_PRESS && !(action == GLFW_REPEAT && key == GLFW_KEY_O)) return;
    if (ImGui::GetIO().WantCaptureKeyboard) return;
    onKey(sandboxOf(w), key);
}

// Files dropped on the window: the first goes to the drop handler (one import at a time).
void dropCallback(GLFWwindow* w, int count, const char** paths) {
    if (count > 0) onDrop(sandboxOf(w), paths[0]);
}

float contentScale(GLFWwindow* window) {
    float x = 1, y = 1;
    glfwGetWindowContentScale(window, &x, &y);
    return std::clamp(std::max(x, y), 0.5f, 4.0f);
}

}  // namespace

WindowSession::~WindowSession() {
    if (imgui) {
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplGlfw_Shutdown();
        ImGui::DestroyContext();
    }
    if (window) glfwDestroyWindow(window);
    glfwTerminate();
}

GLFWwindow* openWindow(const Options& o) {
    glfwSetErrorCallback([](int code, const char* text) {
        std::fprintf(stderr, "pbd-sandbox: GLFW error %d: %s\n", code, text);
    });
    GLFWwindow* window = nullptr;
    if (glfwInit()) {
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        glfwWindowHint(GLFW_SAMPLES, 4);
        glfwWindowHint(GLFW_STENCIL_BITS, 8);
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
        window = glfwCreateWindow(o.width, o.height, "pbd-sandbox", nullptr, nullptr);
    }
    if (!window)
        std::fprintf(stderr,
                     "pbd-sandbox: cannot open an OpenGL 3.3 window (no display?). Run with "
                     "--headless, or under a virtual display:\n  xvfb-run -a -s '-screen 0 "
                     "%dx%dx24' pbd-sandbox ...\n",
                     o.width, o.height);
    return window;
}

void initImGui(WindowSession& session, Sandbox& s) {
    GLFWwindow* window = session.window;
    glfwSetWindowUserPointer(window, &s);
    glfwSetCursorPosCallback(window, cursorCallback);
    glfwSetMouseButtonCallback(window, buttonCallback);
    glfwSetScrollCallback(window, scrollCallback);
    glfwSetKeyCallback(window, keyCallback);
    glfwSetDropCallback(window, dropCallback);
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no imgui.ini left in the working directory
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 4.0f;
    style.Colors[ImGuiCol_WindowBg].w = 0.85f;
    // Text and spacing follow the monitor's content scale (1 on Xvfb, 2 on a HiDPI screen).
    s.display.contentScale = contentScale(window);
    style.ScaleAllSizes(s.display.contentScale);
    io.FontGlobalScale = s.display.contentScale;
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
    session.imgui = true;
}

void readWindowSize(GLFWwindow* window, Sandbox& s, int& fw, int& fh) {
    glfwGetWindowSize(window, &s.display.windowWidth, &s.display.windowHeight);
    glfwGetFramebufferSize(window, &fw, &fh);
}

}  // namespace app::gui
