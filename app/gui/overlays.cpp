// The overlays that show even with the panels hidden: the recording indicator, the strain
// heat map's legend, and the banner of a failed step.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/gui/panels.h"

namespace app::gui {

namespace {

constexpr const char* kStepFailed = "paused: a step failed";

constexpr ImGuiWindowFlags kOverlay =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;

// Bottom left; in compare mode, where the pane labels take the bottom, at the top right of the
// first pane (clear of the panels and of the panes' borders).
void recordingIndicator(const Sandbox& s) {
    const ImGuiIO& io = ImGui::GetIO();
    if (paneCount(s) > 1)
        ImGui::SetNextWindowPos(ImVec2(float(paneRect(s, 0).width) - 10, 10), ImGuiCond_Always,
                                ImVec2(1, 0));
    else
        ImGui::SetNextWindowPos(ImVec2(10, io.DisplaySize.y - 10), ImGuiCond_Always, ImVec2(0, 1));
    ImGui::Begin("##rec", nullptr, kOverlay | ImGuiWindowFlags_NoInputs);
    ImGui::TextColored(ImVec4(1, 0.2f, 0.2f, 1), "REC  %d frames  %.1f s",
                       s.requests.recordedFrames, s.requests.recordedFrames * kDisplayFrameSeconds);
    ImGui::End();
}

// A colour bar from 0 to the heat map's maximum strain, with its range adjustable.
void heatLegend(Sandbox& s) {
    const ImGuiIO& io = ImGui::GetIO();
    const float scale = s.display.contentScale;
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - 10, io.DisplaySize.y - 10), ImGuiCond_Always,
                            ImVec2(1, 1));
    ImGui::Begin("##heat", nullptr, kOverlay);
    ImGui::TextUnformatted("strain |l - l0| / l0");
    const float width = 240 * scale, height = 14 * scale;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    constexpr int kSteps = 32;
    for (int k = 0; k < kSteps; ++k) {
        float a[3], b[3];
        render::heatColor(float(k) / kSteps, a);
        render::heatColor(float(k + 1) / kSteps, b);
        const ImU32 ca = ImGui::ColorConvertFloat4ToU32(ImVec4(a[0], a[1], a[2], 1));
        const ImU32 cb = ImGui::ColorConvertFloat4ToU32(ImVec4(b[0], b[1], b[2], 1));
        const float x0 = p.x + width * k / kSteps, x1 = p.x + width * (k + 1) / kSteps;
        draw->AddRectFilledMultiColor(ImVec2(x0, p.y), ImVec2(x1, p.y + height), ca, cb, cb, ca);
    }
    ImGui::Dummy(ImVec2(width, height));
    const float max = s.display.renderOptions.heatmapMax;
    char mid[32], end[32];
    std::snprintf(mid, sizeof mid, "%.3g %%", 50 * max);
    std::snprintf(end, sizeof end, "%.3g %% and more", 100 * max);
    ImGui::TextUnformatted("0 %");
    ImGui::SameLine(width * 0.5f - ImGui::CalcTextSize(mid).x * 0.5f);
    ImGui::TextUnformatted(mid);
    ImGui::SameLine(width - ImGui::CalcTextSize(end).x + ImGui::GetStyle().WindowPadding.x);
    ImGui::TextUnformatted(end);
    float percent = 100 * max;
    ImGui::SetNextItemWidth(width - ImGui::CalcTextSize("red at").x -
                            ImGui::GetStyle().ItemSpacing.x);
    if (ImGui::SliderFloat("red at", &percent, 0.1f, 100.0f, "%.3g %%",
                           ImGuiSliderFlags_Logarithmic))
        s.display.renderOptions.heatmapMax = percent / 100;
    ImGui::End();
}

