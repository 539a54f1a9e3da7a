#include "app/gui/panels.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/gui/compare_panes.h"
#include "app/gui/input.h"
#include "app/gui/input_script_file.h"
#include "app/gui/stability_hint.h"
#include "sim/core/params.h"
#include "sim/scenes/scene_table.h"
#include "sim/solvers/solver.h"

namespace app::gui {

namespace {

const ImVec4 kWarning(1.0f, 0.6f, 0.3f, 1.0f);
const ImVec4 kError(1.0f, 0.35f, 0.3f, 1.0f);

void tooltip(const char* text) {
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", text);
}

// Panel width in pixels at this content scale; labels get the room right of the widgets.
float panelWidth(const Sandbox& s) {
    return 310.0f * s.display.contentScale;
}
// Widgets end where the widest label starts, so no label is cut (at least 7.5 em).
void labelRoom(float widestLabel = 0) {
    const float room = std::max(ImGui::GetFontSize() * 7.5f,
                                widestLabel + ImGui::GetStyle().ItemInnerSpacing.x + 2);
    ImGui::PushItemWidth(-room);
}

// The Scene panel's files: scene file Save / Load, the mesh export, the session recording.
void filesSection(Sandbox& s) {
    ImGui::InputText("scene file", s.panel.scenePath, sizeof s.panel.scenePath);
    tooltip("a scene file (JSON): Save writes the scene as it is now (settings, pins, colliders)");
    if (ImGui::Button("Save")) panelSaveScene(s, s.panel.scenePath);
    tooltip("write the scene as it is now (settings, pins, colliders where they stand)");
    ImGui::SameLine();
    if (ImGui::Button("Load")) panelLoadSceneFile(s, s.panel.scenePath);
    tooltip("build the file's scene with its settings; a bad file keeps the running scene");
    const bool on = exporting(s);
    ImGui::BeginDisabled(on);  // the folder of a running export is fixed
    ImGui::InputText("export folder", s.panel.exportFolder, sizeof s.panel.exportFolder);
    ImGui::EndDisabled();
    if (ImGui::Button(on ? "Stop mesh export (E)" : "Export meshes (E)"))
        onKey(s, keyFromName("e"));
    tooltip("one OBJ per simulated frame (frame_000001.obj ...) for Blender or Houdini");
    if (!s.view.exportFolder.empty()) {
        ImGui::SameLine();
        ImGui::Text("%d files", s.view.exportedFrames);
    }
    if (ImGui::Button(s.inputs.session.active ? "Stop session recording (F8)"
                                              : "Record session (F8)"))
        toggleSessionRecording(s);
    tooltip(
        "records mouse, keys and panel edits as scripted input (--input replays it); "
        "starting resets the scene");
}

// The pins of the scene as a list, each with its own unpin button, and Clear for all of them.
// Edits go through the same pin commands as ctrl + click, so a session recording has them.
void pinsSection(Sandbox& s) {
    const Snapshot& v = s.view;
    const std::vector<int> pins = sim::scenePins(v.pinned, v.grab);
    const std::string header = "pins: " + std::to_string(pins.size()) + "###pins";
    if (!ImGui::CollapsingHeader(header.c_str())) return;
    if (pins.empty()) {
        ImGui::TextDisabled("none (ctrl + click a particle to pin it)");
        return;
    }
    if (ImGui::Button("Clear pins")) clearPins(s);
    tooltip("release every pin (Ctrl+Z brings them back)");
    constexpr int kRowsShown = 5;
    const float rowHeight = ImGui::GetFrameHeightWithSpacing();
    const float height = rowHeight * static_cast<float>(std::min<size_t>(pins.size(), kRowsShown));
    ImGui::BeginChild("pin list", ImVec2(0, height));
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(pins.size()), rowHeight);
    while (clipper.Step())
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
            const int i = pins[row];
            ImGui::PushID(i);
            if (ImGui::SmallButton("unpin")) setPin(s, i, false);
            ImGui::SameLine();
            const sim::Vec3& x = v.x[i];
            ImGui::Text("particle %d at (%.2f, %.2f, %.2f)", i, x.x(), x.y(), x.z());
            ImGui::PopID();
        }
    ImGui::EndChild();
}

