#include "app/gui/panels.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "sim/core/metrics.h"
#include "sim/scenes/scene_table.h"
#include "sim/solvers/solver_params.h"

namespace app::gui {

namespace {

void tooltip(const char* text) {
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", text);
}

void scenePanel(Sandbox& s) {
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(300, 0), ImGuiCond_FirstUseEver);
    ImGui::Begin("Scene");
    const auto& table = sim::sceneTable();
    if (ImGui::BeginCombo("scene", s.sceneName.c_str())) {
        for (const sim::SceneInfo& info : table) {
            if (ImGui::Selectable(info.name, s.sceneName == info.name) && loadScene(s, info.name, 0))
                frameScene(s);
            tooltip(info.description);
        }
        ImGui::EndCombo();
    }
    const sim::SceneInfo* info = sim::findScene(s.sceneName);
    int& resolution = s.resolutionSlider;
    if (resolution == 0 && info) resolution = s.resolution > 0 ? s.resolution : info->defaultResolution;
    ImGui::SliderInt("resolution", &resolution, 2, 128);
    tooltip("scene size: quads per side for cloth, links for chains; applied by Reset");
    if (ImGui::Button("Reset (R)")) loadScene(s, s.sceneName, resolution);
    ImGui::SameLine();
    if (ImGui::Button("Frame (F)")) frameScene(s);
    ImGui::SameLine();
    ImGui::Checkbox("paused", &s.paused);
    ImGui::Checkbox("wireframe (W)", &s.renderOptions.wireframe);
    ImGui::SameLine();
    ImGui::Checkbox("strain map (H)", &s.renderOptions.heatmap);
    ImGui::Checkbox("shadows", &s.renderOptions.shadows);
    ImGui::SameLine();
    ImGui::Checkbox("pins", &s.renderOptions.showPins);
    if (s.renderOptions.heatmap) ImGui::SliderFloat("red at strain", &s.renderOptions.heatmapMax, 0.001f, 0.5f, "%.3f", ImGuiSliderFlags_Logarithmic);
    ImGui::Text("tool: %s  (G grab, K knife)", s.tool == Tool::Grab ? "grab" : "knife");
    if (!s.message.empty()) ImGui::TextColored(ImVec4(1, 0.6f, 0.3f, 1), "%s", s.message.c_str());
    ImGui::End();
}

// One generic widget per solver-specific parameter (sim::solverParameters).
void solverParameterWidgets(sim::SolverKind kind, sim::Settings& settings) {
    for (const sim::SolverParam& p : sim::solverParameters(kind, settings)) {
        switch (p.kind) {
            case sim::SolverParam::Kind::Int: {
                int* v = static_cast<int*>(p.value);
                ImGui::SliderInt(p.label.c_str(), v, static_cast<int>(p.min), static_cast<int>(p.max));
                break;
            }
            case sim::SolverParam::Kind::Real:
            case sim::SolverParam::Kind::LogReal: {
                const ImGuiSliderFlags flags =
                    p.kind == sim::SolverParam::Kind::LogReal ? ImGuiSliderFlags_Logarithmic : 0;
                ImGui::SliderScalar(p.label.c_str(), ImGuiDataType_Double, p.value, &p.min, &p.max,
                                    "%.4g", flags);
                break;
            }
            case sim::SolverParam::Kind::Bool: ImGui::Checkbox(p.label.c_str(), static_cast<bool*>(p.value)); break;
        }
        if (!p.tooltip.empty()) tooltip(p.tooltip.c_str());
    }
}

void solverPanel(Sandbox& s) {
    ImGui::SetNextWindowPos(ImVec2(10, 250), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(300, 0), ImGuiCond_FirstUseEver);
    ImGui::Begin("Solver");
    constexpr sim::SolverKind kinds[] = {sim::SolverKind::PBD, sim::SolverKind::XPBD,
                                         sim::SolverKind::HPBD, sim::SolverKind::MGPBD};
    for (int k = 0; k < 4; ++k) {
        const bool available = sim::solverAvailable(kinds[k]);
        if (k > 0) ImGui::SameLine();
        ImGui::BeginDisabled(!available);
        if (ImGui::RadioButton(sim::solverName(kinds[k]), s.solverKind == kinds[k]))
            selectSolver(s, kinds[k]);
        ImGui::EndDisabled();
        if (!available) tooltip("not in this build yet: this solver is being built in its own issue");
        else tooltip("keys 1-4 switch solver; positions, velocities and pins are kept");
    }

    sim::Settings edit = s.world.settings;
    ImGui::SliderInt("iterations", &edit.iterations, 1, 200);
    ImGui::SliderInt("substeps", &edit.substeps, 1, 64);
    const double dtMin = 1.0 / 480, dtMax = 1.0 / 30;
    ImGui::SliderScalar("dt [s]", ImGuiDataType_Double, &edit.frameDt, &dtMin, &dtMax, "%.5f");
    tooltip("simulated seconds per step; each displayed frame advances 1/60 s");
    float stretch = static_cast<float>(edit.stretch.stiffness);
    if (ImGui::SliderFloat("stretch", &stretch, 0.0f, 1.0f))
        edit.stretch = sim::materialFromSlider(stretch, sim::kStretchCompliance);
    tooltip("one slider for every solver: PBD k = s, XPBD compliance log-linear in s");
    float bend = static_cast<float>(edit.bend.stiffness);
    if (ImGui::SliderFloat("bend", &bend, 0.0f, 1.0f))
        edit.bend = sim::materialFromSlider(bend, sim::kBendCompliance);
    const double zero = 0, one = 1, gMin = -30, gMax = 30, wMin = -20, wMax = 20;
    ImGui::SliderScalar("damping", ImGuiDataType_Double, &edit.damping, &zero, &one, "%.3f");
    ImGui::SliderScalarN("gravity", ImGuiDataType_Double, edit.gravity.data(), 3, &gMin, &gMax, "%.2f");
    ImGui::SliderScalarN("wind", ImGuiDataType_Double, edit.wind.data(), 3, &wMin, &wMax, "%.2f");
    if (ImGui::CollapsingHeader(sim::solverName(s.solverKind), ImGuiTreeNodeFlags_DefaultOpen)) {
        const size_t before = sim::solverParameters(s.solverKind, edit).size();
        if (before == 0) ImGui::TextDisabled("no solver-specific parameters");
        solverParameterWidgets(s.solverKind, edit);
    }
    const std::string error = edit.validate();
    if (error.empty()) s.world.settings = edit;  // read by the next step
    else ImGui::TextColored(ImVec4(1, 0.4f, 0.3f, 1), "%s", error.c_str());
    ImGui::End();
}

void plot(const char* label, const History& h, const char* overlayFormat) {
    if (h.values.empty()) return;
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, overlayFormat, h.values.back());
    ImGui::PlotLines(label, h.values.data(), static_cast<int>(h.values.size()), 0, overlay,
                     FLT_MAX, FLT_MAX, ImVec2(0, 60));
}

