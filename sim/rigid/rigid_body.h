#pragma once
// A rigid body stepped the position-based way (Müller et al. 2020, "Detailed rigid body
// simulation with extended position based dynamics", Alg. 2): its pose is predicted with
// the particles, contacts and attachments move it by positional corrections, and its
// velocities are derived from the pose change. A correction p (an impulse times dt) applied
// at the lever r = point - x moves it by
//     dx = p / m,   dq = 1/2 [I^-1 (r x p), 0] q                       (Müller 2020 eq. 6-9)
// and a constraint along the unit direction n sees its generalized inverse mass
//     w = 1/m + (r x n)^T I^-1 (r x n)                                  (Müller 2020 eq. 2-3)
// so a contact with a particle of inverse mass w_p splits C by w_p : w. Shapes (box,
// sphere, capsule) match the colliders that show them (Collider::box/sphere/capsule).
#include <Eigen/Geometry>

#include "sim/collision/collider.h"
#include "sim/core/types.h"

namespace sim {

using Quat = Eigen::Quaterniond;

enum class RigidShape { Box, Sphere, Capsule };

struct RigidBody {
    RigidShape shape = RigidShape::Box;
    Vec3 halfExtents = Vec3::Zero();  // box [m]
    Real radius = 0;                  // sphere, capsule [m]
    Real halfHeight = 0;              // capsule: half its axis, along local y [m]

    Real mass = 1;                   // [kg]
    Real invMass = 1;                // [1/kg]; 0 = immovable
    Vec3 invInertia = Vec3::Ones();  // diagonal of I^-1 in the body frame [1/(kg m^2)]

    Vec3 x = Vec3::Zero();      // centre of mass [m]
    Quat q = Quat::Identity();  // body -> world
    Vec3 v = Vec3::Zero();      // [m/s]
    Vec3 omega = Vec3::Zero();  // angular velocity, world frame [rad/s]
    Vec3 xPrev = Vec3::Zero();  // pose at the start of the substep
    Quat qPrev = Quat::Identity();

    int collider = -1;    // the World::colliders entry this body drives
    bool thrown = false;  // launched by the throw tool (sim/world/throw_ball.h)

    // Solid bodies of uniform density [kg/m^3].
    static RigidBody box(const Vec3& center, const Vec3& halfExtents, Real density);
    static RigidBody sphere(const Vec3& center, Real radius, Real density);
    static RigidBody capsule(const Vec3& center, Real radius, Real halfHeight, Real density);

    Mat3 rotation() const { return q.toRotationMatrix(); }
    // I^-1 u for a world-frame vector u: R diag(invInertia) R^T u.
    Vec3 invInertiaWorld(const Vec3& u) const;
    // w = 1/m + (r x n)^T I^-1 (r x n) for the lever r = point - x and unit direction n.
    Real inverseMass(const Vec3& r, const Vec3& n) const;
    Vec3 pointVelocity(const Vec3& point) const { return v + omega.cross(point - x); }
    Vec3 worldPoint(const Vec3& local) const { return x + q * local; }
    Vec3 localPoint(const Vec3& world) const { return q.conjugate() * (world - x); }
    // The point of the body at `local` where it was at the start of the substep.
    Vec3 previousPoint(const Vec3& local) const { return xPrev + qPrev * local; }

    // Positional correction p [kg m] at lever r (Müller 2020 eq. 6-9); q renormalized.
    void applyCorrection(const Vec3& p, const Vec3& r) { applyCorrectionMoment(p, r.cross(p)); }
    // The same for a sum of corrections: total P and total moment L = sum r x p.
    void applyCorrectionMoment(const Vec3& P, const Vec3& L);
    // Velocity impulse J [kg m/s] at lever r, and the summed form.
    void applyImpulse(const Vec3& J, const Vec3& r) { applyImpulseMoment(J, r.cross(J)); }
    void applyImpulseMoment(const Vec3& J, const Vec3& L);

    // Alg. 2 lines 3-7: x_prev = x, v += dt g, x += dt v; q_prev = q, omega += dt I^-1
    // (-omega x I omega) (gyroscopic), q turned by omega dt (exactly, not to first order).
    void predict(const Vec3& gravity, Real dt);
    // Alg. 2 lines 10-13: v = (x - x_prev)/dt, omega = the rotation vector of q q_prev^-1
    // over dt (shortest arc).
    void updateVelocity(Real dt);

    // The collider of this shape in the body's current pose, moving with its velocities.
    Collider makeCollider() const;
    void poseCollider(Collider& c) const;

    Vec3 linearMomentum() const { return mass * v; }
};

// Radius of a sphere about the centre of mass that holds the whole body.
Real boundingRadius(const RigidBody& b);

}  // namespace sim
