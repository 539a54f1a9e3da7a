#include "app/gui/mesh_drop.h"

#include <chrono>
#include <cstdio>
#include <thread>

#include "app/gui/sandbox.h"
#include "app/load_world.h"
#include "sim/topology/closed_surfaces.h"

namespace app::gui {

namespace {

void report(Sandbox& s, const std::string& text) {
    s.panel.message = text;
    std::fprintf(stderr, "pbd-sandbox: %s\n", text.c_str());
}

// "cannot load FILE: problem", naming the file once (the importer's errors start with it).
std::string cannotLoad(const std::string& path, const std::string& error) {
    return "cannot load " + (error.rfind(path, 0) == 0 ? error : path + ": " + error);
}

}  // namespace

void onDrop(Sandbox& s, const std::string& path) {
    ScriptEvent e;
    e.type = ScriptEvent::Type::Drop;
    e.path = path;
    recordInput(s, e);
    if (s.inputs.import) {
        report(s, "cannot load " + path + ": still importing " + s.inputs.importPath +
                      " (wait, or Cancel it)");
        return;
    }
    // Read once here to tell an open surface from a closed one; the job reads it again.
    const sim::ObjResult surface = sim::importSurface(path);
    if (!surface.error.empty()) {
        report(s, cannotLoad(path, surface.error));
        return;
    }
    const bool closed = sim::checkClosedSurface(surface.mesh).empty();
    const sim::ImportSpec spec =
        importSpec(s.options, path, closed ? sim::BodyKind::SoftBody : sim::BodyKind::Cloth);
    if (std::string error = spec.options.validate(); !error.empty()) {
        report(s, cannotLoad(path, error));
        return;
    }
    s.inputs.import = std::make_shared<sim::ImportJob>(spec.path, spec.options);
    s.inputs.importPath = path;
    report(s, "importing " + path + " as a " + sim::bodyKindName(spec.options.kind) +
                  (closed ? " (closed surface)" : " (open surface)"));
}

void pollImport(Sandbox& s, bool wait) {
    if (!s.inputs.import) return;
    while (wait && !s.inputs.import->done())
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (!s.inputs.import->done()) return;
    std::optional<sim::PreparedImport> result = s.inputs.import->take();
    s.inputs.import.reset();
    if (!result) return;
    if (!result->error.empty()) {
        report(s, cannotLoad(s.inputs.importPath, result->error));
        return;
    }
    s.mouse.drag = Drag::None;
    send(s, LoadImport{std::make_shared<const sim::PreparedImport>(std::move(*result))});
}

}  // namespace app::gui
