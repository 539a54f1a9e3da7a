// Left-button tools. Grab: the ray through the cursor picks the nearest vertex of the hit
// triangle on the displayed snapshot (sim/core/picking.h); the particle is pinned while
// held (World::beginGrab) and follows the cursor in the plane through it facing the camera;
// release restores its mass. Ctrl+click toggles a pin. Knife: press, drag and release; the
// edges the stroke crosses (the wedge of view rays between press and release) are cut
// (sim/topology/cut.h). Every edit is a command to the simulation thread.
#include "app/gui/input.h"

namespace app::gui {

sim::Ray cursorRay(const Sandbox& s) {
    const render::CameraRay r =
        s.camera.rayThroughPixel(s.cursorX, s.cursorY, s.windowWidth, s.windowHeight);
    return {sim::Vec3(r.origin.x, r.origin.y, r.origin.z),
            sim::Vec3(r.direction.x, r.direction.y, r.direction.z)};
}

void onToolPress(Sandbox& s, bool ctrl) {
    switch (s.tool) {
        case Tool::Grab: {
            const auto hit = pick(s.view, cursorRay(s));
            if (!hit) return;
            const int i = hit->particle;
            if (ctrl) {
                send(s, SetPin{s.view.generation, i, s.view.pinned[i] == 0});
                return;
            }
            const sim::Vec3 at = s.view.x[i];
            const glm::dvec3 f = s.camera.forward();
            s.grabPlanePoint = at;
            s.grabPlaneNormal = sim::Vec3(f.x, f.y, f.z);
            s.grabTarget = at;
            send(s, BeginGrab{s.view.generation, i, at});
            s.drag = Drag::Grab;
            return;
        }
        case Tool::Knife: {
            const sim::Ray ray = cursorRay(s);
            s.knifeEye = ray.origin;
            s.knifeStart = ray.origin + ray.direction;
            s.drag = Drag::Knife;
            return;
        }
    }
}

void onToolDrag(Sandbox& s) {
    if (s.drag != Drag::Grab) return;
    if (auto p = sim::intersectPlane(cursorRay(s), s.grabPlanePoint, s.grabPlaneNormal)) {
        s.grabTarget = *p;
        send(s, MoveGrab{*p});
    }
}

void onToolRelease(Sandbox& s) {
    if (s.drag == Drag::Grab) send(s, EndGrab{});
    if (s.drag == Drag::Knife) {
        const sim::Ray ray = cursorRay(s);
        send(s, Cut{s.knifeEye, s.knifeStart, ray.origin + ray.direction});
    }
}

}  // namespace app::gui
