#pragma once
// Collision constraint of PBD §3.4: an inequality C(p) = (p - q) . n >= 0 with stiffness 1,
// where q is the entry point of the ray x -> p into a collider (continuous test) or the
// closest surface point to p (static fallback), both on the collider inflated by the
// collision thickness, and n the surface normal there.
#include "sim/core/particles.h"
#include "sim/core/types.h"

namespace sim {

struct Contact {
    int particle = 0;
    int collider = 0;
    Vec3 point = Vec3::Zero();    // q
    Vec3 normal = Vec3::UnitY();  // n, unit length
    Vec3 colliderVelocity = Vec3::Zero();
    Real approachSpeed = 0;  // v . n before the solve, for restitution (negative = in)
    Real pushed = 0;         // total normal correction this substep [m], for friction
};

inline Real evaluateContact(const Vec3& p, const Contact& c, Vec3 grad[1]) {
    grad[0] = c.normal;
    return (p - c.point).dot(c.normal);
}

// The one contact projection every solver runs (Gauss-Seidel sweeps, HPBD's levels, MGPBD
// after its loop): p -= min(0, C) n with stiffness 1, the correction added to `pushed` (the
// normal impulse friction is bounded by). Static friction acts at the position level too:
// while the tangential move x -> p relative to the collider is below mu * pushed it is
// cancelled, so cloth resting on a curved collider does not creep off it.
inline void projectContact(Particles& P, Contact& c, Real friction, Real dt) {
    Vec3 g[1];
    Vec3& p = P.p[c.particle];
    const Real C = evaluateContact(p, c, g);
    if (C >= 0) return;
    p -= C * g[0];
    c.pushed -= C;
    const Vec3 moved = p - P.x[c.particle] - dt * c.colliderVelocity;
    const Vec3 tangential = moved - moved.dot(c.normal) * c.normal;
    if (tangential.norm() < friction * c.pushed) p -= tangential;
}

// A particle's contact with a body's collider: the contact of §3.4 with q and n also kept in
// the body's frame, so the contact moves with the body while the solver moves it (PBD §4.2).
struct BodyContact : Contact {
    Vec3 localPoint = Vec3::Zero();
    Vec3 localNormal = Vec3::UnitY();
};

}  // namespace sim
