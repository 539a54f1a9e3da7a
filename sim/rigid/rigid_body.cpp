#include "sim/rigid/rigid_body.h"

#include <cmath>
#include <numbers>

namespace sim {

namespace {

RigidBody withMass(RigidBody b, Real mass, const Vec3& inertia) {
    b.mass = mass;
    b.invMass = mass > 0 ? 1 / mass : 0;
    b.invInertia = inertia.cwiseInverse();
    b.xPrev = b.x;
    return b;
}

}  // namespace

RigidBody RigidBody::box(const Vec3& center, const Vec3& halfExtents, Real density) {
    RigidBody b;
    b.shape = RigidShape::Box;
    b.halfExtents = halfExtents;
    b.x = center;
    const Vec3 s = halfExtents.cwiseProduct(halfExtents);
    const Real m = density * 8 * halfExtents.prod();
    // Solid box of sides 2a, 2b, 2c: I_x = m (b^2 + c^2) / 3, and cyclically.
    return withMass(b, m, m / 3 * Vec3(s.y() + s.z(), s.x() + s.z(), s.x() + s.y()));
}

RigidBody RigidBody::sphere(const Vec3& center, Real radius, Real density) {
    RigidBody b;
    b.shape = RigidShape::Sphere;
    b.radius = radius;
    b.x = center;
    const Real m = density * 4.0 / 3.0 * std::numbers::pi * radius * radius * radius;
    return withMass(b, m, Vec3::Constant(0.4 * m * radius * radius));  // I = 2/5 m r^2
}

RigidBody RigidBody::capsule(const Vec3& center, Real radius, Real halfHeight, Real density) {
    RigidBody b;
    b.shape = RigidShape::Capsule;
    b.radius = radius;
    b.halfHeight = halfHeight;
    b.x = center;
    const Real r = radius, h = halfHeight, pi = std::numbers::pi;
    const Real mc = density * pi * r * r * 2 * h;          // the cylinder
    const Real ms = density * 4.0 / 3.0 * pi * r * r * r;  // both hemispheres
    const Real axial = mc * r * r / 2 + ms * 0.4 * r * r;
    // Cylinder m (r^2/4 + H^2/12); each hemisphere (83/320) m r^2 about its own centre of
    // mass, 3r/8 from its flat face, moved out to h + 3r/8 (parallel axes).
    const Real across = mc * (r * r / 4 + (2 * h) * (2 * h) / 12) +
                        ms * (83.0 / 320.0 * r * r + (h + 3 * r / 8) * (h + 3 * r / 8));
    return withMass(b, mc + ms, Vec3(across, axial, across));
}

Vec3 RigidBody::invInertiaWorld(const Vec3& u) const {
    const Vec3 local = q.conjugate() * u;
    return q * invInertia.cwiseProduct(local).eval();
}

Real RigidBody::inverseMass(const Vec3& r, const Vec3& n) const {
    if (invMass == 0) return 0;
    const Vec3 rn = r.cross(n);
    return invMass + rn.dot(invInertiaWorld(rn));
}

void RigidBody::applyCorrectionMoment(const Vec3& P, const Vec3& L) {
    if (invMass == 0) return;
    x += invMass * P;
    const Vec3 dw = invInertiaWorld(L);
    const Quat dq(0, dw.x(), dw.y(), dw.z());
    q.coeffs() += 0.5 * (dq * q).coeffs();
    q.normalize();
}

void RigidBody::applyImpulseMoment(const Vec3& J, const Vec3& L) {
    if (invMass == 0) return;
    v += invMass * J;
    omega += invInertiaWorld(L);
}

void RigidBody::predict(const Vec3& gravity, Real dt) {
    xPrev = x;
    qPrev = q;
    if (invMass == 0) return;
    v += dt * gravity;
    x += dt * v;
    // Torque-free Euler equation: I dw/dt = -w x (I w), in the body frame.
    const Vec3 wl = q.conjugate() * omega;
    const Vec3 Iw = invInertia.cwiseInverse().cwiseProduct(wl);
    omega += q * (dt * invInertia.cwiseProduct(-wl.cross(Iw))).eval();
    // The exact rotation by omega dt (Müller 2020 Alg. 2 line 7 is its first-order form,
    // q += dt/2 [omega, 0] q, which with line 12 loses spin: |omega| dt = 0.05 keeps 98 %
    // of it after 60 steps).
    const Real angle = omega.norm() * dt;
    if (angle > 0) q = (Quat(Eigen::AngleAxisd(angle, omega / omega.norm())) * q).normalized();
}

void RigidBody::updateVelocity(Real dt) {
    if (invMass == 0) {
        v.setZero();
        omega.setZero();
        return;
    }
    v = (x - xPrev) / dt;
    // The rotation vector of q q_prev^-1 over dt (exact; line 12's 2 vec(dq)/dt to first order).
    Quat dq = q * qPrev.conjugate();
    if (dq.w() < 0) dq.coeffs() = -dq.coeffs();
    const Real s = dq.vec().norm();
    omega = s > 1e-300 ? Vec3(dq.vec() * (2 * std::atan2(s, dq.w()) / (s * dt))) : Vec3::Zero();
}

Collider RigidBody::makeCollider() const {
    Collider c;
    switch (shape) {
        case RigidShape::Box:
            c = Collider::box(x, halfExtents);
            break;
        case RigidShape::Sphere:
            c = Collider::sphere(x, radius);
            break;
        case RigidShape::Capsule:
            c = Collider::capsule(x, radius, halfHeight);
            break;
    }
    poseCollider(c);
    return c;
}

void RigidBody::poseCollider(Collider& c) const {
    c.center = x;
    c.rotation = rotation();
    c.velocity = v;
    c.angularVelocity = omega;
}

Real boundingRadius(const RigidBody& b) {
    switch (b.shape) {
        case RigidShape::Box:
            return b.halfExtents.norm();
        case RigidShape::Sphere:
            return b.radius;
        case RigidShape::Capsule:
            return b.halfHeight + b.radius;
    }
    return 0;
}

}  // namespace sim
