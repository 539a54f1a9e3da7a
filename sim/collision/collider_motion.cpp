#include "sim/collision/collider_motion.h"

#include "sim/collision/collider.h"

namespace sim {

ColliderMotion ColliderMotion::linear(const Collider& at, const Vec3& velocity) {
    ColliderMotion m;
    m.type = Type::Linear;
    m.velocity = velocity;
    m.startCenter = at.center;
    m.startRotation = at.rotation;
    return m;
}

ColliderMotion ColliderMotion::rotation(const Collider& at, const Vec3& axis, Real speed,
                                        const Vec3& pivot) {
    ColliderMotion m;
    m.type = Type::Rotation;
    m.axis = axis.normalized();
    m.speed = speed;
    m.pivot = pivot;
    m.startCenter = at.center;
    m.startRotation = at.rotation;
    return m;
}

const char* motionTypeName(ColliderMotion::Type type) {
    switch (type) {
        case ColliderMotion::Type::Static:
            return "static";
        case ColliderMotion::Type::Linear:
            return "linear";
        case ColliderMotion::Type::Rotation:
            return "rotation";
    }
    return "?";
}

void applyMotion(Collider& c, Real t) {
    const ColliderMotion& m = c.motion;
    switch (m.type) {
        case ColliderMotion::Type::Static:
            return;
        case ColliderMotion::Type::Linear:
            c.center = m.startCenter + t * m.velocity;
            c.rotation = m.startRotation;
            c.velocity = m.velocity;
            c.angularVelocity.setZero();
            return;
        case ColliderMotion::Type::Rotation: {
            const Mat3 R = Eigen::AngleAxisd(m.speed * t, m.axis).toRotationMatrix();
            c.center = m.pivot + R * (m.startCenter - m.pivot);
            c.rotation = R * m.startRotation;
            c.angularVelocity = m.speed * m.axis;
            c.velocity = c.angularVelocity.cross(c.center - m.pivot);
            return;
        }
    }
}

void shiftMotion(Collider& c, const Vec3& displacement) {
    c.motion.startCenter += displacement;
    c.motion.pivot += displacement;
}

}  // namespace sim
