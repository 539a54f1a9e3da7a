#pragma once
// Moving a collider with the mouse: pick it with a ray, then drag it as a kinematic target.
// While held, the collider's centre moves from its pose at the start of each frame to the
// target in even steps over the frame's substeps, with its velocity set to that motion, so
// the continuous contact test (Collider::relativeStart) sees a moving collider and pushes
// cloth ahead of it instead of letting it tunnel. The drag works on any Collider; a body that
// drives a collider (a rigid body) is to be treated as kinematic while held (infinite mass,
// its velocity taken from the drag) and keeps the last drag velocity when released.
// World::beginColliderDrag / moveColliderDrag / endColliderDrag are the edits.
#include <optional>
#include <vector>

#include "sim/collision/collider.h"
#include "sim/core/picking.h"

namespace sim {

struct ColliderHit {
    int collider = -1;  // index into World::colliders
    Vec3 point = Vec3::Zero();
    Real t = 0;  // ray parameter, in units of the ray's direction
};

// The nearest collider the ray hits (from outside), or nothing. Planes (the ground) are left
// out unless asked for: they are rarely meant when a person clicks on the scene.
std::optional<ColliderHit> pickCollider(const std::vector<Collider>& colliders, const Ray& ray,
                                        bool includePlanes = false);

// Ray parameter of the first hit on one collider (ray origin outside it), or nothing.
std::optional<Real> intersectCollider(const Collider& collider, const Ray& ray);

struct ColliderDrag {
    int collider = -1;
    Vec3 anchorOffset = Vec3::Zero();  // picked point - centre, kept while dragging
    Vec3 target = Vec3::Zero();        // where the centre is to be at the end of the frame
    Vec3 start = Vec3::Zero();         // centre at the start of the frame
    Vec3 beginCenter = Vec3::Zero();   // centre when the drag began
};

// Places the held collider for the substep ending at fraction alpha of the frame and sets
// its velocity to the frame's motion (frameDt > 0).
void driveDraggedCollider(Collider& collider, const ColliderDrag& drag, Real alpha, Real frameDt);

}  // namespace sim
