#pragma once
// Static or kinematic colliders. Each shape answers two queries, the ones PBD §3.4 needs:
// the entry point of a segment x -> p into the shape (continuous test) and the closest
// surface point with its normal (static fallback). Shapes are inflated by the collision
// thickness by the caller passing `inflate`.
#include <optional>
#include <vector>

#include "sim/core/types.h"

namespace sim {

enum class ColliderShape { Plane, Sphere };

struct Collider {
    ColliderShape shape = ColliderShape::Plane;
    Vec3 center = Vec3::Zero();    // plane: a point on it; sphere: its centre
    Vec3 normal = Vec3::UnitY();   // plane only: unit normal pointing out of the solid
    Real radius = 0.0;             // sphere only
    Vec3 velocity = Vec3::Zero();  // kinematic motion [m/s], used for friction

    static Collider plane(const Vec3& point, const Vec3& normal);
    static Collider sphere(const Vec3& center, Real radius);
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
