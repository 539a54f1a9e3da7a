// Left-button tools. Grab: the ray through the cursor picks the nearest vertex of the hit
// triangle (sim/core/picking.h); the particle is pinned while held (World::beginGrab) and
// follows the cursor in the plane through it facing the camera; release restores its
// mass. Ctrl+click toggles a pin. Knife: press, drag and release; the edges the stroke
// crosses (the wedge of view rays between press and release) are cut (sim/topology/cut.h).
#include <cstdio>
#include <string>

#include "app/gui/input.h"
#include "sim/core/picking.h"
#include "sim/topology/cut.h"

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
    if (s.drag != Drag::Grab || !s.world.grab()) return;
    if (auto p = sim::intersectPlane(cursorRay(s), s.grabPlanePoint, s.grabPlaneNormal))
        s.world.moveGrab(*p);
}

void onToolRelease(Sandbox& s) {
    if (s.drag == Drag::Grab) s.world.endGrab();
    if (s.drag == Drag::Knife) {
        const sim::Ray ray = cursorRay(s);
        const int split = sim::cutAlongStroke(s.world, {s.knifeEye, s.knifeStart, ray.origin + ray.direction});
        s.message = "knife: " + std::to_string(split) + " vertices split";
        std::fprintf(stderr, "pbd-sandbox: %s\n", s.message.c_str());
    }
}

}  // namespace app::gui
