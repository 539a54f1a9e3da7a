#pragma once
// How debug geometry leaves sim/ without sim/ knowing about OpenGL (Box2D b2DebugDraw,
// Jolt DebugRenderer): the world's draw pass (world_draw.h) and the solvers call these; the
// renderer implements them. Solids carry their current pose, so a moving collider is drawn
// where it is. Only line and point are required; a drawer that ignores solids keeps the
// defaults.
#include <array>
#include <memory>

#include "sim/core/types.h"

namespace sim {

struct TriangleMesh;

struct DebugColor {
    float r = 1, g = 1, b = 1;
    float a = 1;  // a solid's opacity (below 1: drawn see-through everywhere); lines ignore it
};

// Where a solid is: its local origin and local -> world rotation.
struct Pose {
    Vec3 position = Vec3::Zero();
    Mat3 rotation = Mat3::Identity();
};

class DebugDraw {
  public:
    virtual ~DebugDraw() = default;
    virtual void line(const Vec3& a, const Vec3& b, DebugColor color) = 0;
    virtual void point(const Vec3& p, float sizePixels, DebugColor color) = 0;
    // Solids, shaded like surfaces.
    virtual void solidSphere(const Vec3& /*center*/, Real /*radius*/, DebugColor /*color*/) {}
    // A box spanning +-halfExtents in its local frame.
    virtual void solidBox(const Pose& /*pose*/, const Vec3& /*halfExtents*/, DebugColor /*color*/) {
    }
    // A capsule: the segment +-halfHeight along local y, swept by a sphere of `radius`.
    virtual void solidCapsule(const Pose& /*pose*/, Real /*radius*/, Real /*halfHeight*/,
                              DebugColor /*color*/) {}
    // A triangle mesh given in local coordinates; shared so a drawer may keep it uploaded.
    virtual void solidMesh(const Pose& /*pose*/,
                           const std::shared_ptr<const TriangleMesh>& /*mesh*/,
                           DebugColor /*color*/) {}
    // An unbounded plane facing up (+y) at `point`: the ground the scene stands on.
    virtual void ground(const Vec3& /*point*/) {}
};

}  // namespace sim
