#include "app/gui/sandbox.h"

#include <algorithm>
#include <cstdio>
#include <glm/glm.hpp>

#include "sim/core/params.h"

namespace app::gui {

namespace {

glm::dvec3 vec(const sim::Vec3& v) {
    return {v.x(), v.y(), v.z()};
}

std::string exact(double v) {
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", v);
    return text;
}

// A parameter's value as setParam reads it, exact (paramText rounds to 10 digits).
std::string exactText(const sim::Settings& s, const sim::ParamDesc& p) {
    if (p.type == sim::ParamType::Int || p.type == sim::ParamType::Real) return exact(p.get(s));
    if (p.type != sim::ParamType::Vec3) return sim::paramText(s, p);
    const sim::Vec3 v = p.getVec(s);
    return exact(v.x()) + "," + exact(v.y()) + "," + exact(v.z());
}

void recordSet(Sandbox& s, const sim::ParamDesc& p, const sim::Settings& edit) {
    ScriptEvent e;
    e.type = ScriptEvent::Type::Set;
    e.name = p.name;
    e.value = exactText(edit, p);
    recordInput(s, std::move(e));
}

}  // namespace

int paneCount(const Sandbox& s) {
    return 1 + static_cast<int>(s.compare.others.size());
}

const Snapshot& paneView(const Sandbox& s, int k) {
    return k <= 0 || k > int(s.compare.others.size()) ? s.view : s.compare.others[k - 1].view;
}

SimThread& paneSim(const Sandbox& s, int k) {
    return k <= 0 || k > int(s.compare.others.size()) ? *s.sim : *s.compare.others[k - 1].sim;
}

PaneRect paneRect(const Sandbox& s, int k) {
    const int n = paneCount(s);
    const int columns = n == 1 ? 1 : 2, rows = n <= 2 ? 1 : 2;
    const double w = double(s.display.windowWidth) / columns,
                 h = double(s.display.windowHeight) / rows;
    return {w * (k % columns), h * (k / columns), w, h};
}

int paneAt(const Sandbox& s, double x, double y) {
    for (int k = 0; k < paneCount(s); ++k) {
        const PaneRect r = paneRect(s, k);
        if (x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height) return k;
    }
    return 0;
}

bool sameTopology(const Sandbox& s) {
    for (const ComparePane& p : s.compare.others) {
        const Snapshot& a = s.view;
        const Snapshot& b = p.view;
        if (a.x.size() != b.x.size() || !a.triangles != !b.triangles) return false;
        if (a.triangles && a.triangles != b.triangles && *a.triangles != *b.triangles) return false;
    }
    return true;
}

double paneAspect(const Sandbox& s) {
    const PaneRect r = paneRect(s, 0);
    return r.width / std::max(r.height, 1.0);
}

uint64_t send(Sandbox& s, Command command) {
    if (!std::holds_alternative<SelectSolver>(command))
        for (ComparePane& p : s.compare.others) p.sim->push(command);
    return s.sim ? s.sim->push(std::move(command)) : 0;
}

namespace {

// Compare mode: every pane keeps the solver it was opened with.
bool refuseSolverSwitch(Sandbox& s) {
    if (s.compare.others.empty()) return false;
    s.panel.message = "compare mode: each pane keeps its solver (--compare names them)";
    return true;
}

}  // namespace

bool paused(const Sandbox& s) {
    return s.pending.pauseSeq > s.view.appliedSeq ? s.pending.pauseAsked : s.view.paused;
}

void setPaused(Sandbox& s, bool p) {
    s.pending.pauseAsked = p;
    s.pending.pauseSeq = send(s, SetPaused{p});
}

void sendSettings(Sandbox& s, const sim::Settings& settings) {
    s.panel.settings = settings;
    s.pending.settingsSeq = send(s, SetSettings{std::make_shared<const sim::Settings>(settings)});
}

void editSettings(Sandbox& s, sim::Settings edit) {
    const sim::Settings before = s.panel.settings;
    const sim::SolverKind kind = edit.solver;
    edit.solver = before.solver;  // the solver goes on its own, as a switch
    const sim::ParamDesc* solver = sim::findParam("solver");
    std::vector<const sim::ParamDesc*> changed;
    for (const sim::ParamDesc& p : sim::allParams())
        if (&p != solver && exactText(before, p) != exactText(edit, p)) changed.push_back(&p);
    if (!changed.empty()) {
        s.panel.settingsError = edit.validate();
        if (!s.panel.settingsError.empty()) return;
        for (const sim::ParamDesc* p : changed) recordSet(s, *p, edit);
        sendSettings(s, edit);  // applied between two steps
    }
    if (kind != before.solver && !refuseSolverSwitch(s)) {
        edit.solver = kind;
        recordSet(s, *solver, edit);
        requestSolver(s, kind);
    }
}

void requestLoad(Sandbox& s, const std::string& name, int resolution) {
    s.mouse.drag = Drag::None;
    send(s, LoadScene{name, resolution});
}

void panelLoad(Sandbox& s, const std::string& name, int resolution) {
    ScriptEvent e;
    e.type = ScriptEvent::Type::Load;
    e.name = name;
    e.resolution = resolution;
    recordInput(s, std::move(e));
    requestLoad(s, name, resolution);
}

namespace {

void recordFile(Sandbox& s, ScriptEvent::Type type, const std::string& path) {
    ScriptEvent e;
    e.type = type;
    e.path = path;
    recordInput(s, std::move(e));
}

}  // namespace

void panelSaveScene(Sandbox& s, const std::string& path) {
    recordFile(s, ScriptEvent::Type::Save, path);
    send(s, SaveSceneFile{path});
}

void panelLoadSceneFile(Sandbox& s, const std::string& path) {
    recordFile(s, ScriptEvent::Type::Load, path);
    send(s, LoadSceneFile{path});
}

bool exporting(const Sandbox& s) {
    return s.pending.exportSeq > s.view.appliedSeq ? s.pending.exportAsked
                                                   : !s.view.exportFolder.empty();
}

void toggleMeshExport(Sandbox& s) {
    s.pending.exportAsked = !exporting(s);
    s.pending.exportSeq = s.pending.exportAsked ? send(s, StartMeshExport{s.panel.exportFolder})
                                                : send(s, StopMeshExport{});
}

void requestSolver(Sandbox& s, sim::SolverKind kind) {
    if (refuseSolverSwitch(s)) return;
    s.panel.settings.solver = kind;
    s.pending.settingsSeq = send(s, SelectSolver{kind});
}

void setPacing(Sandbox& s, Pacing pacing) {
    if (s.sim) s.sim->setPacing(pacing);
    for (ComparePane& p : s.compare.others) p.sim->setPacing(pacing);
}

void trackPeaks(Sandbox& s) {
    const size_t n = static_cast<size_t>(paneCount(s));
    s.compare.peakStrain.resize(n, 0);
    s.compare.peakGeneration.resize(n, -1);
    for (size_t k = 0; k < n; ++k) {
        const Snapshot& v = paneView(s, int(k));
        if (v.generation != s.compare.peakGeneration[k])
            s.compare.peakStrain[k] = 0, s.compare.peakGeneration[k] = v.generation;
        if (v.stats.steps > 0)
            s.compare.peakStrain[k] = std::max(s.compare.peakStrain[k], v.stats.metrics.maxStrain);
    }
}

void frameScene(Sandbox& s) {
    const sim::Bounds& b = s.view.sceneBounds;
    if (b.empty()) return;
    s.display.camera.frame(vec(b.lo), vec(b.hi), paneAspect(s));
    s.display.framedRadius = 0.5 * (b.hi - b.lo).norm();
    s.display.framedDistance = s.display.camera.distance;
    s.display.follow = true;
}

void followSubject(Sandbox& s, double blend) {
    const sim::Bounds& b = s.view.subjectBounds;
    if (!s.display.follow || b.empty() || s.mouse.drag == Drag::Grab ||
        s.mouse.drag == Drag::Collider)
        return;
    // A subject spread far beyond the scene has blown up: nothing there is worth following.
    if (0.5 * (b.hi - b.lo).norm() > 20 * std::max(s.display.framedRadius, 0.5)) return;
    s.display.camera.keepInView(vec(b.lo), vec(b.hi), paneAspect(s), blend,
                                s.display.framedDistance);
}

bool takeSnapshot(Sandbox& s) {
    if (!s.sim) return false;
    for (ComparePane& p : s.compare.others) p.sim->latest(p.view);
    const long generation = s.view.generation;
    if (!s.sim->latest(s.view)) return false;
    const Snapshot& v = s.view;
    if (v.generation != generation) {  // a scene was loaded or reset
        const bool tool = s.mouse.drag == Drag::Grab || s.mouse.drag == Drag::Collider ||
                          s.mouse.drag == Drag::Knife;
        s.mouse.drag = tool ? Drag::None : s.mouse.drag;
        s.panel.resolutionSlider = 0;
        frameScene(s);
    }
    if (s.pending.settingsSeq <= v.appliedSeq)
        s.panel.settings = v.settings;  // nothing asked is on its way
    if (v.messageSeq != s.panel.messageSeq) {
        s.panel.messageSeq = v.messageSeq;
        s.panel.message = v.message;
    }
    if (v.tick != s.history.tick && v.stats.steps > 0) {
        s.history.tick = v.tick;
        s.history.simMs.push(static_cast<float>(v.stats.profile.total));
        s.history.maxStrain.push(static_cast<float>(v.stats.metrics.maxStrain));
        s.history.meanStrain.push(static_cast<float>(v.stats.metrics.meanStrain));
        s.history.residual.push(static_cast<float>(v.stats.solver.residual));
    }
    return true;
}

PublishOptions publishOptions(const Sandbox& s) {
    PublishOptions o;
    o.contacts = s.display.showContacts;
    o.tetEdges = s.display.renderOptions.wireframe;
    o.particles = s.display.particleView;
    o.strain = s.display.renderOptions.heatmap;
    o.pointScale = s.display.contentScale;
    return o;
}

}  // namespace app::gui
