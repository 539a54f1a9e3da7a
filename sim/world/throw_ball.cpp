#include "sim/world/throw_ball.h"

#include <cmath>

#include "sim/world/world.h"

namespace sim {

std::string throwBall(World& world, const Vec3& from, const Vec3& direction) {
    const Real length = direction.norm();
    if (!std::isfinite(length) || length < 1e-9 || !from.allFinite())
        return "throw: no direction to throw in";
    int thrown = 0;
    for (const RigidBody& b : world.rigid.bodies) thrown += b.thrown;
    if (thrown >= kMaxThrownBalls)
        return "throw: the scene holds " + std::to_string(kMaxThrownBalls) +
               " thrown balls at most (R resets it)";
    RigidBody ball = RigidBody::sphere(from, kThrownRadius, kThrownDensity);
    ball.v = direction / length * kThrownSpeed;
    ball.thrown = true;
    world.rigid.add(ball, world.colliders);
    return {};
}

}  // namespace sim