// A pane's label, one line each: solver and cost, work per frame, strain and residual, and a
// failed step.
std::vector<std::string> paneLabelLines(const Sandbox& s, int k) {
    const Snapshot& v = paneView(s, k);
    const double peak = size_t(k) < s.compare.peakStrain.size() ? s.compare.peakStrain[k] : 0;
    char line[160], knob[96];
    std::vector<std::string> lines;
    std::snprintf(line, sizeof line, "%s   %.2f ms/frame (CPU %.2f)",
                  sim::solverTitle(v.settings.solver), v.stats.profile.total, v.stats.cpuMs);
    lines.emplace_back(line);
    if (v.budgetKnob > 0 && v.settings.solver == sim::SolverKind::MGPBD)
        std::snprintf(knob, sizeof knob, "work budget %.3g", v.budgetKnob);
    else
        std::snprintf(knob, sizeof knob, "%d iterations x %d substep%s", v.settings.iterations,
                      v.settings.substeps, v.settings.substeps == 1 ? "" : "s");
    if (v.budgetKnob > 0) {
        std::snprintf(line, sizeof line, "budget %.3g ms: %s", s.options.compareBudgetMs, knob);
        lines.emplace_back(line);
    } else {
        lines.emplace_back(knob);
    }
    std::snprintf(line, sizeof line, "max strain %.4f (peak %.4f)   residual %.3g",
                  v.stats.metrics.maxStrain, peak, v.stats.solver.residual);
    lines.emplace_back(line);
    if (!v.failure.empty()) lines.emplace_back(kStepFailed);
    return lines;
}

// Compare mode: each pane's label in its bottom corner by the middle of the window, below
// hanging cloth and away from the panels at the window's sides (the video records it), scaled
// down where the pane is narrower than the label so that it covers no neighbour or border.
void paneLabels(const Sandbox& s) {
    const ImGuiStyle& style = ImGui::GetStyle();
    for (int k = 0; k < paneCount(s); ++k) {
        const PaneRect r = paneRect(s, k);
        const std::vector<std::string> lines = paneLabelLines(s, k);
        float widest = 1.0f;
        for (const std::string& l : lines)
            widest = std::max(widest, ImGui::CalcTextSize(l.c_str()).x);
        const float room = float(r.width) - 12.0f - 2.0f * style.WindowPadding.x;
        const float scale = std::clamp(room / widest, 0.5f, 1.0f);
        char name[32];
        std::snprintf(name, sizeof name, "%s%d", kPaneLabelPrefix, k);
        const bool left = r.x + r.width < 0.75 * s.display.windowWidth;
        ImGui::SetNextWindowPos(
            ImVec2(float(left ? r.x + r.width - 6 : r.x + 6), float(r.y + r.height) - 6),
            ImGuiCond_Always, ImVec2(left ? 1.0f : 0.0f, 1.0f));
        // The width from this frame's text: auto-resize follows the last frame's, and a number
        // that grew by a digit would be clipped for a frame (and in the video).
        ImGui::SetNextWindowSize(
            ImVec2(std::ceil(widest * scale) + 2 * style.WindowPadding.x + 1, 0), ImGuiCond_Always);
        ImGui::SetNextWindowBgAlpha(0.55f);
        ImGui::Begin(name, nullptr,
                     (kOverlay & ~ImGuiWindowFlags_AlwaysAutoResize) | ImGuiWindowFlags_NoInputs);
        ImGui::SetWindowFontScale(scale);
        for (const std::string& l : lines)
            if (l == kStepFailed)
                ImGui::TextColored(ImVec4(1, 0.4f, 0.3f, 1), "%s", l.c_str());
            else
                ImGui::TextUnformatted(l.c_str());
        ImGui::End();
    }
}

void failureBanner(const Sandbox& s) {
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, 10), ImGuiCond_Always, ImVec2(0.5f, 0));
    ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x * 0.42f, 0), ImGuiCond_Always);
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.35f, 0.05f, 0.05f, 0.92f));
    ImGui::Begin("##failure", nullptr, kOverlay & ~ImGuiWindowFlags_AlwaysAutoResize);
    ImGui::TextColored(ImVec4(1, 0.85f, 0.3f, 1), "Simulation paused: a step went wrong");
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(s.view.failure.c_str());
    ImGui::PopTextWrapPos();
    ImGui::End();
    ImGui::PopStyleColor();
}

}  // namespace

void drawOverlays(Sandbox& s) {
    if (paneCount(s) > 1) paneLabels(s);
    if (s.requests.recording) recordingIndicator(s);
    if (s.display.renderOptions.heatmap) heatLegend(s);
    if (!s.view.failure.empty()) failureBanner(s);
}

}  // namespace app::gui
