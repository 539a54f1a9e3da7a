#include "sim/contact/rigid_world.h"

#include <algorithm>

namespace sim {

namespace {
// Feature points farther than this from another shape at the predicted pose get no contact
// this substep [m], beyond the collision thickness.
constexpr Real kContactMargin = 0.02;
}  // namespace

int RigidWorld::add(RigidBody body, std::vector<Collider>& colliders) {
    const int index = static_cast<int>(bodies.size());
    body.collider = static_cast<int>(colliders.size());
    Collider c = body.makeCollider();
    c.body = index;
    colliders.push_back(c);
    bodies.push_back(body);
    return index;
}

void RigidWorld::attach(Particles& particles, int particle, int body, const Vec3& position,
                        Real carriedMass) {
    RigidBody& b = bodies[body];
    attachments.push_back({particle, body, b.localPoint(position)});
    if (carriedMass <= 0 || b.invMass == 0) return;
    carriedMass = std::min(carriedMass, 0.99 * b.mass);
    const Real keep = (b.mass - carriedMass) / b.mass;
    b.mass -= carriedMass;
    b.invMass = 1 / b.mass;
    b.invInertia /= keep;
    particles.m[particle] += carriedMass;
    if (!particles.pinned[particle]) particles.w[particle] = 1 / particles.m[particle];
}

void RigidWorld::holdKinematic(int body, const Vec3& center) {
    releaseKinematic();
    RigidBody& b = bodies[body];
    held_ = body;
    heldInvMass_ = b.invMass;
    heldInvInertia_ = b.invInertia;
    b.invMass = 0;
    b.invInertia.setZero();
    b.x = center;
    b.q = b.qPrev;
}

void RigidWorld::releaseKinematic() {
    if (held_ < 0) return;
    if (held_ < static_cast<int>(bodies.size())) {
        bodies[held_].invMass = heldInvMass_;
        bodies[held_].invInertia = heldInvInertia_;
    }
    held_ = -1;
}

void RigidWorld::clear() {
    held_ = -1;
    bodies.clear();
    attachments.clear();
    contacts.clear();
    triangleContacts.clear();
}

void RigidWorld::predict(std::vector<Collider>& colliders, const Settings& settings, Real dt) {
    for (RigidBody& b : bodies) b.predict(settings.gravity, dt);
    poseColliders(colliders);
}

void RigidWorld::solveContacts(std::vector<Collider>& colliders, const Settings& settings,
                               Real dt) {
    if (bodies.empty()) return;
    generateRigidContacts(bodies, colliders, settings.collisionThickness + kContactMargin,
                          contacts);
    for (int it = 0; it < settings.iterations; ++it)
        projectRigidContacts(bodies, contacts, settings.staticFriction, dt);
    poseColliders(colliders);
}

void RigidWorld::finishContacts(std::vector<Collider>& colliders, const Settings& settings,
                                Real dt) {
    if (bodies.empty()) return;
    projectRigidContacts(bodies, contacts, settings.staticFriction, dt, RigidPass::Shock);
    poseColliders(colliders);
}

void RigidWorld::updateVelocities(Real dt) {
    releaseKinematic();  // the held body's velocity is then the drag's
    for (RigidBody& b : bodies) b.updateVelocity(dt);
}

void RigidWorld::velocityPass(std::vector<Collider>& colliders, const Settings& settings, Real dt) {
    if (bodies.empty()) return;
    for (RigidPass pass : {RigidPass::Forward, RigidPass::Shock})
        rigidContactVelocities(bodies, contacts, settings.friction, settings.restitution,
                               settings.gravity, dt, pass);
    poseColliders(colliders);
}

void RigidWorld::poseColliders(std::vector<Collider>& colliders) const {
    for (int k = 0; k < static_cast<int>(bodies.size()); ++k) {
        const RigidBody& b = bodies[k];
        if (b.collider < 0 || b.collider >= static_cast<int>(colliders.size())) continue;
        b.poseCollider(colliders[b.collider]);
        colliders[b.collider].body = k;  // kept even where a scene file replaced the collider
    }
}

Vec3 RigidWorld::linearMomentum() const {
    Vec3 sum = Vec3::Zero();
    for (const RigidBody& b : bodies) sum += b.linearMomentum();
    return sum;
}

}  // namespace sim
