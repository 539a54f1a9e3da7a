#include "render/overlay.h"

namespace render {

namespace {
void push(std::vector<float>& out, const sim::Vec3& p, sim::DebugColor c, float size) {
    out.insert(out.end(), {static_cast<float>(p.x()), static_cast<float>(p.y()),
                           static_cast<float>(p.z()), c.r, c.g, c.b, size});
}
}  // namespace

void Overlay::line(const sim::Vec3& a, const sim::Vec3& b, sim::DebugColor color) {
    push(lines_, a, color, 1.0f);
    push(lines_, b, color, 1.0f);
}

void Overlay::point(const sim::Vec3& p, float sizePixels, sim::DebugColor color) {
    push(points_, p, color, sizePixels);
}

}  // namespace render