void statsPanel(Sandbox& s) {
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - 330, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(320, 0), ImGuiCond_FirstUseEver);
    ImGui::Begin("Stats");
    const sim::Profile& p = s.world.profile;
    ImGui::Text("%.1f fps   sim %.2f ms   render %.2f ms", io.Framerate,
                s.simMs.values.empty() ? 0.0f : s.simMs.values.back(),
                s.renderMs.values.empty() ? 0.0f : s.renderMs.values.back());
    ImGui::Text("particles %d   constraints %zu   t = %.2f s", s.world.particles.size(),
                s.world.constraints.size(), s.world.time());
    ImGui::Text("forces %.2f  damping %.2f  predict %.2f ms", p.externalForces, p.damping, p.predict);
    ImGui::Text("collide %.2f  solve %.2f  velocities %.2f ms", p.collisions, p.solve,
                p.updateVelocities + p.velocityUpdate);
    const sim::FrameMetrics m = sim::measure(s.world);
    ImGui::Text("strain max %.5f  mean %.6f", m.maxStrain, m.meanStrain);
    const sim::SolverStats& st = s.world.solver().stats();
    ImGui::Text("residual %.3e after %d iterations", st.residual, st.iterations);
    for (const auto& [name, value] : st.extra) ImGui::Text("%s %.4g", name.c_str(), value);
    plot("max strain", s.maxStrain, "%.5f");
    plot("residual", s.residual, "%.3e");
    if (!st.residualHistory.empty()) {
        std::vector<float> h(st.residualHistory.begin(), st.residualHistory.end());
        ImGui::PlotLines("per iteration", h.data(), static_cast<int>(h.size()), 0,
                         "residual, last substep", 0.0f, FLT_MAX, ImVec2(0, 60));
    }
    ImGui::End();
}

void helpPanel(Sandbox& s) {
    ImGui::SetNextWindowPos(ImVec2(330, 10), ImGuiCond_FirstUseEver);
    ImGui::Begin("Help (F1)", &s.showHelp, ImGuiWindowFlags_AlwaysAutoResize);
    const char* rows[][2] = {
        {"left drag", "grab the particle under the cursor (pinned while held)"},
        {"ctrl + click", "pin / unpin the particle under the cursor"},
        {"right drag", "orbit the camera"},
        {"middle drag", "pan the camera"},
        {"wheel", "zoom"},
        {"Space", "pause / run"},
        {"O", "one step (pauses)"},
        {"R", "reset the scene"},
        {"[  ]", "previous / next scene"},
        {"1 2 3 4", "solver PBD / XPBD / HPBD / MGPBD (state kept)"},
        {"G  K", "grab tool / knife tool (drag a stroke across cloth to cut it)"},
        {"W  H  F", "wireframe / strain heat map / frame the scene"},
        {"Tab", "hide / show the panels"},
        {"F1", "this help"},
        {"F12", "screenshot (PNG)"},
        {"F9", "start / stop recording (MP4 through ffmpeg)"},
    };
    if (ImGui::BeginTable("keys", 2)) {
        for (auto& row : rows) {
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row[0]);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row[1]);
        }
        ImGui::EndTable();
    }
    ImGui::End();
}

}  // namespace

void drawPanels(Sandbox& s) {
    if (s.recording) {
        // The indicator shows even with the panels hidden, but not in the recorded frames'
        // content area that matters: a small box in the bottom-left corner.
        const ImGuiIO& io = ImGui::GetIO();
        ImGui::SetNextWindowPos(ImVec2(10, io.DisplaySize.y - 40));
        ImGui::Begin("##rec", nullptr,
                     ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                         ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoSavedSettings);
        ImGui::TextColored(ImVec4(1, 0.2f, 0.2f, 1), "REC  %d frames  %.1f s", s.recordedFrames,
                           s.recordedFrames * kDisplayFrameSeconds);
        ImGui::End();
    }
    if (!s.showUi) return;
    scenePanel(s);
    solverPanel(s);
    statsPanel(s);
    if (s.showHelp) helpPanel(s);
}

}  // namespace app::gui
