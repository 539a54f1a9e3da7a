#pragma once
// Collision constraint of PBD §3.4: an inequality C(p) = (p - q) . n >= 0 with stiffness 1,
// where q is the entry point of the ray x -> p into a collider (continuous test) or the
// closest surface point to p (static fallback), both on the collider inflated by the
// collision thickness, and n the surface normal there.
#include "sim/core/types.h"

namespace sim {

struct Contact {
    int particle = 0;
    int collider = 0;
    Vec3 point = Vec3::Zero();   // q
    Vec3 normal = Vec3::UnitY(); // n, unit length
    Vec3 colliderVelocity = Vec3::Zero();
    Real approachSpeed = 0;      // v . n before the solve, for restitution (negative = in)
    Real pushed = 0;             // total normal correction this substep [m], for friction
};

inline Real evaluateContact(const Vec3& p, const Contact& c, Vec3 grad[1]) {
    grad[0] = c.normal;
    return (p - c.point).dot(c.normal);
}

}  // namespace sim
