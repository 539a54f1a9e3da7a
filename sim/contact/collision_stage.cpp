#include "sim/contact/collision_stage.h"

#include <algorithm>
#include <cmath>

#include "sim/collision/self_collision.h"
#include "sim/contact/rigid_stage.h"
#include "sim/contact/step_context.h"

namespace sim {

Contact makeContact(const Particles& particles, int i, int c, const Collider& col,
                    const SurfacePoint& sp) {
    Contact contact;
    contact.particle = i;
    contact.collider = c;
    contact.point = sp.point;
    contact.normal = sp.normal;
    contact.colliderVelocity = col.pointVelocity(sp.point);
    contact.approachSpeed = particles.v[i].dot(sp.normal);
    return contact;
}

// A body's contact moves with it (PBD §4.2): q and n kept in its frame too.
BodyContact makeBodyContact(const Particles& particles, int i, int c, const Collider& col,
                            const SurfacePoint& sp) {
    BodyContact contact;
    static_cast<Contact&>(contact) = makeContact(particles, i, c, col, sp);
    contact.localPoint = col.rotation.transpose() * (sp.point - col.center);
    contact.localNormal = col.rotation.transpose() * sp.normal;
    contact.approachSpeed = (particles.v[i] - contact.colliderVelocity).dot(sp.normal);
    return contact;
}

namespace {

// The continuous test of §3.4 against one collider: the hit and its depth, if any.
bool testCollider(const Particles& particles, int i, const Collider& col, Real thickness, Real dt,
                  SurfacePoint& sp, Real& depth) {
    const Vec3& x = particles.x[i];
    const Vec3& p = particles.p[i];
    depth = -signedDistance(col, p, thickness);
    const Vec3 start = dt > 0 ? col.relativeStart(x, dt) : x;
    if (auto entry = segmentEntry(col, start, p, thickness)) {
        sp = *entry;  // continuous: x outside, p inside or swept through
        depth = std::max(depth, -(p - sp.point).dot(sp.normal));
        return depth > 0;
    }
    if (depth > 0) {
        sp = closestSurfacePoint(col, p, thickness);  // static fallback
        return true;
    }
    return false;  // p ends outside and never entered: nothing to do
}

}  // namespace

void generateContacts(const Particles& particles, const std::vector<Collider>& colliders,
                      Real thickness, std::vector<Contact>& contacts, Real dt,
                      std::vector<BodyContact>* bodyContacts) {
    contacts.clear();
    if (bodyContacts) bodyContacts->clear();
    if (colliders.empty()) return;
    bool anyBody = false;
    if (bodyContacts)
        for (const Collider& col : colliders) anyBody |= col.body >= 0;
    const int n = particles.size();
    for (int i = 0; i < n; ++i) {
        // A pinned particle cannot be pushed, but it pushes the rigid bodies that hit it.
        const bool pinned = particles.w[i] == 0;
        if (pinned && !anyBody) continue;
        Contact best;
        Real bestDepth = 0;
        bool found = false;
        for (int c = 0; c < static_cast<int>(colliders.size()); ++c) {
            const Collider& col = colliders[c];
            const bool body = bodyContacts && col.body >= 0;
            if (pinned && !body) continue;
            SurfacePoint sp;
            Real depth = 0;
            if (!testCollider(particles, i, col, thickness, dt, sp, depth)) continue;
            // Every body touching the particle gets its own contact (cloth pressed between a
            // box and the ground holds both); of the fixed colliders the deepest.
            if (body) {
                bodyContacts->push_back(makeBodyContact(particles, i, c, col, sp));
            } else if (!found || depth > bestDepth) {
                best = makeContact(particles, i, c, col, sp);
                bestDepth = depth;
                found = true;
            }
        }
        if (found) contacts.push_back(best);
    }
}

bool colliderWithinReach(const Particles& particles, const std::vector<Collider>& colliders,
                         Real thickness, Real horizon) {
    const int n = particles.size();
    Real fastest = 0;  // squared, then not
    for (int i = 0; i < n; ++i)
        if (particles.w[i] > 0) fastest = std::max(fastest, particles.v[i].squaredNorm());
    fastest = std::sqrt(fastest);
    for (const Collider& col : colliders)
        for (int i = 0; i < n; ++i) {
            if (particles.w[i] == 0) continue;
            const Vec3& p = particles.p[i];
            const Real reach = thickness + horizon * (col.pointVelocity(p).norm() + fastest);
            if (signedDistance(col, p, reach) < 0) return true;
        }
    return false;
}

void projectContacts(Particles& particles, std::vector<Contact>& contacts, Real friction, Real dt) {
    for (Contact& c : contacts) projectContact(particles, c, friction, dt);
}

void projectCollisions(const StepContext& ctx, Real dt) {
    ContactSet& contacts = ctx.contacts();
    projectContacts(ctx.particles, contacts.colliders, ctx.settings.staticFriction, dt);
    projectRigidCoupling(ctx, dt);  // particle <-> body, two-way (sim/rigid)
    if (!contacts.self.empty())
        projectSelfContacts(ctx.particles, contacts.self, ctx.settings.selfThickness,
                            contacts.selfBudget);
}

namespace {
// f(i, sp) for every free particle i within collider col's surface inflated by h (signed
// distance < 0) and not skipped, sp its closest point on that surface.
template <class Skip, class F>
void forEachPenetration(const Particles& P, const Collider& col, Real h, Skip&& skip, F&& f) {
    for (int i = 0; i < P.size(); ++i) {
        if (P.w[i] == 0 || skip(i) || signedDistance(col, P.p[i], h) >= 0) continue;
        f(i, closestSurfacePoint(col, P.p[i], h));
    }
}
}  // namespace

void resolveRemainingPenetrations(Particles& particles, const std::vector<Collider>& colliders,
                                  Real thickness, std::vector<Contact>& contacts) {
    for (int c = 0; c < static_cast<int>(colliders.size()); ++c) {
        const Collider& col = colliders[c];
        if (col.body >= 0) continue;  // bodies: finishRigidContacts (sim/rigid)
        forEachPenetration(
            particles, col, thickness, [](int) { return false; },
            [&](int i, const SurfacePoint& sp) {
                Contact contact = makeContact(particles, i, c, col, sp);
                contact.pushed = (sp.point - particles.p[i]).norm();
                particles.p[i] = sp.point;
                contacts.push_back(contact);
            });
    }
}

void resolveRemainingBodyPenetrations(const StepContext& ctx) {
    Particles& P = ctx.particles;
    std::vector<BodyContact>& contacts = ctx.contacts().bodies;
    std::vector<uint8_t>& touching = ctx.contacts().touchingBody;
    for (int c = 0; c < static_cast<int>(ctx.colliders.size()); ++c) {
        const Collider& col = ctx.colliders[c];
        if (col.body < 0) continue;
        touching.assign(P.size(), 0);
        for (const BodyContact& bc : contacts)
            if (bc.collider == c) touching[bc.particle] = 1;
        for (const BodyAttachment& a : ctx.rigid.attachments)
            if (a.body == col.body) touching[a.particle] = 1;  // held on its surface
        RigidBody& body = ctx.rigid.bodies[col.body];
        const size_t before = contacts.size();
        forEachPenetration(
            P, col, ctx.settings.collisionThickness, [&](int i) { return touching[i] != 0; },
            [&](int i, const SurfacePoint& sp) {
                BodyContact contact = makeBodyContact(P, i, c, col, sp);
                projectBodyContact(P, contact, body, ctx.settings.staticFriction);
                contacts.push_back(contact);
            });
        if (contacts.size() > before) ctx.rigid.poseColliders(ctx.colliders);
    }
}

void applyFrictionRestitution(Particles& particles, const std::vector<Contact>& contacts,
                              Real muStatic, Real friction, Real restitution, Real dt) {
    for (const Contact& c : contacts) {
        Vec3& v = particles.v[c.particle];
        const Vec3 rel = v - c.colliderVelocity;
        const Real vn = rel.dot(c.normal);
        Vec3 vt = rel - vn * c.normal;
        // Coulomb: the tangential speed drops by mu times the normal speed change.
        const Real dvn = c.pushed / dt;
        const Real vtLen = vt.norm();
        if (vtLen < muStatic * dvn)
            vt.setZero();  // static: sticks to the collider
        else if (vtLen > 1e-12)
            vt *= std::max<Real>(0, 1 - friction * dvn / vtLen);
        // Restitution: bounce back a fraction of the approach speed, never more than now.
        Real vnNew = vn;
        if (c.approachSpeed < 0) vnNew = std::max(vn, -restitution * c.approachSpeed);
        v = c.colliderVelocity + vt + vnNew * c.normal;
    }
}

}  // namespace sim
