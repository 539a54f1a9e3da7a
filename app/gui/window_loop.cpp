// app::runWindow: the GLFW window with an OpenGL 3.3 core context (GL through libepoxy),
// Dear ImGui (Debian's libimgui with its GLFW and OpenGL3 backends compiled from /usr), the
// renderer, the input handlers, scripted input, the stats CSV, screenshots and recording.
#include <epoxy/gl.h>
// epoxy first: GLFW must not include the system GL header after it.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <chrono>
#include <cstdio>

#include "app/gui/input.h"
#include "app/gui/panels.h"
#include "app/gui/recorder.h"
#include "app/gui/sandbox.h"
#include "app/gui/scripted_input.h"
#include "app/gui_app.h"
#include "render/renderer.h"
#include "render/shader_program.h"
#include "sim/core/checks.h"
#include "sim/core/picking.h"
#include "sim/io/stats_csv.h"

namespace app {

namespace {

using gui::Sandbox;
using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

Sandbox& sandboxOf(GLFWwindow* w) { return *static_cast<Sandbox*>(glfwGetWindowUserPointer(w)); }

// GLFW callbacks, installed before ImGui's (which chain to them): input ImGui wants stays
// with ImGui; the rest goes to the same handlers the scripted input uses.
void cursorCallback(GLFWwindow* w, double x, double y) {
    Sandbox& s = sandboxOf(w);
    if (ImGui::GetIO().WantCaptureMouse && s.drag == gui::Drag::None) {
        s.cursorX = x;
        s.cursorY = y;
        return;
    }
    gui::onCursor(s, x, y);
}

void buttonCallback(GLFWwindow* w, int button, int action, int mods) {
    Sandbox& s = sandboxOf(w);
    const bool pressed = action == GLFW_PRESS;
    if (pressed && ImGui::GetIO().WantCaptureMouse) return;
    gui::MouseButton b = button == GLFW_MOUSE_BUTTON_RIGHT    ? gui::MouseButton::Right
                         : button == GLFW_MOUSE_BUTTON_MIDDLE ? gui::MouseButton::Middle
                                                              : gui::MouseButton::Left;
    gui::onMouseButton(s, b, pressed, (mods & GLFW_MOD_CONTROL) != 0);
}

void scrollCallback(GLFWwindow* w, double, double dy) {
    if (!ImGui::GetIO().WantCaptureMouse) gui::onScroll(sandboxOf(w), dy);
}

void keyCallback(GLFWwindow* w, int key, int, int action, int) {
    if (action != GLFW_PRESS && !(action == GLFW_REPEAT && key == GLFW_KEY_O)) return;
    if (ImGui::GetIO().WantCaptureKeyboard) return;
    gui::onKey(sandboxOf(w), key);
}

void buildOverlay(const Sandbox& s, render::Overlay& overlay) {
    overlay.clear();
    const sim::World& w = s.world;
    // Particles no triangle covers (pendulum_chain, ropes) would be invisible: draw them as
    // points and their distance constraints as lines.
    const std::vector<char> covered = sim::particlesOnTriangles(w);
    for (const sim::DistanceConstraint& c : w.constraints.distance)
        if (!covered[c.i] || !covered[c.j])
            overlay.line(w.particles.x[c.i], w.particles.x[c.j], {0.75f, 0.8f, 0.9f});
    for (int i = 0; i < w.particles.size(); ++i)
        if (!covered[i]) overlay.point(w.particles.x[i], 7.0f, {0.55f, 0.7f, 0.95f});
    if (s.renderOptions.showPins)
        for (int i = 0; i < w.particles.size(); ++i)
            if (w.particles.pinned[i] && !(w.grab() && w.grab()->particle == i))
                overlay.point(w.particles.x[i], 8.0f, {0.9f, 0.1f, 0.1f});
    if (w.grab()) {
        overlay.point(w.particles.x[w.grab()->particle], 11.0f, {1.0f, 0.9f, 0.1f});
        overlay.line(w.particles.x[w.grab()->particle], w.grab()->target, {1.0f, 0.9f, 0.1f});
    }
    w.solver().debugDraw(w, overlay);
}

// Everything the window owns, torn down in reverse order on every exit path.
struct WindowSession {
    GLFWwindow* window = nullptr;
    bool imgui = false;
    ~WindowSession() {
        if (imgui) {
            ImGui_ImplOpenGL3_Shutdown();
            ImGui_ImplGlfw_Shutdown();
            ImGui::DestroyContext();
        }
        if (window) glfwDestroyWindow(window);
        glfwTerminate();
    }
};

GLFWwindow* openWindow(const Options& o) {
    glfwSetErrorCallback([](int code, const char* text) {
        std::fprintf(stderr, "pbd-sandbox: GLFW error %d: %s\n", code, text);
    });
    if (!glfwInit()) return nullptr;
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_SAMPLES, 4);
    glfwWindowHint(GLFW_STENCIL_BITS, 8);
    return glfwCreateWindow(o.width, o.height, "pbd-sandbox", nullptr, nullptr);
}

}  // namespace

