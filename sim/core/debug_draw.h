#pragma once
// How debug geometry leaves sim/ without sim/ knowing about OpenGL (Box2D b2DebugDraw,
// Jolt DebugRenderer): a solver or stage calls these; the renderer implements them.
#include "sim/core/types.h"

namespace sim {

struct DebugColor {
    float r = 1, g = 1, b = 1;
};

class DebugDraw {
public:
    virtual ~DebugDraw() = default;
    virtual void line(const Vec3& a, const Vec3& b, DebugColor color) = 0;
    virtual void point(const Vec3& p, float sizePixels, DebugColor color) = 0;
};

}  // namespace sim