// Returns the panel's bottom-left corner, where the Solver panel goes.
ImVec2 scenePanel(Sandbox& s) {
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(panelWidth(s), 0), ImGuiCond_Always);
    ImGui::Begin("Scene", nullptr, ImGuiWindowFlags_NoResize);
    labelRoom();
    const Snapshot& v = s.view;
    if (ImGui::BeginCombo("scene", v.sceneName.c_str())) {
        for (const sim::SceneInfo& info : sim::sceneTable()) {
            if (ImGui::Selectable(info.name, v.sceneName == info.name)) panelLoad(s, info.name, 0);
            tooltip(info.description);
        }
        ImGui::EndCombo();
    }
    const sim::SceneInfo* info = sim::findScene(v.sceneName);
    int& resolution = s.panel.resolutionSlider;
    if (resolution == 0 && info)
        resolution = v.resolution > 0 ? v.resolution : info->defaultResolution;
    ImGui::SliderInt("resolution", &resolution, 2, 128);
    tooltip("scene size: quads per side for cloth, links for chains; applied by Reset");
    if (ImGui::Button("Reset (R)")) panelLoad(s, v.sceneName, resolution);
    ImGui::SameLine();
    // Buttons that do what a key does go through the key, so a session recording has them.
    if (ImGui::Button("Frame (F)")) onKey(s, keyFromName("f"));
    ImGui::SameLine();
    bool p = paused(s);
    if (ImGui::Checkbox("paused", &p)) onKey(s, keyFromName("space"));
    render::RenderOptions& r = s.display.renderOptions;
    if (ImGui::BeginTable("view", 2)) {
        ImGui::TableNextColumn();
        ImGui::Checkbox("wireframe (W)", &r.wireframe);
        tooltip("surfaces as lines, with soft bodies' tet edges");
        ImGui::TableNextColumn();
        ImGui::Checkbox("strain map (H)", &r.heatmap);
        ImGui::TableNextColumn();
        ImGui::Checkbox("colliders (C)", &r.showColliders);
        ImGui::TableNextColumn();
        ImGui::Checkbox("pins", &r.showPins);
        ImGui::TableNextColumn();
        ImGui::Checkbox("shadows", &r.shadows);
        ImGui::TableNextColumn();
        ImGui::Checkbox("follow", &s.display.follow);
        tooltip("keep the moving subject in view (a pan or zoom turns it off; F turns it on)");
        ImGui::TableNextColumn();
        ImGui::Checkbox("contacts", &s.display.showContacts);
        ImGui::TableNextColumn();
        ImGui::Checkbox("particles", &s.display.particleView);
        tooltip("every particle, soft bodies' interior ones too");
        ImGui::EndTable();
    }
    ImGui::Text("tool: %s  (G grab, K knife)", s.mouse.tool == Tool::Grab ? "grab" : "knife");
    // Closed at the start, so that the panels leave the scene most of the window.
    pinsSection(s);
    if (ImGui::CollapsingHeader("files: scene, meshes, session")) filesSection(s);
    if (s.inputs.import) {
        const sim::ImportProgress progress = s.inputs.import->progress();
        ImGui::Text("importing %s: %s", s.inputs.importPath.c_str(), progress.stage.c_str());
        ImGui::ProgressBar(static_cast<float>(progress.fraction), ImVec2(-1, 0));
        if (ImGui::Button("Cancel import")) s.inputs.import->cancel();
    }
    if (!s.panel.message.empty() &&
        s.panel.message != s.view.failure) {  // a failure has its own banner
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(kWarning, "%s", s.panel.message.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::PopItemWidth();
    const ImVec2 bottom(ImGui::GetWindowPos().x,
                        ImGui::GetWindowPos().y + ImGui::GetWindowSize().y);
    ImGui::End();
    return bottom;
}

// One widget for a parameter of the table (sim/core/params.h); true if it changed `settings`.
bool paramWidget(const sim::ParamDesc& p, sim::Settings& settings) {
    const ImGuiSliderFlags flags = p.logScale ? ImGuiSliderFlags_Logarithmic : 0;
    bool changed = false;
    switch (p.type) {
        case sim::ParamType::Int: {
            int v = static_cast<int>(p.get(settings));
            changed = ImGui::SliderInt(p.name, &v, static_cast<int>(p.min), static_cast<int>(p.max),
                                       "%d", flags);
            if (changed) p.set(settings, v);
            break;
        }
        case sim::ParamType::Real: {
            double v = p.get(settings);
            changed = ImGui::SliderScalar(p.name, ImGuiDataType_Double, &v, &p.min, &p.max, "%.4g",
                                          flags);
            if (changed) p.set(settings, v);
            break;
        }
        case sim::ParamType::Bool: {
            bool v = p.get(settings) != 0;
            changed = ImGui::Checkbox(p.name, &v);
            if (changed) p.set(settings, v);
            break;
        }
        case sim::ParamType::Choice: {
            int v = static_cast<int>(p.get(settings));
            changed = ImGui::Combo(p.name, &v, p.choices, p.choiceCount);
            if (changed) p.set(settings, v);
            break;
        }
        case sim::ParamType::Vec3: {
            sim::Vec3 v = p.getVec(settings);
            changed = ImGui::SliderScalarN(p.name, ImGuiDataType_Double, v.data(), 3, &p.min,
                                           &p.max, "%.2f");
            if (changed) p.setVec(settings, v);
            break;
        }
    }
    const std::string help =
        std::string(p.help) + (*p.unit ? std::string(" [") + p.unit + "]" : std::string());
    tooltip(help.c_str());
    return changed;
}

// The widgets of one group's parameters at one level (the solver has its radio buttons),
// with label room for the group's widest label; true if any changed.
bool paramWidgets(const char* group, sim::ParamLevel level, sim::Settings& settings) {
    auto shown = [&](const sim::ParamDesc& p) {
        return p.level == level && std::string(p.group) == group && std::string(p.name) != "solver";
    };
    float widest = 0;
    for (const sim::ParamDesc& p : sim::allParams())
        if (shown(p) && p.type != sim::ParamType::Bool)
            widest = std::max(widest, ImGui::CalcTextSize(p.name).x);
    labelRoom(widest);
    bool changed = false;
    for (const sim::ParamDesc& p : sim::allParams())
        if (shown(p)) changed |= paramWidget(p, settings);
    ImGui::PopItemWidth();
    return changed;
}

// Before a radio button or checkbox of a row: on the line of the last one while it fits,
// else on the next (the solver list may grow).
void flowItem(const char* label, bool& first) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width =
        ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
    if (std::exchange(first, false)) return;
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

// Compare mode from here, behind a small button on the solvers' row (the panels leave the
// scene most of the window): the solvers V splits the scene into (the running one and those
// ticked), and the button that splits or goes back to one pane (compare_panes.h).
void compareRow(Sandbox& s) {
    bool first = false;  // after the solvers' radio buttons
    flowItem("compare (V)...", first);
    if (ImGui::SmallButton(s.panel.compareOpen ? "compare (V) -" : "compare (V)..."))
        s.panel.compareOpen = !s.panel.compareOpen;
    if (!s.panel.compareOpen) return;
    first = true;
    for (const sim::SolverEntry& entry : sim::solverTable()) {
        if (entry.kind == s.view.settings.solver) continue;
        const char* name = sim::solverName(entry.kind);
        flowItem(name, first);
        bool ticked = splitTicked(s, entry.kind);
        ImGui::PushID(name);
        if (ImGui::Checkbox(name, &ticked)) setSplitTicked(s, entry.kind, ticked);
        ImGui::PopID();
    }
    if (ImGui::Button(paneCount(s) > 1 ? "one pane (V)" : "split (V)")) toggleCompare(s);
    tooltip(
        "the scene as it is now under the running solver and the ticked ones, side by side "
        "with one hand (at most four panes)");
}

void solverPanel(Sandbox& s, ImVec2 at) {
    const ImGuiIO& io = ImGui::GetIO();
    const float top = at.y + 8;
    ImGui::SetNextWindowPos(ImVec2(at.x, top), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(panelWidth(s), 0), ImGuiCond_Always);
    ImGui::SetNextWindowSizeConstraints(
        ImVec2(0, 0), ImVec2(FLT_MAX, std::max(100.0f, io.DisplaySize.y - top - 10)));
    ImGui::Begin("Solver", nullptr, ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove);
    labelRoom();
    bool first = true;
    for (const sim::SolverEntry& entry : sim::solverTable()) {
        flowItem(sim::solverName(entry.kind), first);
        if (ImGui::RadioButton(sim::solverName(entry.kind),
                               s.panel.settings.solver == entry.kind)) {
            sim::Settings edit = s.panel.settings;
            edit.solver = entry.kind;
            editSettings(s, edit);
        }
        tooltip(
            "keys 1-9 switch solver in this order; positions, velocities and pins are kept, and "
            "the new solver takes over over 0.25 s so nothing jumps");
    }
    compareRow(s);
    // Status first, so a long parameter list never scrolls it out of view.
    ImGui::PushTextWrapPos(0.0f);
    if (!s.panel.settingsError.empty())
        ImGui::TextColored(kError, "%s", s.panel.settingsError.c_str());
    if (const std::string w = stabilityWarning(s.panel.settings); !w.empty())
        ImGui::TextColored(kWarning, "%s", w.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopItemWidth();
    sim::Settings edit = s.panel.settings;
    bool changed = paramWidgets("world", sim::ParamLevel::Basic, edit);
    if (ImGui::CollapsingHeader("world: advanced"))
        changed |= paramWidgets("world", sim::ParamLevel::Advanced, edit);
    const char* group = sim::solverName(edit.solver);
    if (sim::hasParamGroup(group)) {
        // One header for the solver's own rows, closed at the start (the panels leave the
        // scene most of the window), its advanced rows a node inside it.
        if (ImGui::CollapsingHeader(group)) {
            changed |= paramWidgets(group, sim::ParamLevel::Basic, edit);
            if (ImGui::TreeNode("advanced")) {
                changed |= paramWidgets(group, sim::ParamLevel::Advanced, edit);
                ImGui::TreePop();
            }
        }
    }
    if (changed) editSettings(s, edit);  // recorded, checked, applied between two steps
    ImGui::End();
}

void plot(const char* label, const History& h, const char* overlayFormat) {
    if (h.values.empty()) return;
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, overlayFormat, h.values.back());
    ImGui::PlotLines(label, h.values.data(), static_cast<int>(h.values.size()), 0, overlay, FLT_MAX,
                     FLT_MAX, ImVec2(0, 40 * ImGui::GetIO().FontGlobalScale));
}

// MGPBD's last substep in a person's words: the global steps its work budget afforded, or
// that it afforded none and the substep was the fallback XPBD sweeps, or that it was a free
// cloth (no contact in play or coming), solved by accelerated line sweeps alone; the
// residual it started from and reached; the budget next to the wall-clock time the solve
// took (issues 14, 53). Other solvers report no budget: false, nothing said.
bool budgetSummary(const sim::SolverStats& st, double solveMsPerSubstep) {
    if (!st.budget) return false;
    const sim::BudgetReport& b = *st.budget;
    const int sweeps = b.fallbackSweeps;
    if (st.iterations == 0 && sweeps > 0 && b.lineSweeps)
        ImGui::Text("free cloth: %d XPBD line sweeps", sweeps);  // no global step (tooltip)
    else if (st.iterations == 0 && sweeps > 0)
        ImGui::TextColored(kWarning, "no global step fits: %d XPBD sweeps", sweeps);
    else
        ImGui::Text("%d global step%s, %d PCG iterations", st.iterations,
                    st.iterations == 1 ? "" : "s", b.linearIterations);
    if (b.initialResidual > 0)
        ImGui::Text("residual %.2e -> %.2e", b.initialResidual, st.residual);
    else  // sweeps alone: the residual is known after them only
        ImGui::Text("residual %.2e after the sweeps", st.residual);
    if (b.budgetMs > 0)
        ImGui::Text("work %.2g of %.2g ms, solve %.2g ms wall", b.workMs, b.budgetMs,
                    solveMsPerSubstep);
    else
        ImGui::Text("work %.2g ms, no budget, solve %.2g ms wall", b.workMs, solveMsPerSubstep);
    tooltip(
        "per substep: MGPBD's frame budget (mgpbd-frame-budget-ms), counted in fixed work "
        "units so that a replay takes the same steps on any machine, and the wall-clock time "
        "the solve took here; a global step runs only where the budget holds one, else the "
        "substep runs XPBD sweeps on the same rows. A free cloth (no contact in play or "
        "within a frame's reach) takes accelerated line sweeps alone: at interactive budgets "
        "they leave less strain than a truncated global step");
    return true;
}

void statsPanel(Sandbox& s) {
    const ImGuiIO& io = ImGui::GetIO();
    const float width = panelWidth(s);
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - width - 10, 10), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(width, 0), ImGuiCond_Always);
    ImGui::Begin("Stats", nullptr, ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove);
    labelRoom();
    const Snapshot& v = s.view;
    const FrameStats& st = v.stats;
    ImGui::Text("%.0f fps   render %.2f ms", io.Framerate,
                s.history.renderMs.values.empty() ? 0.0f : s.history.renderMs.values.back());
    ImGui::Text("sim %.2f ms per frame (%d steps)", st.profile.total, st.steps);
    // A frame still running longer than the recent ratio allows lowers the ratio shown.
    const double running = s.history.stepRunningMs / 1000.0;
    const double ratio = running > 2 * kDisplayFrameSeconds
                             ? std::min(st.realTimeRatio, kDisplayFrameSeconds / running)
                             : st.realTimeRatio;
    const bool lockstep = s.sim && s.sim->pacing() == Pacing::Lockstep;
    if (paused(s))
        ImGui::TextColored(kWarning, "paused");
    else if (running > 1)
        ImGui::TextColored(kWarning, "%.2gx real time (a step has run %.0f s)", ratio, running);
    else if (lockstep)
        ImGui::Text("lockstep, %.2gx real time", ratio);
    else if (ratio < 0.95)
        ImGui::TextColored(kWarning, "%.2gx real time", ratio);
    else
        ImGui::Text("real time");
    tooltip(lockstep ? "--frames, --input and recordings run one simulated frame per drawn frame, "
                       "so that they replay exactly and a video gets every 1/60 s: the ratio is "
                       "how fast the window draws, not a lag of the simulation"
                     : "simulated seconds per wall-clock second; below 1 the simulation lags and "
                       "the window shows its last completed frame");
    ImGui::Text("particles %d  constraints %zu", v.particleCount(), v.constraintCount);
    ImGui::Text("frame %ld  t = %.2f s", v.frame, v.time);
    const sim::Profile& p = st.profile;
    if (ImGui::TreeNode("stage times, ms")) {
        for (size_t k = 0; k < sim::kStageCount; ++k) {
            if (k % 2) ImGui::SameLine(0, 12);
            ImGui::Text("%s %.2f", sim::kStages[k].csv, p.ms[k]);
        }
        ImGui::TreePop();
    }
    if (p.cutShort > 0) {
        ImGui::TextColored(kWarning, "self contacts cut short in %d substep%s", p.cutShort,
                           p.cutShort == 1 ? "" : "s");
        tooltip(
            "a rip, cut or yank left many times more contact candidates than recent "
            "frames had (long sliver edges, piles of contacts): the pairs past the bound "
            "went untested, so the sheet may pass through itself there");
    }
    if (v.grab && v.grab->slipped) {
        ImGui::TextColored(kWarning, "the hand slips");
        tooltip(
            "the cloth cannot follow the cursor further without stretching the held "
            "particle's edges past the slip strain (grab-slip) or pulling it past its "
            "tethers: the hand holds it short of the cursor");
    }
    ImGui::Text("strain max %.4f mean %.5f", st.metrics.maxStrain, st.metrics.meanStrain);
    const int substeps = std::max(1, st.steps * v.settings.substeps);
    if (!budgetSummary(st.solver, st.profile[sim::Stage::Solve] / substeps))
        ImGui::Text("residual %.3e, %d iterations", st.solver.residual, st.solver.iterations);
    plot("max strain", s.history.maxStrain, "%.4f");
    plot("sim ms", s.history.simMs, "%.2f");
    if (!st.solver.details.empty() && ImGui::TreeNode("solver details")) {
        st.solver.visit([](const char* name, double value, const char* unit) {
            ImGui::Text("%s %.4g %s", name, value, unit);
        });
        ImGui::TreePop();
    }
    ImGui::PopItemWidth();
    ImGui::End();
}

