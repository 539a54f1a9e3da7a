#pragma once
// The collision stages of the step: contact generation (PBD algorithm line 8), the contact
// projection every solver runs with its other constraints, and the velocity update of
// line 16 (friction and restitution).
#include <vector>

#include "sim/collision/collider.h"
#include "sim/constraints/contact.h"
#include "sim/contact/particle_coupling.h"
#include "sim/core/particles.h"
#include "sim/core/settings.h"

namespace sim {

class StepContext;

// One contact per particle at most: the deepest of its continuous hits, or the static
// fallback when x already lies inside a collider. With bodyContacts, a rigid body's collider
// (Collider::body >= 0) gives a contact there instead, one per body a particle touches, pinned
// particles included (they push the bodies). The continuous test runs in each
// collider's frame: the segment starts where x was relative to the collider a substep ago
// (Collider::relativeStart), so a collider moving its own size per substep still meets the
// particles it sweeps through, even when p ends outside it on the far side.
void generateContacts(const Particles& particles, const std::vector<Collider>& colliders,
                      Real thickness, std::vector<Contact>& contacts, Real dt = 0,
                      std::vector<BodyContact>* bodyContacts = nullptr);

// Whether a collider could touch a free particle within `horizon` seconds: some particle lies
// within thickness + horizon * (the collider's speed there + the fastest particle's speed) of
// its surface. What is coming, where generateContacts finds what touches now (MGPBD keeps its
// contact sweeps while a collider is this close, so that the solve does not switch back and
// forth as contacts come and go).
bool colliderWithinReach(const Particles& particles, const std::vector<Collider>& colliders,
                         Real thickness, Real horizon);

// The collision projection every solver calls once per iteration (Gauss-Seidel sweep, HPBD
// level 0, MGPBD after its elasticity loop): the collider contacts with static friction
// (Settings::staticFriction), the particles' contacts with and attachments to rigid bodies
// (two-way, sim/contact/rigid_stage.h) and, when enabled, the self contacts (self_collision.h).
void projectCollisions(const StepContext& ctx, Real dt);

// projectContact (contact.h) on every contact once.
void projectContacts(Particles& particles, std::vector<Contact>& contacts, Real friction, Real dt);

// After the solver: pushes any particle the other constraints moved into a collider back
// onto its inflated surface (contacts are generated before the solve, §3.4, so the solve
// can push a particle into a curved collider past its tangent plane). Each push becomes a
// contact too, so friction applies to it. Rigid bodies' colliders are skipped (their
// contacts are two-way: finishRigidContacts, then resolveRemainingBodyPenetrations).
void resolveRemainingPenetrations(Particles& particles, const std::vector<Collider>& colliders,
                                  Real thickness, std::vector<Contact>& contacts);

// The same for rigid bodies, two-way: a particle that ends the solve within a body's inflated
// surface with no contact with (nor attachment to) that body (a light particle a tear split off,
// dragged into the thrown ball by its neighbours) gets a contact at the closest surface point now,
// projected once with the body taking its share (projectBodyContact), and kept for the velocity
// pass.
void resolveRemainingBodyPenetrations(const StepContext& ctx);

// A contact at surface point sp of collider c for particle i; for a body's collider the point
// and normal are kept in the body's frame too, so the contact moves with it (PBD §4.2).
Contact makeContact(const Particles& particles, int i, int c, const Collider& col,
                    const SurfacePoint& sp);
BodyContact makeBodyContact(const Particles& particles, int i, int c, const Collider& col,
                            const SurfacePoint& sp);

// Coulomb friction against the collider's motion, and restitution. A contact whose
// tangential speed relative to the collider is below muStatic * pushed / dt sticks
// (tangential speed zero); otherwise it slides and loses muKinetic * pushed / dt of it
// (pushed / dt: the normal velocity change the contact caused).
void applyFrictionRestitution(Particles& particles, const std::vector<Contact>& contacts,
                              Real muStatic, Real muKinetic, Real restitution, Real dt);

}  // namespace sim
