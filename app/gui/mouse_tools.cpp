// Left-button tools. Grab: the ray through the cursor picks the nearest vertex of the hit
// triangle on the displayed snapshot (sim/core/picking.h); the particle is pinned while
// held (World::beginGrab) and follows the cursor in the plane through it facing the camera;
// release restores its mass. A press with no particle under the cursor that meets a collider
// (not the ground) drags the collider instead (sim/collision/collider_drag.h): the picked point
// follows the cursor in the plane through it facing the camera, and the collider moves there
// kinematically with that velocity, so it pushes cloth rather than passing through it.
// Ctrl+click toggles a pin (on a pin's marker: removes that pin). Knife: press, drag and release;
// the edges the stroke crosses (the wedge of view rays between press and release) are cut
// (sim/world/cut.h). Every edit is a command to the simulation thread, picked on the snapshot.
// What a tool did is recorded in world space (the particle, the points: input_script_file.h) and a
// replay applies it through the same functions (applyToolEvent), so a replay does not depend on the
// camera.
#include "app/gui/input.h"
#include "sim/collision/collider_drag.h"

namespace app::gui {

sim::Ray cursorRay(const Sandbox& s) {
    const PaneRect pane = paneRect(s, paneAt(s, s.mouse.cursorX, s.mouse.cursorY));
    const render::CameraRay r = s.display.camera.rayThroughPixel(
        s.mouse.cursorX - pane.x, s.mouse.cursorY - pane.y, int(pane.width), int(pane.height));
    return {sim::Vec3(r.origin.x, r.origin.y, r.origin.z),
            sim::Vec3(r.direction.x, r.direction.y, r.direction.z)};
}

namespace {

std::array<double, 3> arr(const sim::Vec3& v) {
    return {v.x(), v.y(), v.z()};
}

sim::Vec3 vec(const std::array<double, 3>& a) {
    return {a[0], a[1], a[2]};
}

void record(Sandbox& s, ScriptEvent::Type type, int index = -1,
            const sim::Vec3& at = sim::Vec3::Zero()) {
    ScriptEvent e;
    e.type = type;
    e.index = index;
    e.at = arr(at);
    recordInput(s, std::move(e));
}

// Starts following the cursor in the plane through `at` facing the camera.
void holdAt(Sandbox& s, const sim::Vec3& at, Drag drag) {
    const glm::dvec3 f = s.display.camera.forward();
    s.mouse.grabPlanePoint = at;
    s.mouse.grabPlaneNormal = sim::Vec3(f.x, f.y, f.z);
    s.mouse.grabTarget = at;
    s.mouse.drag = drag;
}

// Compare mode after a tear or cut that differed between the panes: each pane picks the
// particle under `ray` in its own mesh and gets the command `make(view, hit)` builds from it
// (no hit: a command that does nothing there), one command each so the panes' sequence numbers
// stay in step.
template <class Make>
void sendPickedInEachPane(Sandbox& s, const sim::Ray& ray, Make make) {
    for (int k = 0; k < paneCount(s); ++k) {
        const Snapshot& v = paneView(s, k);
        paneSim(s, k).push(make(v, pick(v, ray)));
    }
}

// Records the view ray of a grab or pin picked with `ray` once the panes' meshes differ (a
// replay picks in each pane again with it); true when the edit goes to each pane's own pick.
bool recordPaneRay(const Sandbox& s, ScriptEvent& e, const std::optional<sim::Ray>& ray) {
    e.ray = ray && !sameTopology(s);
    if (e.ray) e.a = arr(ray->origin), e.b = arr(ray->direction);
    return e.ray;
}

// `ray`: the view ray the particle was picked with (none: a recorded grab without one).
void grabParticle(Sandbox& s, int particle, const sim::Vec3& at,
                  std::optional<sim::Ray> ray = std::nullopt) {
    ScriptEvent e;
    e.type = ScriptEvent::Type::Grab;
    e.index = particle;
    e.at = arr(at);
    const bool eachPane = recordPaneRay(s, e, ray);
    recordInput(s, std::move(e));
    if (eachPane)
        sendPickedInEachPane(s, *ray, [](const Snapshot& v, const auto& hit) -> Command {
            if (!hit) return EndGrab{};
            return BeginGrab{v.generation, hit->particle, v.x[hit->particle]};
        });
    else
        send(s, BeginGrab{s.view.generation, particle, at});
    holdAt(s, at, Drag::Grab);
}

void grabCollider(Sandbox& s, int collider, const sim::Vec3& at) {
    record(s, ScriptEvent::Type::ColliderGrab, collider, at);
    send(s, BeginColliderDrag{s.view.generation, collider, at});
    holdAt(s, at, Drag::Collider);
}

// The held particle or collider point to `at`.
void moveHeld(Sandbox& s, const sim::Vec3& at) {
    s.mouse.grabTarget = at;
    if (s.mouse.drag == Drag::Grab) {
        record(s, ScriptEvent::Type::GrabMove, -1, at);
        send(s, MoveGrab{at});
    } else if (s.mouse.drag == Drag::Collider) {
        record(s, ScriptEvent::Type::ColliderMove, -1, at);
        send(s, MoveColliderDrag{at});
    }
}

void release(Sandbox& s) {
    if (s.mouse.drag == Drag::Grab) {
        record(s, ScriptEvent::Type::GrabEnd);
        send(s, EndGrab{});
    }
    if (s.mouse.drag == Drag::Collider) {
        record(s, ScriptEvent::Type::ColliderEnd);
        send(s, EndColliderDrag{});
    }
}

void throwAlong(Sandbox& s, const sim::Vec3& from, const sim::Vec3& direction) {
    ScriptEvent e;
    e.type = ScriptEvent::Type::Throw;
    e.at = arr(from), e.a = arr(direction);
    recordInput(s, std::move(e));
    send(s, Throw{from, direction});
}

void cut(Sandbox& s, const sim::Vec3& eye, const sim::Vec3& a, const sim::Vec3& b) {
    ScriptEvent e;
    e.type = ScriptEvent::Type::Cut;
    e.at = arr(eye), e.a = arr(a), e.b = arr(b);
    recordInput(s, std::move(e));
    send(s, Cut{eye, a, b});
}

// A Ctrl-click within this many window pixels of a pin's marker removes that pin.
constexpr double kPinPickPixels = 6;

// The pinned particle whose marker is under the cursor, or -1. The marker is drawn over its
// vertex, so a click on it can hit a triangle whose nearest vertex is a neighbour: the pin
// under the cursor is what a person means to remove.
int pinUnderCursor(const Sandbox& s) {
    const glm::dvec3 eye = s.display.camera.eye(), forward = s.display.camera.forward();
    const int k = paneAt(s, s.mouse.cursorX, s.mouse.cursorY);
    const Snapshot& view = paneView(s, k);
    const PaneRect pane = paneRect(s, k);
    int best = -1;
    double bestSquared = kPinPickPixels * kPinPickPixels;
    for (int i = 0; i < static_cast<int>(view.pinned.size()); ++i) {
        if (!view.pinned[i]) continue;
        const glm::dvec3 x(view.x[i].x(), view.x[i].y(), view.x[i].z());
        if (glm::dot(x - eye, forward) <= 0) continue;  // behind the camera
        const glm::dvec2 p = s.display.camera.pixelOf(x, int(pane.width), int(pane.height)) +
                             glm::dvec2(pane.x, pane.y);
        const double squared = (p.x - s.mouse.cursorX) * (p.x - s.mouse.cursorX) +
                               (p.y - s.mouse.cursorY) * (p.y - s.mouse.cursorY);
        if (squared < bestSquared) best = i, bestSquared = squared;
    }
    return best;
}

void pressGrab(Sandbox& s, bool ctrl) {
    if (ctrl) {
        if (const int pin = pinUnderCursor(s); pin >= 0) {
            setPin(s, pin, false);
            return;
        }
    }
    // Compare mode: picked in the pane under the cursor; the edit names the particle or
    // collider by index, the same in every pane's copy of the scene.
    const Snapshot& view = paneView(s, paneAt(s, s.mouse.cursorX, s.mouse.cursorY));
    const sim::Ray ray = cursorRay(s);
    const auto hit = pick(view, ray);
    if (!hit) {
        // Colliders are drawn see-through in front of cloth: cloth under the cursor wins.
        const auto body = sim::pickCollider(view.colliders, ray);
        if (!body || ctrl) return;  // pins are for particles
        grabCollider(s, body->collider, body->point);
        return;
    }
    const int i = hit->particle;
    if (ctrl)
        setPin(s, i, view.pinned[i] == 0, ray);
    else
        grabParticle(s, i, view.x[i], ray);
}

}  // namespace

void setPin(Sandbox& s, int particle, bool pinned, std::optional<sim::Ray> ray) {
    ScriptEvent e;
    e.type = ScriptEvent::Type::Pin;
    e.index = particle;
    e.pinned = pinned;
    const bool eachPane = recordPaneRay(s, e, ray);
    recordInput(s, std::move(e));
    if (eachPane)  // no hit: an index no pane has, which it ignores
        sendPickedInEachPane(s, *ray, [&](const Snapshot& v, const auto& hit) -> Command {
            return SetPin{v.generation, hit ? hit->particle : -1, pinned};
        });
    else
        send(s, SetPin{s.view.generation, particle, pinned});
}

void clearPins(Sandbox& s) {
    ScriptEvent e;
    e.type = ScriptEvent::Type::ClearPins;
    recordInput(s, std::move(e));
    send(s, ClearPins{s.view.generation});
}

void onToolPress(Sandbox& s, bool ctrl) {
    switch (s.mouse.tool) {
        case Tool::Grab:
            pressGrab(s, ctrl);
            return;
        case Tool::Knife: {
            const sim::Ray ray = cursorRay(s);
            s.mouse.knifeEye = ray.origin;
            s.mouse.knifeStart = ray.origin + ray.direction;
            s.mouse.drag = Drag::Knife;
            return;
        }
    }
}

void throwFromCursor(Sandbox& s) {
    const sim::Ray ray = cursorRay(s);
    throwAlong(s, ray.origin, ray.direction);
}

void onToolDrag(Sandbox& s) {
    if (s.mouse.drag != Drag::Grab && s.mouse.drag != Drag::Collider) return;
    if (auto p = sim::intersectPlane(cursorRay(s), s.mouse.grabPlanePoint, s.mouse.grabPlaneNormal))
        moveHeld(s, *p);
}

void onToolRelease(Sandbox& s) {
    release(s);
    if (s.mouse.drag == Drag::Knife) {
        const sim::Ray ray = cursorRay(s);
        cut(s, s.mouse.knifeEye, s.mouse.knifeStart, ray.origin + ray.direction);
    }
}

void applyToolEvent(Sandbox& s, const ScriptEvent& e) {
    using T = ScriptEvent::Type;
    switch (e.type) {
        case T::Grab:
            grabParticle(
                s, e.index, vec(e.at),
                e.ray ? std::optional<sim::Ray>(sim::Ray{vec(e.a), vec(e.b)}) : std::nullopt);
            break;
        case T::ColliderGrab:
            grabCollider(s, e.index, vec(e.at));
            break;
        case T::GrabMove:
        case T::ColliderMove:
            moveHeld(s, vec(e.at));
            break;
        case T::GrabEnd:
        case T::ColliderEnd:
            release(s);
            s.mouse.drag = Drag::None;
            break;
        case T::Pin:
            setPin(s, e.index, e.pinned,
                   e.ray ? std::optional<sim::Ray>(sim::Ray{vec(e.a), vec(e.b)}) : std::nullopt);
            break;
        case T::ClearPins:
            clearPins(s);
            break;
        case T::Cut:
            cut(s, vec(e.at), vec(e.a), vec(e.b));
            break;
        case T::Throw:
            throwAlong(s, vec(e.at), vec(e.a));
            break;
        default:
            break;
    }
}

}  // namespace app::gui
