#pragma once
// Contacts of rigid bodies with the ground, the other colliders and each other (Müller et al.
// 2020 §3.5-3.6). Each body offers feature points with a radius — a box its eight corners
// (radius 0), a sphere its centre and a capsule the two ends of its axis (radius r) — and
// every feature point near another shape becomes a contact
//     C = (p_a - p_b) . n >= 0,                                         (Müller 2020 eq. 26)
// p_a the touching point of body a (feature point minus radius along n), p_b the closest
// point of the other shape, both fixed in their bodies' frames at generation, n fixed in the
// world. The projection moves both bodies by their generalized inverse masses (rigid_body.h);
// static friction cancels the tangential motion of p_a relative to p_b while it stays below
// mu_s times the normal correction. After the velocity update, kinetic friction takes
// mu_k * pushed / dt off the tangential speed and the normal speed is set to the restitution
// bounce (zero below 2 |g| dt), so the push out of a penetration adds no speed.
#include <vector>

#include "sim/collision/collider.h"
#include "sim/rigid/rigid_body.h"

namespace sim {

struct RigidContact {
    int a = -1;                   // the body whose feature point touches
    int b = -1;                   // the other body, or -1 for a static or kinematic collider
    int collider = -1;            // the other shape's collider
    Vec3 localA = Vec3::Zero();   // p_a in a's frame
    Vec3 localB = Vec3::Zero();   // p_b in b's frame (world point when b < 0)
    Vec3 normal = Vec3::UnitY();  // from the other shape towards a, world
    Vec3 colliderVelocity = Vec3::Zero();  // of a kinematic collider at p_b
    Real approachSpeed = 0;  // relative normal velocity before the solve (negative = in)
    Real lambda = 0;         // accumulated normal correction [kg m]
    Real pushed = 0;         // accumulated normal separation correction [m], for friction
};

// The feature points of a body in its frame (up to 8) and their radius; returns the count.
int featurePoints(const RigidBody& body, Vec3 out[8], Real* radius);

// Replaces `contacts` with the feature points within `margin` of another shape: every
// collider that is not the body's own, bodies' colliders included.
void generateRigidContacts(const std::vector<RigidBody>& bodies,
                           const std::vector<Collider>& colliders, Real margin,
                           std::vector<RigidContact>& contacts);

// The order of a pass over the manifolds (the contacts between one pair of shapes): as
// generated, reversed, or shock propagation — from the ground up, by each body's number of
// contacts above the fixed colliders, with the lower body of each pair held still
// (Guendelman et al. 2003), so a final such pass leaves a stack no residual to creep on.
enum class RigidPass { Forward, Backward, Shock };

// One Gauss-Seidel pass over the manifolds: the normal rows of each as one block (inequality,
// stiffness 1; manifold_solve.h), then static friction at its centre.
void projectRigidContacts(std::vector<RigidBody>& bodies, std::vector<RigidContact>& contacts,
                          Real staticFriction, Real dt, RigidPass pass = RigidPass::Forward);

// After RigidBody::updateVelocity: kinetic friction and restitution of the touching contacts.
void rigidContactVelocities(std::vector<RigidBody>& bodies, std::vector<RigidContact>& contacts,
                            Real friction, Real restitution, const Vec3& gravity, Real dt,
                            RigidPass pass = RigidPass::Forward);

}  // namespace sim