int runWindow(const Options& o) {
    WindowSession session;
    session.window = openWindow(o);
    if (!session.window) {
        std::fprintf(stderr,
                     "pbd-sandbox: cannot open an OpenGL 3.3 window (no display?). Run with "
                     "--headless, or under a virtual display:\n  xvfb-run -a -s '-screen 0 "
                     "%dx%dx24' pbd-sandbox ...\n",
                     o.width, o.height);
        return 1;
    }
    GLFWwindow* window = session.window;
    glfwMakeContextCurrent(window);
    // Scripted, recorded and fixed-length runs go as fast as they can; interactive runs sync.
    glfwSwapInterval(o.frames > 0 || !o.recordPath.empty() ? 0 : 1);

    Sandbox s;
    s.options = o;
    if (o.settings.given("solver")) {
        sim::Settings given;
        o.settings.apply(given);
        s.solverKind = given.solver;
        s.solverChosen = true;
    }
    if (!gui::loadScene(s, o.scene, o.sceneParams.resolution)) return 2;
    gui::frameScene(s);

    std::string error;
    const std::string shaderDir = render::findShaderDir(error);
    render::Renderer renderer;
    if (shaderDir.empty() || !(error = renderer.init(shaderDir)).empty()) {
        std::fprintf(stderr, "pbd-sandbox: %s\n", error.c_str());
        return 1;
    }

    glfwSetWindowUserPointer(window, &s);
    glfwSetCursorPosCallback(window, cursorCallback);
    glfwSetMouseButtonCallback(window, buttonCallback);
    glfwSetScrollCallback(window, scrollCallback);
    glfwSetKeyCallback(window, keyCallback);
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini left in the working directory
    ImGui::StyleColorsDark();
    ImGui::GetStyle().WindowRounding = 4.0f;
    ImGui::GetStyle().Colors[ImGuiCol_WindowBg].w = 0.85f;
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
    session.imgui = true;

    gui::InputScript script;
    if (!o.inputPath.empty()) {
        if (std::string e = script.load(o.inputPath); !e.empty()) {
            std::fprintf(stderr, "pbd-sandbox: %s\n", e.c_str());
            return 2;
        }
    }
    sim::StatsCsv csv;
    const std::vector<std::string> extra = {"grab_index", "grab_x", "grab_y", "grab_z",
                                            "target_x",   "target_y", "target_z",
                                            "max_displacement", "solver_kind", "render_ms",
                                            "components"};
    if (!o.statsPath.empty() && !csv.open(o.statsPath, extra)) {
        std::fprintf(stderr, "pbd-sandbox: %s\n", csv.error().c_str());
        return 2;
    }
    gui::VideoRecorder recorder;
    auto startRecording = [&](const std::string& path) {
        int fw = 0, fh = 0;
        glfwGetFramebufferSize(window, &fw, &fh);
        const std::string e = recorder.start(path, fw, fh, static_cast<int>(1.0 / gui::kDisplayFrameSeconds + 0.5));
        if (!e.empty()) s.message = e, std::fprintf(stderr, "pbd-sandbox: %s\n", e.c_str());
        return e.empty();
    };
    if (!o.recordPath.empty() && !startRecording(o.recordPath)) return 1;
    if (!o.screenshotPath.empty() && o.frames == 0)
        std::fprintf(stderr, "pbd-sandbox: --screenshot saves the last frame of a --frames N run; "
                             "without --frames press F12 instead\n");

    render::Overlay overlay;
    std::vector<uint8_t> pixels;
    double totalSim = 0, totalRender = 0, totalFrame = 0;
    int frame = 0, screenshotCount = 0, recordingCount = 0;
    for (; !glfwWindowShouldClose(window) && (o.frames == 0 || frame < o.frames); ++frame) {
        const auto frameStart = Clock::now();
        glfwPollEvents();
        glfwGetWindowSize(window, &s.windowWidth, &s.windowHeight);
        script.dispatch(s, frame);
        int fw = 0, fh = 0;
        glfwGetFramebufferSize(window, &fw, &fh);

        const auto simStart = Clock::now();
        const int steps = gui::advance(s);
        const double simMs = msSince(simStart);

        const auto renderStart = Clock::now();
        buildOverlay(s, overlay);
        renderer.draw(s.world, s.camera, fw, fh, s.renderOptions, overlay);
        if (recorder.active()) {  // the video shows the scene, not the panels
            gui::readFramebuffer(fw, fh, pixels);
            if (std::string e = recorder.addFrame(fw, fh, pixels); !e.empty()) {
                s.message = e;
                std::fprintf(stderr, "pbd-sandbox: %s\n", e.c_str());
            }
            s.recordedFrames = recorder.frames();
        }
        s.recording = recorder.active();
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        gui::drawPanels(s);
        ImGui::Render();
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        glFinish();
        const double renderMs = msSince(renderStart);
        s.renderMs.push(static_cast<float>(renderMs));

        if (steps > 0 && csv.isOpen()) {
            const auto& g = s.world.grab();
            const sim::Vec3 x = g ? s.world.particles.x[g->particle] : sim::Vec3::Zero();
            const sim::Vec3 t = g ? g->target : sim::Vec3::Zero();
            csv.writeRow(s.world, {g ? double(g->particle) : -1.0, x.x(), x.y(), x.z(), t.x(), t.y(),
                                   t.z(), s.lastMaxDisplacement, double(static_cast<int>(s.solverKind)),
                                   renderMs, double(sim::countComponents(s.world))});
        }
        // F12 writes a numbered PNG; --screenshot writes the last frame of a --frames run.
        // Both show the window as it is, panels included.
        std::vector<std::string> shots;
        if (s.screenshotRequested) {
            char name[64];
            std::snprintf(name, sizeof name, "screenshot-%03d.png", screenshotCount++);
            shots.push_back(name);
            s.screenshotRequested = false;
        }
        if (o.frames > 0 && frame + 1 == o.frames && !o.screenshotPath.empty())
            shots.push_back(o.screenshotPath);
        if (!shots.empty()) gui::readFramebuffer(fw, fh, pixels);
        for (const std::string& path : shots) {
            const std::string e = gui::savePng(path, fw, fh, pixels);
            s.message = e.empty() ? "saved " + path : e;
            std::fprintf(stderr, "pbd-sandbox: %s\n", s.message.c_str());
        }
        if (s.recordToggleRequested) {
            s.recordToggleRequested = false;
            if (recorder.active()) {
                const std::string e = recorder.stop();
                s.message = e.empty() ? "recorded " + recorder.path() : e;
            } else {
                // F9 recordings are numbered, so none overwrites an earlier one.
                char name[64];
                std::snprintf(name, sizeof name, "recording-%03d.mp4", recordingCount++);
                startRecording(name);
            }
        }
        glfwSwapBuffers(window);
        totalSim += simMs;
        totalRender += renderMs;
        totalFrame += msSince(frameStart);
        s.fps.push(static_cast<float>(1000.0 / std::max(msSince(frameStart), 1e-3)));
    }
    int status = 0;
    if (recorder.active()) {
        const int frames = recorder.frames();
        const std::string path = recorder.path();
        if (std::string e = recorder.stop(); !e.empty()) {
            std::fprintf(stderr, "pbd-sandbox: %s\n", e.c_str());
            status = 1;
        } else {
            std::printf("recorded %d frames (%.2f s of video at %d fps) to %s\n", frames,
                        frames * gui::kDisplayFrameSeconds, int(1.0 / gui::kDisplayFrameSeconds + 0.5),
                        path.c_str());
        }
    }
    GLint samples = 0;
    glGetIntegerv(GL_SAMPLES, &samples);
    if (frame > 0)
        std::printf("%s particles=%d window %dx%d msaa %d (%s): %d frames, sim %.2f ms + render "
                    "%.2f ms per frame, %.2f ms per frame in all\n",
                    s.sceneName.c_str(), s.world.particles.size(), s.windowWidth, s.windowHeight,
                    samples, reinterpret_cast<const char*>(glGetString(GL_RENDERER)), frame,
                    totalSim / frame, totalRender / frame, totalFrame / frame);
    return status;
}

}  // namespace app
