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

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "app/compare.h"
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
void buildUiMarks(const Sandbox& s, const Snapshot& view, render::DrawList& ui) {
    ui.clear();
    ui.setLayer(render::DrawLayer::Ui);
    const sim::DebugColor knife{1.0f, 0.25f, 0.2f}, grab{1.0f, 0.9f, 0.1f};
    if (s.mouse.drag == Drag::Knife) {
        const sim::Ray ray = cursorRay(s);
        ui.line(s.mouse.knifeStart, ray.origin + ray.direction, knife);
        ui.point(s.mouse.knifeStart, 6.0f * s.display.contentScale, knife);
        ui.point(ray.origin + ray.direction, 6.0f * s.display.contentScale, knife);
    }
    if (s.mouse.drag == Drag::Grab && view.grab && view.grab->particle < view.particleCount()) {
        ui.line(view.x[view.grab->particle], s.mouse.grabTarget, grab);
        ui.point(s.mouse.grabTarget, 7.0f * s.display.contentScale, grab);
    }
    const auto& held = view.colliderDrag;
    if (s.mouse.drag == Drag::Collider && held && held->collider < int(view.colliders.size())) {
        ui.line(view.colliders[held->collider].center + held->anchorOffset, s.mouse.grabTarget,
                grab);
        ui.point(s.mouse.grabTarget, 7.0f * s.display.contentScale, grab);
    }
}

// Clears the framebuffer for `panes` in one go (a clear of part of a framebuffer is a slow path
// in software GL) and draws the one-pixel dark border around each, outside its viewport.
void clearPanes(const std::vector<render::Viewport>& panes, const float sky[3]) {
    glDisable(GL_SCISSOR_TEST);
    render::clearTo(sky);
    glEnable(GL_SCISSOR_TEST);
    glClearColor(0.1f, 0.1f, 0.1f, 1.0f);
    for (const render::Viewport& v : panes) {
        const int x0 = v.x - 1, y0 = v.y - 1, w = v.width + 2, h = v.height + 2;
        for (const std::array<int, 4>& strip : {std::array{x0, y0, w, 1},
                                                {x0, y0 + h - 1, w, 1},
                                                {x0, y0, 1, h},
                                                {x0 + w - 1, y0, 1, h}}) {
            glScissor(strip[0], strip[1], strip[2], strip[3]);
            glClear(GL_COLOR_BUFFER_BIT);
        }
    }
    glDisable(GL_SCISSOR_TEST);
}

// Each pane's world and marks in its rectangle of the framebuffer (one pane: all of it); in
// compare mode a one-pixel dark border parts the panes.
void drawPanes(const Sandbox& s, render::Renderer& renderer, render::DrawList& ui, int fw, int fh) {
    const int n = paneCount(s), border = n > 1 ? 1 : 0;
    const double sx = double(fw) / std::max(s.display.windowWidth, 1),
                 sy = double(fh) / std::max(s.display.windowHeight, 1);
    std::vector<render::Viewport> viewports;
    for (int k = 0; k < n; ++k) {
        const PaneRect r = paneRect(s, k);
        const int x0 = int(std::lround(r.x * sx)), x1 = int(std::lround((r.x + r.width) * sx));
        const int top = int(std::lround(r.y * sy)),
                  bottom = int(std::lround((r.y + r.height) * sy));
        viewports.push_back({x0 + border, fh - bottom + border, x1 - x0 - 2 * border,
                             bottom - top - 2 * border, n == 1});
    }
    if (n > 1) clearPanes(viewports, s.display.renderOptions.skyColor);
    for (int k = 0; k < n; ++k) {
        const Snapshot& view = paneView(s, k);
        buildUiMarks(s, view, ui);
        renderer.draw(view.surface(), view.draw, ui, s.display.camera, viewports[size_t(k)],
                      s.display.renderOptions);
    }
}

// Draws `lists` of the frame's ImGui draw data.
void renderImGuiLists(const ImDrawData& all, std::vector<ImDrawList*>& lists) {
    ImDrawData part = all;
    part.CmdLists = lists.data();
    part.CmdListsCount = static_cast<int>(lists.size());
    part.TotalVtxCount = part.TotalIdxCount = 0;
    for (const ImDrawList* l : lists)
        part.TotalVtxCount += l->VtxBuffer.Size, part.TotalIdxCount += l->IdxBuffer.Size;
    ImGui_ImplOpenGL3_RenderDrawData(&part);
}

// The ImGui windows, split around the video frame: the video shows the scene without the
// panels, and in compare mode with the pane labels and the heat map's legend, which are drawn
// again over the panels.
void renderImGui(Sandbox& s, WindowOutputs& outputs, int fw, int fh) {
    const ImDrawData& all = *ImGui::GetDrawData();
    std::vector<ImDrawList*> video, rest;
    for (int i = 0; i < all.CmdListsCount; ++i) {
        ImDrawList* l = all.CmdLists[i];
        const std::string owner = l->_OwnerName ? l->_OwnerName : "";
        const bool label = owner.rfind(kPaneLabelPrefix, 0) == 0 || owner == "##heat";
        (paneCount(s) > 1 && label ? video : rest).push_back(l);
    }
    renderImGuiLists(all, video);
    outputs.recordFrame(s, fw, fh);
    renderImGuiLists(all, rest);
    if (!video.empty()) renderImGuiLists(all, video);
}

