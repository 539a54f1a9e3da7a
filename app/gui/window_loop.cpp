// app::runWindow: the display loop. The simulation runs on its own thread (sim_thread.h);
// each displayed frame polls input (a person's or the scripted input), hands the edits to
// the simulation, takes the newest published snapshot, draws it with the renderer and the
// panels, and writes the requested outputs. The --stats rows are written by the simulation
// thread, one per simulated frame.
#include <epoxy/gl.h>
// epoxy first: GLFW must not include the system GL header after it.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <chrono>
#include <cstdio>

#include "app/gui/input.h"
#include "app/gui/mesh_drop.h"
#include "app/gui/panels.h"
#include "app/gui/scripted_input.h"
#include "app/gui/window_outputs.h"
#include "app/gui/window_setup.h"
#include "app/gui_app.h"
#include "render/gpu_timer.h"
#include "render/renderer.h"
#include "render/shader_program.h"

namespace app {

namespace {

using namespace gui;
using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

Pacing pacingFor(const Options& o) {
    if (o.pace) return *o.pace == "lockstep" ? Pacing::Lockstep : Pacing::RealTime;
    const bool scripted =
        o.frames > 0 || !o.inputPath.empty() || !o.recordPath.empty() || !o.recordSession.empty();
    return scripted ? Pacing::Lockstep : Pacing::RealTime;
}

// The window's own marks, redrawn every frame from the mouse: the knife stroke while it is
// dragged, and where the cursor holds the grab or the dragged collider's picked point (the
// snapshot may be a step behind).
void buildUiMarks(const Sandbox& s, render::DrawList& ui) {
    ui.clear();
    ui.setLayer(render::DrawLayer::Ui);
    const sim::DebugColor knife{1.0f, 0.25f, 0.2f}, grab{1.0f, 0.9f, 0.1f};
    if (s.mouse.drag == Drag::Knife) {
        const sim::Ray ray = cursorRay(s);
        ui.line(s.mouse.knifeStart, ray.origin + ray.direction, knife);
        ui.point(s.mouse.knifeStart, 6.0f * s.display.contentScale, knife);
        ui.point(ray.origin + ray.direction, 6.0f * s.display.contentScale, knife);
    }
    if (s.mouse.drag == Drag::Grab && s.view.grab &&
        s.view.grab->particle < s.view.particleCount()) {
        ui.line(s.view.x[s.view.grab->particle], s.mouse.grabTarget, grab);
        ui.point(s.mouse.grabTarget, 7.0f * s.display.contentScale, grab);
    }
    const auto& held = s.view.colliderDrag;
    if (s.mouse.drag == Drag::Collider && held && held->collider < int(s.view.colliders.size())) {
        ui.line(s.view.colliders[held->collider].center + held->anchorOffset, s.mouse.grabTarget,
                grab);
        ui.point(s.mouse.grabTarget, 7.0f * s.display.contentScale, grab);
    }
}

// The world, the marks, the video frame (without panels) and the panels, timed on the GPU.
void drawFrame(Sandbox& s, render::Renderer& renderer, render::DrawList& ui, render::GpuTimer& gpu,
               WindowOutputs& outputs, int fw, int fh) {
    gpu.begin();
    buildUiMarks(s, ui);
    renderer.draw(s.view.surface(), s.view.draw, ui, s.display.camera, fw, fh,
                  s.display.renderOptions);
    outputs.recordFrame(s, fw, fh);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    drawPanels(s);
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    gpu.end();
    if (gpu.lastMs() >= 0) s.history.renderMs.push(static_cast<float>(gpu.lastMs()));
}

// --input's script (message printed, false, when it cannot be read), and the note that
// --screenshot needs --frames.
bool loadInputScript(const Options& o, InputScript& script) {
    if (!o.inputPath.empty())
        if (std::string e = script.load(o.inputPath); !e.empty()) {
            std::fprintf(stderr, "pbd-sandbox: %s\n", e.c_str());
            return false;
        }
    if (!o.screenshotPath.empty() && o.frames == 0)
        std::fprintf(stderr,
                     "pbd-sandbox: --screenshot saves the last frame of a --frames N run; "
                     "without --frames press F12 instead\n");
    return true;
}

// The window run's one summary line.
void printWindowSummary(const Sandbox& s, SimThread& sim, render::GpuTimer& gpu, int frame,
                        double seconds, long simulatedFrames) {
    GLint samples = 0;
    glGetIntegerv(GL_SAMPLES, &samples);
    std::printf(
        "%s particles=%d window %dx%d msaa %d (%s): %d frames drawn in %.2f s (%.1f per s), "
        "%ld new simulated frames shown, simulation %.1f ms in all, render %.2f ms (GPU, "
        "last)\n",
        s.view.sceneName.c_str(), s.view.particleCount(), s.display.windowWidth,
        s.display.windowHeight, samples, reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
        frame, seconds, frame / seconds, simulatedFrames, sim.simulationMs(), gpu.lastMs());
}

}  // namespace

int runWindow(const Options& o) {
    WindowSession session;
    session.window = openWindow(o);
    if (!session.window) return 1;
    GLFWwindow* window = session.window;
    glfwMakeContextCurrent(window);
    // Scripted, recorded and fixed-length runs go as fast as they can; interactive runs sync.
    glfwSwapInterval(o.frames > 0 || !o.recordPath.empty() ? 0 : 1);

    const Pacing pacing = pacingFor(o);
    SimThread sim(o, pacing);
    if (std::string e = sim.start(o.statsPath); !e.empty()) {
        std::fprintf(stderr, "pbd-sandbox: %s\n", e.c_str());
        return 2;
    }
    Sandbox s;
    s.options = o;
    s.sim = &sim;
    s.inputs.basePacing = pacing;
    s.display.showUi = o.panels != "hidden";
    if (!o.exportMeshes.empty())  // already exporting (SimSession::start): E stops it
        std::snprintf(s.panel.exportFolder, sizeof s.panel.exportFolder, "%s",
                      o.exportMeshes.c_str());
    takeSnapshot(s);

    std::string error;
    const std::string shaderDir = render::findShaderDir(error);
    render::Renderer renderer;
    if (shaderDir.empty() || !(error = renderer.init(shaderDir)).empty()) {
        std::fprintf(stderr, "pbd-sandbox: %s\n", error.c_str());
        return 1;
    }
    initImGui(session, s);

    InputScript script;
    if (!loadInputScript(o, script)) return 2;
    int fw = 0, fh = 0;
    readWindowSize(window, s, fw, fh);
    WindowOutputs outputs(o, pacing);
    if (!o.recordPath.empty() && !outputs.startRecording(s, o.recordPath, fw, fh)) return 1;

    if (!o.recordSession.empty())
        if (!startSessionRecording(s, o.recordSession, false).empty()) return 1;
    render::DrawList ui;
    render::GpuTimer gpu;
    const auto start = Clock::now();
    long simulatedFrames = 0;
    int frame = 0;
    for (; !glfwWindowShouldClose(window) && (o.frames == 0 || frame < o.frames); ++frame) {
        const auto frameStart = Clock::now();
        s.inputs.inputFrame = frame;  // what is sent now is applied before simulated frame `frame`
        glfwPollEvents();
        readWindowSize(window, s, fw, fh);
        script.dispatch(s, frame);
        pollImport(s, sim.pacing() == Pacing::Lockstep);
        sim.setPublishOptions(publishOptions(s));
        sim.setUiStatus({frame, msSince(start), s.display.camera.yaw, gpu.lastMs()});
        sim.runFrame();  // lockstep: simulated frame `frame` is published when this returns
        s.inputs.inputFrame = frame + 1;  // the panels' edits are applied before the next one
        if (takeSnapshot(s) && s.view.stats.steps > 0) ++simulatedFrames;
        followSubject(s, 0.15);
        s.history.stepRunningMs = sim.runningMs();

        drawFrame(s, renderer, ui, gpu, outputs, fw, fh);

        outputs.afterFrame(s, frame, fw, fh);
        glfwSwapBuffers(window);
        s.history.fps.push(static_cast<float>(1000.0 / std::max(msSince(frameStart), 1e-3)));
    }
    int status = outputs.finish();
    if (s.view.outputFailed) status = 1;  // reported in the window when it happened
    if (!stopSessionRecording(s).empty()) status = 1;
    if (frame > 0) printWindowSummary(s, sim, gpu, frame, msSince(start) / 1000.0, simulatedFrames);
    if (o.frames > 0 && sim.failed()) {
        std::fprintf(stderr,
                     "pbd-sandbox: exiting with status 3: a simulation step failed (see above)\n");
        status = 3;
    }
    return status;
}

}  // namespace app