void helpPanel(Sandbox& s) {
    ImGui::SetNextWindowPos(ImVec2(ImGui::GetIO().DisplaySize.x * 0.5f, 60), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0));
    ImGui::Begin("Help (F1)", &s.display.showHelp, ImGuiWindowFlags_AlwaysAutoResize);
    const char* mouse[][2] = {
        {"left drag",
         "grab the particle under the cursor (it follows as far as the cloth can; "
         "the hand slips rather than stretch it past grab-slip)"},
        {"left drag on a collider", "move it (nothing of the cloth under the cursor; it pushes)"},
        {"ctrl + click", "pin the particle under the cursor; on a pin's marker, remove it"},
        {"right drag", "orbit the camera"},
        {"middle drag", "pan the camera"},
        {"wheel", "zoom"},
        {"drop a file", "load an OBJ/OFF/STL: open surface as cloth, closed as soft body"},
    };
    if (ImGui::BeginTable("keys", 2)) {
        for (auto& row : mouse) {
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row[0]);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row[1]);
        }
        for (const KeyBinding& b : keyBindings()) {
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(b.label);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(b.help);
        }
        ImGui::EndTable();
    }
    ImGui::End();
}

}  // namespace

void drawPanels(Sandbox& s) {
    drawOverlays(s);
    if (!s.display.showUi) return;
    solverPanel(s, scenePanel(s));
    statsPanel(s);
    if (s.display.showHelp) helpPanel(s);
}

}  // namespace app::gui
