#include "app/gui/panels.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "sim/core/metrics.h"
#include "sim/core/params.h"
#include "sim/scenes/scene_table.h"

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

// One widget for a parameter of the table (sim/core/params.h), editing `settings`.
void paramWidget(const sim::ParamDesc& p, sim::Settings& settings) {
    const ImGuiSliderFlags flags = p.logScale ? ImGuiSliderFlags_Logarithmic : 0;
    switch (p.type) {
        case sim::ParamType::Int: {
            int v = static_cast<int>(p.get(settings));
            if (ImGui::SliderInt(p.name, &v, static_cast<int>(p.min), static_cast<int>(p.max), "%d", flags))
                p.set(settings, v);
            break;
        }
        case sim::ParamType::Real: {
            double v = p.get(settings);
            if (ImGui::SliderScalar(p.name, ImGuiDataType_Double, &v, &p.min, &p.max, "%.4g", flags))
                p.set(settings, v);
            break;
        }
        case sim::ParamType::Bool: {
            bool v = p.get(settings) != 0;
            if (ImGui::Checkbox(p.name, &v)) p.set(settings, v);
            break;
        }
        case sim::ParamType::Choice: {
            int v = static_cast<int>(p.get(settings));
            if (ImGui::Combo(p.name, &v, p.choices, p.choiceCount)) p.set(settings, v);
            break;
        }
        case sim::ParamType::Vec3: {
            sim::Vec3 v = p.getVec(settings);
            if (ImGui::SliderScalarN(p.name, ImGuiDataType_Double, v.data(), 3, &p.min, &p.max, "%.2f"))
                p.setVec(settings, v);
            break;
        }
    }
    if (*p.unit || *p.help) tooltip((std::string(p.help) + (*p.unit ? std::string(" [") + p.unit + "]" : "")).c_str());
}

// The widgets of one group's parameters at one level (the solver has its own radio buttons).
void paramWidgets(const char* group, sim::ParamLevel level, sim::Settings& settings) {
    for (const sim::ParamDesc& p : sim::allParams())
        if (p.level == level && std::string(p.group) == group && std::string(p.name) != "solver")
            paramWidget(p, settings);
}

void solverPanel(Sandbox& s) {
    ImGui::SetNextWindowPos(ImVec2(10, 250), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(300, 0), ImGuiCond_FirstUseEver);
    ImGui::Begin("Solver");
    constexpr sim::SolverKind kinds[] = {sim::SolverKind::PBD, sim::SolverKind::XPBD,
                                         sim::SolverKind::HPBD, sim::SolverKind::MGPBD};
    for (int k = 0; k < 4; ++k) {
        if (k > 0) ImGui::SameLine();
        if (ImGui::RadioButton(sim::solverName(kinds[k]), s.solverKind == kinds[k]))
            selectSolver(s, kinds[k]);
        tooltip("keys 1-4 switch solver; positions, velocities and pins are kept");
    }

    sim::Settings edit = s.world.settings;
    paramWidgets("world", sim::ParamLevel::Basic, edit);
    if (ImGui::CollapsingHeader("world: advanced")) paramWidgets("world", sim::ParamLevel::Advanced, edit);
    const char* group = sim::solverName(s.solverKind);
    if (s.solverKind == sim::SolverKind::HPBD || s.solverKind == sim::SolverKind::MGPBD) {
        if (ImGui::CollapsingHeader(group, ImGuiTreeNodeFlags_DefaultOpen))
            paramWidgets(group, sim::ParamLevel::Basic, edit);
        if (ImGui::CollapsingHeader((std::string(group) + ": advanced").c_str()))
            paramWidgets(group, sim::ParamLevel::Advanced, edit);
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
    for (const sim::StageInfo& stage : sim::kStages)
        ImGui::Text("%-22s %8.2f ms", stage.name, p[stage.stage]);
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
