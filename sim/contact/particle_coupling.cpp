#include "sim/contact/particle_coupling.h"

#include <algorithm>
#include <cmath>

namespace sim {

namespace {
constexpr Real kTiny = 1e-12;

// Moves p and the body apart along the unit direction d by dl (p forward, body back).
void share(Vec3& p, Real wp, RigidBody& body, const Vec3& lever, const Vec3& d, Real dl) {
    p += wp * dl * d;
    body.applyCorrection(-dl * d, lever);
}

}  // namespace

Real evaluateBodyContact(const Vec3& p, const Vec3& q, const Vec3& n, const Vec3& x, Vec3 grad[3]) {
    grad[0] = n;                  // dC/dp
    grad[1] = -n;                 // dC/dx_body (q moves with the body)
    grad[2] = -(q - x).cross(n);  // dC/dtheta_body: dq = dtheta x r
    return (p - q).dot(n);
}

Real projectBodyContactNormal(Particles& P, BodyContact& c, RigidBody& body) {
    c.point = body.worldPoint(c.localPoint);
    c.normal = body.q * c.localNormal;
    Vec3& p = P.p[c.particle];
    const Real C = (p - c.point).dot(c.normal);
    if (C >= 0) return 0;
    const Real w = P.w[c.particle] + body.inverseMass(c.point - body.x, c.normal);
    if (w < kTiny) return 0;
    share(p, P.w[c.particle], body, c.point - body.x, c.normal, -C / w);
    return -C;
}

void projectBodyContact(Particles& P, BodyContact& c, RigidBody& body, Real staticFriction) {
    const Real pushed = projectBodyContactNormal(P, c, body);
    if (pushed <= 0) return;
    c.pushed += pushed;
    // Static friction: the particle's motion over the substep relative to the body point it
    // touches, tangential part, undone by both while below mu * pushed.
    Vec3& p = P.p[c.particle];
    const Real wp = P.w[c.particle];
    const Vec3& n = c.normal;
    const Vec3 q = body.worldPoint(c.localPoint);
    const Vec3 moved = (p - P.x[c.particle]) - (q - body.previousPoint(c.localPoint));
    const Vec3 tangential = moved - moved.dot(n) * n;
    const Real len = tangential.norm();
    if (len < kTiny || len >= staticFriction * c.pushed) return;
    const Vec3 d = tangential / len;
    const Real wt = wp + body.inverseMass(q - body.x, d);
    if (wt < kTiny) return;
    share(p, wp, body, q - body.x, d, -len / wt);
}

void projectBodyAttachment(Particles& P, const BodyAttachment& a, RigidBody& body) {
    const Vec3 target = body.worldPoint(a.local);
    Vec3& p = P.p[a.particle];
    const Vec3 d = p - target;
    const Real C = d.norm();
    if (C < kTiny) return;
    const Vec3 n = d / C;
    const Real wp = P.w[a.particle];
    const Real w = wp + body.inverseMass(target - body.x, n);
    if (w < kTiny) return;
    share(p, wp, body, target - body.x, n, -C / w);
}

void bodyContactVelocity(Particles& P, const BodyContact& c, RigidBody& body, Real muStatic,
                         Real muKinetic, Real restitution, Real dt) {
    const Vec3 q = body.worldPoint(c.localPoint);
    const Vec3 n = body.q * c.localNormal;
    const Vec3& v = P.v[c.particle];
    const Vec3 rel = v - body.pointVelocity(q);
    const Real vn = rel.dot(n);
    Vec3 vt = rel - vn * n;
    const Real dvn = c.pushed / dt;
    const Real vtLen = vt.norm();
    if (vtLen < muStatic * dvn)
        vt.setZero();
    else if (vtLen > kTiny)
        vt *= std::max<Real>(0, 1 - muKinetic * dvn / vtLen);
    Real vnNew = vn;
    if (c.approachSpeed < 0) vnNew = std::max(vn, -restitution * c.approachSpeed);
    const Vec3 change = vt + vnNew * n - rel;  // wanted change of the relative velocity
    const Real len = change.norm();
    if (len < kTiny) return;
    const Vec3 d = change / len;
    const Real wp = P.w[c.particle];
    const Real w = wp + body.inverseMass(q - body.x, d);
    if (w < kTiny) return;
    const Real J = len / w;
    P.v[c.particle] += wp * J * d;
    body.applyImpulse(-J * d, q - body.x);
}

}  // namespace sim