// The world, the marks, the video frame (without panels) and the panels, timed on the GPU.
void drawFrame(Sandbox& s, render::Renderer& renderer, render::DrawList& ui, render::GpuTimer& gpu,
               WindowOutputs& outputs, int fw, int fh) {
    gpu.begin();
    drawPanes(s, renderer, ui, fw, fh);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    drawPanels(s);
    ImGui::Render();
    renderImGui(s, outputs, fw, fh);
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
                        double seconds, long simulatedFrames, double waitedMs) {
    GLint samples = 0;
    glGetIntegerv(GL_SAMPLES, &samples);
    std::printf(
        "%s particles=%d window %dx%d msaa %d (%s): %d frames drawn in %.2f s (%.1f per s), "
        "%ld new simulated frames shown, simulation %.1f ms in all, render %.2f ms (GPU, "
        "last), waited %.2f ms per frame for the simulation\n",
        s.view.sceneName.c_str(), s.view.particleCount(), s.display.windowWidth,
        s.display.windowHeight, samples, reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
        frame, seconds, frame / seconds, simulatedFrames, sim.simulationMs(), gpu.lastMs(),
        waitedMs / frame);
}

// The simulation threads: one, or in compare mode one per pane with its own solver and
// --stats file. False (message printed) when one cannot start.
bool startPanes(const Options& o, Pacing pacing, std::vector<std::unique_ptr<SimThread>>& threads) {
    for (size_t k = 0; k < std::max<size_t>(1, o.compareSolvers.size()); ++k) {
        const Options pane = paneOptions(o, k);
        threads.push_back(std::make_unique<SimThread>(pane, pacing));
        if (std::string e = threads.back()->start(pane.statsPath); !e.empty()) {
            std::fprintf(stderr, "pbd-sandbox: %s\n", e.c_str());
            return false;
        }
    }
    return true;
}

// The window's state at the start, with the first snapshot of every pane taken.
void openSandbox(Sandbox& s, const Options& o, std::vector<std::unique_ptr<SimThread>>& panes,
                 Pacing pacing) {
    s.options = o;
    s.sim = panes[0].get();
    for (size_t k = 1; k < panes.size(); ++k) s.compare.others.push_back({std::move(panes[k]), {}});
    s.inputs.basePacing = pacing;
    s.display.showUi = o.panels != "hidden";
    if (!o.exportMeshes.empty())  // already exporting (SimSession::start): E stops it
        std::snprintf(s.panel.exportFolder, sizeof s.panel.exportFolder, "%s",
                      o.exportMeshes.c_str());
    takeSnapshot(s);
}

// One displayed frame in every pane: all asked first, so the panes run at once (lockstep:
// simulated frame `ui.displayFrame` is published in each when this returns). Returns the wall
// ms the window waited.
double runFrames(Sandbox& s, const UiStatus& ui) {
    const auto t0 = Clock::now();
    std::vector<SimThread*> threads{s.sim};
    for (ComparePane& p : s.compare.others) threads.push_back(p.sim.get());
    std::vector<long> asked;
    for (SimThread* t : threads) {
        t->setPublishOptions(publishOptions(s));
        t->setUiStatus(ui);
        asked.push_back(t->requestFrame());
    }
    for (size_t k = 0; k < threads.size(); ++k) threads[k]->waitFrame(asked[k]);
    return msSince(t0);
}

// Compare mode: one line per pane (its solver, its simulation time and strain).
void printPaneSummaries(const Sandbox& s) {
    for (int k = 0; k < paneCount(s); ++k) {
        const Snapshot& v = paneView(s, k);
        const SimThread& t = paneSim(s, k);
        std::printf(
            "pane %d solver=%s: %ld frames (world frame %ld), simulation %.1f ms in all "
            "(%.2f ms/frame), max strain %.5f, peak %.5f\n",
            k + 1, sim::solverName(v.settings.solver), v.tick, v.frame, t.simulationMs(),
            v.tick > 0 ? t.simulationMs() / v.tick : 0.0, v.stats.metrics.maxStrain,
            s.compare.peakStrain.size() > size_t(k) ? s.compare.peakStrain[k] : 0.0);
    }
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
    std::vector<std::unique_ptr<SimThread>> panes;
    if (!startPanes(o, pacing, panes)) return 2;
    SimThread& sim = *panes[0];
    Sandbox s;
    openSandbox(s, o, panes, pacing);

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
    double waitedMs = 0;  // lockstep: wall time spent waiting for the simulation
    int frame = 0;
    for (; !glfwWindowShouldClose(window) && (o.frames == 0 || frame < o.frames); ++frame) {
        const auto frameStart = Clock::now();
        s.inputs.inputFrame = frame;  // what is sent now is applied before simulated frame `frame`
        glfwPollEvents();
        readWindowSize(window, s, fw, fh);
        script.dispatch(s, frame);
        pollImport(s, sim.pacing() == Pacing::Lockstep);
        waitedMs += runFrames(s, {frame, msSince(start), s.display.camera.yaw, gpu.lastMs()});
        s.inputs.inputFrame = frame + 1;  // the panels' edits are applied before the next one
        if (takeSnapshot(s) && s.view.stats.steps > 0) ++simulatedFrames;
        trackPeaks(s);
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
    if (frame > 0)
        printWindowSummary(s, sim, gpu, frame, msSince(start) / 1000.0, simulatedFrames, waitedMs);
    if (frame > 0 && paneCount(s) > 1) printPaneSummaries(s);
    const bool failed =
        sim.failed() || std::any_of(s.compare.others.begin(), s.compare.others.end(),
                                    [](auto& p) { return p.sim->failed(); });
    if (o.frames > 0 && failed) {
        std::fprintf(stderr,
                     "pbd-sandbox: exiting with status 3: a simulation step failed (see above)\n");
        status = 3;
    }
    return status;
}

}  // namespace app
