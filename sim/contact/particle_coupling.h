#pragma once
// Two-way coupling of particles and rigid bodies (PBD §4.2): where the paper applies the
// impulse m_i dp_i / dt to the body each time a vertex is projected against it, we project
// the pair together, so the particle and the body share one correction by their inverse
// masses w_p and w_b = 1/m + (r x n)^T I^-1 (r x n) (rigid_body.h). Every exchange moves
// the particle by w_p dl n and the body by -dl n / m: linear momentum is conserved exactly.
//   contact:     C = (p - q) . n >= 0,  q, n fixed in the body's frame    (PBD §3.4, eq. of §4.2)
//   attachment:  C = |p - a| = 0,      a fixed in the body's frame        (PBD §3.6, two-way)
// with grad_p C = n and grad_body C = -n at the lever r = q - x (resp. a - x).
#include "sim/constraints/contact.h"
#include "sim/core/particles.h"
#include "sim/rigid/rigid_body.h"

namespace sim {

// A particle held at a point of a body: the body carries it and it pulls on the body.
struct BodyAttachment {
    int particle = 0;
    int body = 0;
    Vec3 local = Vec3::Zero();  // the attachment point in the body's frame
};

// The normal part alone: returns the separation correction -C it made (0 if none). Refreshes
// c.point and c.normal to the body's current pose.
Real projectBodyContactNormal(Particles& P, BodyContact& c, RigidBody& body);

// One projection of a particle contact against a body's collider, with static friction
// (the tangential motion relative to the body's surface is undone while it is below
// staticFriction * pushed).
void projectBodyContact(Particles& P, BodyContact& c, RigidBody& body, Real staticFriction);

// One projection of an attachment (hard: stiffness 1).
void projectBodyAttachment(Particles& P, const BodyAttachment& a, RigidBody& body);

// The velocity update of line 16 for a body contact: the relative velocity gets the same
// Coulomb friction and restitution as against a static collider (collision_stage.h), and the
// change is shared as an impulse by the particle and the body.
void bodyContactVelocity(Particles& P, const BodyContact& c, RigidBody& body, Real muStatic,
                         Real muKinetic, Real restitution, Real dt);

// The value and gradients of the contact constraint (pure): C = (p - q) . n; grad[0] for p,
// grad[1] for the body's translation, grad[2] for its rotation (r x grad[1]).
Real evaluateBodyContact(const Vec3& p, const Vec3& q, const Vec3& n, const Vec3& x, Vec3 grad[3]);

}  // namespace sim
