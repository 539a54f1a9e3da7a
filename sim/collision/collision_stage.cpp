#include "sim/collision/collision_stage.h"

#include <algorithm>
#include <cmath>

#include "sim/collision/self_collision.h"
#include "sim/core/world.h"

namespace sim {

void generateContacts(const Particles& particles, const std::vector<Collider>& colliders,
                      Real thickness, std::vector<Contact>& contacts, Real dt) {
    contacts.clear();
    if (colliders.empty()) return;
    const int n = particles.size();
    for (int i = 0; i < n; ++i) {
        if (particles.w[i] == 0) continue;
        const Vec3& x = particles.x[i];
        const Vec3& p = particles.p[i];
        Contact best;
        Real bestDepth = 0;
        bool found = false;
        for (int c = 0; c < static_cast<int>(colliders.size()); ++c) {
            const Collider& col = colliders[c];
            Real depth = -signedDistance(col, p, thickness);
            const Vec3 start = dt > 0 ? col.relativeStart(x, dt) : x;
            SurfacePoint sp;
            if (auto entry = segmentEntry(col, start, p, thickness)) {
                sp = *entry;  // continuous: x outside, p inside or swept through
                depth = std::max(depth, -(p - sp.point).dot(sp.normal));
                if (depth <= 0) continue;
            } else if (depth > 0) {
                sp = closestSurfacePoint(col, p, thickness);  // static fallback
            } else {
                continue;  // p ends outside and never entered: nothing to do
            }
            if (!found || depth > bestDepth) {
                best.particle = i;
                best.collider = c;
                best.point = sp.point;
                best.normal = sp.normal;
                best.colliderVelocity = col.pointVelocity(sp.point);
                best.approachSpeed = particles.v[i].dot(sp.normal);
                bestDepth = depth;
                found = true;
            }
        }
        if (found) contacts.push_back(best);
    }
}

void projectContacts(Particles& particles, std::vector<Contact>& contacts, Real friction, Real dt) {
    for (Contact& c : contacts) projectContact(particles, c, friction, dt);
}

void projectCollisions(World& world, Real dt) {
    ContactSet& contacts = world.contacts();
    projectContacts(world.particles, contacts.colliders, world.settings.staticFriction, dt);
    if (world.settings.selfCollision)
        projectSelfContacts(world.particles, contacts.self, world.settings.selfThickness,
                            contacts.selfBudget);
}

void resolveRemainingPenetrations(Particles& particles, const std::vector<Collider>& colliders,
                                  Real thickness, std::vector<Contact>& contacts) {
    if (colliders.empty()) return;
    const int n = particles.size();
    for (int i = 0; i < n; ++i) {
        if (particles.w[i] == 0) continue;
        for (int c = 0; c < static_cast<int>(colliders.size()); ++c) {
            const Collider& col = colliders[c];
            if (signedDistance(col, particles.p[i], thickness) >= 0) continue;
            const SurfacePoint sp = closestSurfacePoint(col, particles.p[i], thickness);
            const Real depth = (sp.point - particles.p[i]).norm();
            particles.p[i] = sp.point;
            Contact contact;
            contact.particle = i;
            contact.collider = c;
            contact.point = sp.point;
            contact.normal = sp.normal;
            contact.colliderVelocity = col.pointVelocity(sp.point);
            contact.approachSpeed = particles.v[i].dot(sp.normal);
            contact.pushed = depth;
            contacts.push_back(contact);
        }
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
