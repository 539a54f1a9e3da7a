#include "app/gui/sandbox.h"

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

uint64_t send(Sandbox& s, Command command) {
    return s.sim ? s.sim->push(std::move(command)) : 0;
}

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
    if (kind != before.solver) {
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
    s.panel.settings.solver = kind;
    s.pending.settingsSeq = send(s, SelectSolver{kind});
}

void frameScene(Sandbox& s) {
    const sim::Bounds& b = s.view.sceneBounds;
    if (b.empty()) return;
    s.display.camera.frame(vec(b.lo), vec(b.hi));
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
    s.display.camera.keepInView(vec(b.lo), vec(b.hi),
                                double(s.display.windowWidth) / std::max(s.display.windowHeight, 1),
                                blend, s.display.framedDistance);
}

bool takeSnapshot(Sandbox& s) {
    if (!s.sim) return false;
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
