#pragma once
// The rigid bodies of a World, their particle attachments and their contacts with each
// other and the colliders, stepped with the particles (Müller et al. 2020, Alg. 2, folded
// into the PBD loop as stages of the substep, profile.h; rigid_stage.h):
//   RigidBodies        after the kinematics: x, q predicted (line 7), the body-body and
//                      body-collider contacts generated and iterated, the colliders posed,
//                      the bodies' feature points paired with triangles (body_triangle.h)
//   Solve              every solver's projectCollisions also projects the particle <-> body
//                      contacts and attachments (two-way, particle_coupling.h), the
//                      feature-triangle contacts and one more pass of the rigid contacts, so
//                      cloth and bodies settle together
//   PostProjection     a shock-propagation pass, from the ground up
//   Velocities         v, omega from the pose change (lines 12-15)
//   FrictionRestitution  friction and restitution of the rigid contacts (line 16: one pass,
//                      then one shock-propagation pass)
// Each body drives one World::colliders entry (Collider::body), so contact generation,
// drawing (world_draw.h) and picking see it as a moving collider.
#include <vector>

#include "sim/collision/collider.h"
#include "sim/contact/body_triangle.h"
#include "sim/contact/particle_coupling.h"
#include "sim/core/particles.h"
#include "sim/core/settings.h"
#include "sim/rigid/rigid_body.h"
#include "sim/rigid/rigid_contacts.h"

namespace sim {

class RigidWorld {
  public:
    std::vector<RigidBody> bodies;
    std::vector<BodyAttachment> attachments;
    std::vector<RigidContact> contacts;                 // regenerated every substep
    std::vector<BodyTriangleContact> triangleContacts;  // likewise (body_triangle.h)

    // A body held by the mouse (collider_drag.h) is kinematic from its prediction to its
    // velocity update: infinite mass, placed where the drag put its collider, so it keeps the
    // drag's velocity when released. -1 when none.
    void holdKinematic(int body, const Vec3& center);
    void releaseKinematic();

    // Appends the body and the collider that shows it; returns the body's index.
    int add(RigidBody body, std::vector<Collider>& colliders);
    // Attaches a particle to the body at `position` (two-way, hard). carriedMass [kg] moves
    // that much of the body's mass (and inertia, in proportion) into the particle: mass
    // splitting. A body thousands of times heavier than the cloth particles holding it gets
    // a thousandth of each Gauss-Seidel correction and falls through a few iterations as if
    // unheld, tearing the cloth at once; lumped into the held particles, the same total mass
    // (momentum conserved: the attachment is still two-way) hangs on neighbours of
    // comparable mass.
    void attach(Particles& particles, int particle, int body, const Vec3& position,
                Real carriedMass = 0);
    bool empty() const { return bodies.empty(); }
    void clear();

    void predict(std::vector<Collider>& colliders, const Settings& settings, Real dt);
    void solveContacts(std::vector<Collider>& colliders, const Settings& settings, Real dt);
    // After the solver: one shock-propagation pass (rigid_contacts.h), colliders posed.
    void finishContacts(std::vector<Collider>& colliders, const Settings& settings, Real dt);
    void updateVelocities(Real dt);
    void velocityPass(std::vector<Collider>& colliders, const Settings& settings, Real dt);
    // Sets each body's collider to the body's pose and velocities.
    void poseColliders(std::vector<Collider>& colliders) const;

    Vec3 linearMomentum() const;

  private:
    int held_ = -1;
    Real heldInvMass_ = 0;
    Vec3 heldInvInertia_ = Vec3::Zero();
};

}  // namespace sim
