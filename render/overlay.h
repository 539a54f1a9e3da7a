#pragma once
// Overlay geometry gathered on the CPU each frame: the renderer's implementation of
// sim::DebugDraw (solver overlays through Solver::debugDraw) plus the app's own marks
// (pinned particles, the grabbed particle). Drawn by Renderer as GL lines and points.
#include <vector>

#include "sim/core/debug_draw.h"

namespace render {

// x, y, z, r, g, b, size per vertex (size is the point size; lines ignore it).
inline constexpr int kOverlayFloats = 7;

class Overlay : public sim::DebugDraw {
public:
    void line(const sim::Vec3& a, const sim::Vec3& b, sim::DebugColor color) override;
    void point(const sim::Vec3& p, float sizePixels, sim::DebugColor color) override;
    void clear() {
        lines_.clear();
        points_.clear();
    }
    const std::vector<float>& lines() const { return lines_; }
    const std::vector<float>& points() const { return points_; }

private:
    std::vector<float> lines_;
    std::vector<float> points_;
};

}  // namespace render
