#pragma once
// Data-driven kinematic motion of a collider (scene files, collider dragging): the pose as a
// function of time from a start pose, instead of a scene's std::function script, so that it
// can be written to and read from a file. Applied in the kinematics stage of every substep
// with the time at the substep's end (the convention the scene scripts use), velocities
// included, so contacts see the motion (Collider::relativeStart).
#include "sim/core/types.h"

namespace sim {

struct Collider;

struct ColliderMotion {
    enum class Type { Static, Linear, Rotation };
    Type type = Type::Static;
    Vec3 velocity = Vec3::Zero();     // Linear [m/s]
    Vec3 axis = Vec3::UnitY();        // Rotation: unit axis through `pivot`
    Real speed = 0;                   // Rotation [rad/s], right-handed about `axis`
    Vec3 pivot = Vec3::Zero();        // Rotation [m]
    Vec3 startCenter = Vec3::Zero();  // the collider's pose at time 0
    Mat3 startRotation = Mat3::Identity();

    static ColliderMotion still() { return {}; }
    static ColliderMotion linear(const Collider& at, const Vec3& velocity);
    static ColliderMotion rotation(const Collider& at, const Vec3& axis, Real speed,
                                   const Vec3& pivot);
};

const char* motionTypeName(ColliderMotion::Type type);

// Sets the collider's pose and velocities to its motion at time t; a static collider is left
// alone (it keeps whatever pose a script or a drag gave it).
void applyMotion(Collider& collider, Real t);

// Shifts a moving collider's motion by `displacement` (after a drag moved it), so the motion
// carries on from where the collider was put.
void shiftMotion(Collider& collider, const Vec3& displacement);

}  // namespace sim
