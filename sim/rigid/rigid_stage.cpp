#include "sim/rigid/rigid_stage.h"

#include <cmath>

#include "sim/core/world.h"
#include "sim/rigid/body_triangle.h"

namespace sim {

void stepRigidBodies(World& world, Real dt) {
    RigidWorld& rigid = world.rigid;
    if (rigid.empty()) return;
    // The kinematics stage drove a dragged body's collider: read it before predict re-poses it.
    const auto& drag = world.colliderDrag();
    const int held = drag ? world.colliders[drag->collider].body : -1;
    const Vec3 heldCenter = held >= 0 ? world.colliders[drag->collider].center : Vec3::Zero();
    rigid.predict(world.colliders, world.settings, dt);
    if (held >= 0) {
        rigid.holdKinematic(held, heldCenter);
        rigid.poseColliders(world.colliders);
    }
    rigid.solveContacts(world.colliders, world.settings, dt);
    generateBodyTriangleContacts(rigid.bodies, world.particles, world.triangles,
                                 world.settings.collisionThickness, rigid.triangleContacts);
}

namespace {

void projectParticleBodyContacts(World& world) {
    RigidWorld& rigid = world.rigid;
    const Real mu = world.settings.staticFriction;
    for (BodyContact& c : world.contacts().bodies)
        projectBodyContact(world.particles, c, rigid.bodies[world.colliders[c.collider].body], mu);
}

}  // namespace

void projectRigidCoupling(World& world, Real dt) {
    RigidWorld& rigid = world.rigid;
    if (rigid.empty()) return;
    projectParticleBodyContacts(world);
    for (const BodyAttachment& a : rigid.attachments)
        projectBodyAttachment(world.particles, a, rigid.bodies[a.body]);
    projectBodyTriangleContacts(rigid.bodies, world.particles, rigid.triangleContacts,
                                world.settings.staticFriction, world.settings.friction);
    projectRigidContacts(rigid.bodies, rigid.contacts, world.settings.staticFriction, dt);
}

void finishRigidContacts(World& world, Real dt) {
    RigidWorld& rigid = world.rigid;
    if (rigid.empty()) return;
    projectParticleBodyContacts(world);
    projectBodyTriangleContacts(rigid.bodies, world.particles, rigid.triangleContacts,
                                world.settings.staticFriction, world.settings.friction);
    rigid.finishContacts(world.colliders, world.settings, dt);
}

void updateRigidVelocities(World& world, Real dt) {
    world.rigid.updateVelocities(dt);
}

void rigidFrictionRestitution(World& world, Real dt) {
    RigidWorld& rigid = world.rigid;
    if (rigid.empty()) return;
    const Settings& s = world.settings;
    for (const BodyContact& c : world.contacts().bodies)
        bodyContactVelocity(world.particles, c, rigid.bodies[world.colliders[c.collider].body],
                            s.staticFriction, s.friction, s.restitution, dt);
    rigid.velocityPass(world.colliders, s, dt);
}

bool rigidBodiesFinite(const World& world) {
    Real sum = 0;
    for (const RigidBody& b : world.rigid.bodies)
        sum += b.x.sum() + b.v.sum() + b.omega.sum() + b.q.coeffs().sum();
    return std::isfinite(sum);
}

}  // namespace sim
