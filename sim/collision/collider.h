#pragma once
// Static or kinematic colliders. Each shape answers two queries, the ones PBD §3.4 needs:
// the entry point of a segment x -> p into the shape (continuous test) and the closest
// surface point with its normal (static fallback). Shapes are inflated by the collision
// thickness by the caller passing `inflate`.
//
// Box, capsule and mesh colliders live in a local frame (center, rotation): a box spans
// +-halfExtents, a capsule is the segment +-halfHeight along local y with a radius, a mesh
// is a signed distance field (sdf.h) in local coordinates. Plane and sphere ignore the
// rotation. Their segment entry is found by sphere tracing the exact (box, capsule) or
// sampled (mesh) distance, then bisection, so a segment that passes through the shape is
// caught even when both ends are outside.
#include <memory>
#include <optional>
#include <vector>

#include "sim/collision/collider_motion.h"
#include "sim/core/types.h"

namespace sim {

class SignedDistanceField;

enum class ColliderShape { Plane, Sphere, Box, Capsule, Mesh };

struct Collider {
    ColliderShape shape = ColliderShape::Plane;
    Vec3 center = Vec3::Zero();           // plane: a point on it; others: the local origin
    Vec3 normal = Vec3::UnitY();          // plane only: unit normal pointing out of the solid
    Real radius = 0.0;                    // sphere, capsule
    Vec3 velocity = Vec3::Zero();         // kinematic motion [m/s], used for friction
    Mat3 rotation = Mat3::Identity();     // local -> world (box, capsule, mesh)
    Vec3 angularVelocity = Vec3::Zero();  // [rad/s] about center, world frame
    Vec3 halfExtents = Vec3::Zero();      // box
    Real halfHeight = 0.0;                // capsule: half the length of its axis
    std::shared_ptr<const SignedDistanceField> sdf;  // mesh
    ColliderMotion motion;  // data-driven motion (scene files); Static: scripts or drags move it
    // The rigid body (World::rigid.bodies) whose shape this is, or -1 for a static or
    // kinematic collider; a body's collider is posed by it every substep (sim/rigid).
    int body = -1;
    // Drawn see-through everywhere, like glass: a wall the camera looks into a container
    // through (rotating_barrel's end plates). Drawing only; scene files keep it.
    bool seeThrough = false;

    static Collider plane(const Vec3& point, const Vec3& normal);
    static Collider sphere(const Vec3& center, Real radius);
    static Collider box(const Vec3& center, const Vec3& halfExtents,
                        const Mat3& rotation = Mat3::Identity());
    static Collider capsule(const Vec3& center, Real radius, Real halfHeight,
                            const Mat3& rotation = Mat3::Identity());
    static Collider mesh(std::shared_ptr<const SignedDistanceField> sdf, const Vec3& center,
                         const Mat3& rotation = Mat3::Identity());

    // Velocity of the collider's material at world point x (linear + angular).
    Vec3 pointVelocity(const Vec3& x) const { return velocity + angularVelocity.cross(x - center); }
    // A particle that was at x when the substep began, placed relative to the collider's
    // current pose: x + dt * pointVelocity(x) (first order in the rotation). Contact
    // generation starts segments there, so a moving collider is tested in its own frame
    // (relative motion) and a collider sweeping past a resting particle meets it.
    Vec3 relativeStart(const Vec3& x, Real dt) const { return x + dt * pointVelocity(x); }
    // Moves a kinematic collider by its velocities over dt (rotation about center).
    void advance(Real dt);
};

struct SurfacePoint {
    Vec3 point;
    Vec3 normal;
};

// Signed distance from x to the (inflated) surface, negative inside.
Real signedDistance(const Collider& c, const Vec3& x, Real inflate);

// Closest point on the inflated surface to x and the outward normal there.
SurfacePoint closestSurfacePoint(const Collider& c, const Vec3& x, Real inflate);

// Where the segment a -> b first enters the inflated shape, if it does (a outside).
std::optional<SurfacePoint> segmentEntry(const Collider& c, const Vec3& a, const Vec3& b,
                                         Real inflate);

}  // namespace sim
