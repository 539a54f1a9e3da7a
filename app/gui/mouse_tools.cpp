// Left-button tools. Grab: the ray through the cursor picks the nearest vertex of the hit
// triangle on the displayed snapshot (sim/core/picking.h); the particle is pinned while
// held (World::beginGrab) and follows the cursor in the plane through it facing the camera;
// release restores its mass. A press with no particle under the cursor that meets a collider
// (not the ground) drags the collider instead (sim/collision/collider_drag.h): the picked point
// follows the cursor in the plane through it facing the camera, and the collider moves there
// kinematically with that velocity, so it pushes cloth rather than passing through it.
// Ctrl+click toggles a pin. Knife: press, drag and release; the edges the stroke crosses (the
// wedge of view rays between press and release) are cut (sim/topology/cut.h). Every edit is
// a command to the simulation thread, picked on the snapshot.
#include "app/gui/input.h"
#include "sim/collision/collider_drag.h"

namespace app::gui {

sim::Ray cursorRay(const Sandbox& s) {
    const render::CameraRay r =
        s.camera.rayThroughPixel(s.cursorX, s.cursorY, s.windowWidth, s.windowHeight);
    return {sim::Vec3(r.origin.x, r.origin.y, r.origin.z),
            sim::Vec3(r.direction.x, r.direction.y, r.direction.z)};
}

namespace {

// Starts following the cursor in the plane through `at` facing the camera.
void holdAt(Sandbox& s, const sim::Vec3& at, Drag drag) {
    const glm::dvec3 f = s.camera.forward();
    s.grabPlanePoint = at;
    s.grabPlaneNormal = sim::Vec3(f.x, f.y, f.z);
    s.grabTarget = at;
    s.drag = drag;
}

void pressGrab(Sandbox& s, bool ctrl) {
    const sim::Ray ray = cursorRay(s);
    const auto hit = pick(s.view, ray);
    if (!hit) {
        // Colliders are drawn see-through in front of cloth: cloth under the cursor wins.
        const auto body = sim::pickCollider(s.view.colliders, ray);
        if (!body || ctrl) return;  // pins are for particles
        send(s, BeginColliderDrag{s.view.generation, body->collider, body->point});
        holdAt(s, body->point, Drag::Collider);
        return;
    }
    const int i = hit->particle;
    if (ctrl) {
        send(s, SetPin{s.view.generation, i, s.view.pinned[i] == 0});
        return;
    }
    send(s, BeginGrab{s.view.generation, i, s.view.x[i]});
    holdAt(s, s.view.x[i], Drag::Grab);
}

}  // namespace

void onToolPress(Sandbox& s, bool ctrl) {
    switch (s.tool) {
        case Tool::Grab:
            pressGrab(s, ctrl);
            return;
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
    if (s.drag != Drag::Grab && s.drag != Drag::Collider) return;
    if (auto p = sim::intersectPlane(cursorRay(s), s.grabPlanePoint, s.grabPlaneNormal)) {
        s.grabTarget = *p;
        if (s.drag == Drag::Grab)
            send(s, MoveGrab{*p});
        else
            send(s, MoveColliderDrag{*p});
    }
}

void onToolRelease(Sandbox& s) {
    if (s.drag == Drag::Grab) send(s, EndGrab{});
    if (s.drag == Drag::Collider) send(s, EndColliderDrag{});
    if (s.drag == Drag::Knife) {
        const sim::Ray ray = cursorRay(s);
        send(s, Cut{s.knifeEye, s.knifeStart, ray.origin + ray.direction});
    }
}

}  // namespace app::gui
