#include "sim/contact/rigid_stage.h"

#include <cmath>

#include "sim/contact/body_triangle.h"
#include "sim/contact/step_context.h"

namespace sim {

void stepRigidBodies(const StepContext& ctx, int draggedCollider, Real dt) {
    RigidWorld& rigid = ctx.rigid;
    if (rigid.empty()) return;
    // The kinematics stage drove a dragged body's collider: read it before predict re-poses it.
    const int held = draggedCollider >= 0 ? ctx.colliders[draggedCollider].body : -1;
    const Vec3 heldCenter = held >= 0 ? ctx.colliders[draggedCollider].center : Vec3::Zero();
    rigid.predict(ctx.colliders, ctx.settings, dt);
    if (held >= 0) {
        rigid.holdKinematic(held, heldCenter);
        rigid.poseColliders(ctx.colliders);
    }
    rigid.solveContacts(ctx.colliders, ctx.settings, dt);
    generateBodyTriangleContacts(rigid.bodies, ctx.particles, ctx.triangles,
                                 ctx.settings.collisionThickness, rigid.triangleContacts);
}

namespace {

void projectParticleBodyContacts(const StepContext& ctx) {
    RigidWorld& rigid = ctx.rigid;
    const Real mu = ctx.settings.staticFriction;
    for (BodyContact& c : ctx.contacts().bodies)
        projectBodyContact(ctx.particles, c, rigid.bodies[ctx.colliders[c.collider].body], mu);
}

}  // namespace

void projectRigidCoupling(const StepContext& ctx, Real dt) {
    RigidWorld& rigid = ctx.rigid;
    if (rigid.empty()) return;
    projectParticleBodyContacts(ctx);
    for (const BodyAttachment& a : rigid.attachments)
        projectBodyAttachment(ctx.particles, a, rigid.bodies[a.body]);
    projectBodyTriangleContacts(rigid.bodies, ctx.particles, rigid.triangleContacts,
                                ctx.settings.staticFriction, ctx.settings.friction);
    projectRigidContacts(rigid.bodies, rigid.contacts, ctx.settings.staticFriction, dt);
}

void finishRigidContacts(const StepContext& ctx, Real dt) {
    RigidWorld& rigid = ctx.rigid;
    if (rigid.empty()) return;
    projectParticleBodyContacts(ctx);
    projectBodyTriangleContacts(rigid.bodies, ctx.particles, rigid.triangleContacts,
                                ctx.settings.staticFriction, ctx.settings.friction);
    rigid.finishContacts(ctx.colliders, ctx.settings, dt);
}

void updateRigidVelocities(const StepContext& ctx, Real dt) {
    ctx.rigid.updateVelocities(dt);
}

void rigidFrictionRestitution(const StepContext& ctx, Real dt) {
    RigidWorld& rigid = ctx.rigid;
    if (rigid.empty()) return;
    const Settings& s = ctx.settings;
    for (const BodyContact& c : ctx.contacts().bodies)
        bodyContactVelocity(ctx.particles, c, rigid.bodies[ctx.colliders[c.collider].body],
                            s.staticFriction, s.friction, s.restitution, dt);
    rigid.velocityPass(ctx.colliders, s, dt);
}

bool rigidBodiesFinite(const RigidWorld& rigid) {
    Real sum = 0;
    for (const RigidBody& b : rigid.bodies)
        sum += b.x.sum() + b.v.sum() + b.omega.sum() + b.q.coeffs().sum();
    return std::isfinite(sum);
}

}  // namespace sim
