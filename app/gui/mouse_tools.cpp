// Left-button tools. Grab: the ray through the cursor picks the nearest vertex of the hit
// triangle (sim/core/picking.h); the particle is pinned while held (World::beginGrab) and
// follows the cursor in the plane through it facing the camera; release restores its
// mass. Ctrl+click toggles a pin. Knife: arrives with the tearing issue.
#include "app/gui/input.h"
#include "sim/core/picking.h"

namespace app::gui {

namespace {

sim::Ray cursorRay(const Sandbox& s) {
    const render::CameraRay r =
        s.camera.rayThroughPixel(s.cursorX, s.cursorY, s.windowWidth, s.windowHeight);
    return {sim::Vec3(r.origin.x, r.origin.y, r.origin.z),
            sim::Vec3(r.direction.x, r.direction.y, r.direction.z)};
}

}  // namespace

void onToolPress(Sandbox& s, bool ctrl) {
    switch (s.tool) {
        case Tool::Grab: {
            const auto hit = sim::pickParticle(s.world, cursorRay(s));
            if (!hit) return;
            if (ctrl) {
                s.world.pin(hit->particle, s.world.particles.pinned[hit->particle] == 0);
                return;
            }
            const sim::Vec3 at = s.world.particles.x[hit->particle];
            const glm::dvec3 f = s.camera.forward();
            s.grabPlanePoint = at;
            s.grabPlaneNormal = sim::Vec3(f.x, f.y, f.z);
            s.world.beginGrab(hit->particle, at);
            s.drag = Drag::Grab;
            return;
        }
        case Tool::Knife:
            // The tearing issue adds cutting here (a stroke of cursor rays against triangles).
            s.message = "the knife tool is not in this build yet";
            return;
    }
}

void onToolDrag(Sandbox& s) {
    if (s.drag != Drag::Grab || !s.world.grab()) return;
    if (auto p = sim::intersectPlane(cursorRay(s), s.grabPlanePoint, s.grabPlaneNormal))
        s.world.moveGrab(*p);
}

void onToolRelease(Sandbox& s) {
    if (s.drag == Drag::Grab) s.world.endGrab();
}

}  // namespace app::gui
