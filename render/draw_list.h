#pragma once
// The renderer's implementation of sim::DebugDraw: it records what the world's draw pass
// (sim/world/world_draw.h), a solver or the app describes, as plain data with no GL, so it
// can be filled on the simulation thread and drawn by the window's. Each call lands in the
// current layer; the renderer draws the layers a mask selects (e.g. colliders hidden).
// Solids are reduced to four unit shapes with a model matrix: sphere, box, open cylinder
// (capsules are a cylinder and two spheres) and shared triangle meshes.
#include <glm/glm.hpp>
#include <memory>
#include <optional>
#include <vector>

#include "sim/core/debug_draw.h"

namespace render {

// x, y, z, r, g, b, size per vertex (size is the point size; lines ignore it).
inline constexpr int kOverlayFloats = 7;

enum class DrawLayer { Colliders, World, Pins, Ui, Count };  // drawn in this order
inline constexpr unsigned layerBit(DrawLayer l) {
    return 1u << static_cast<unsigned>(l);
}
inline constexpr unsigned kAllLayers = (1u << static_cast<unsigned>(DrawLayer::Count)) - 1;

struct Solid {
    enum class Shape { Sphere, Box, Cylinder, Mesh };
    Shape shape = Shape::Sphere;
    glm::mat4 model{1.0f};  // unit shape -> world
    glm::vec3 color{1.0f};
    std::shared_ptr<const sim::TriangleMesh> mesh;  // Shape::Mesh
    float alpha = 1.0f;  // below 1: see-through everywhere (sim::DebugColor::a)
};

struct DrawLayerData {
    std::vector<float> lines, points;
    std::vector<Solid> solids;
    void clear() {
        lines.clear();
        points.clear();
        solids.clear();
    }
};

class DrawList : public sim::DebugDraw {
  public:
    void setLayer(DrawLayer layer) { layer_ = static_cast<int>(layer); }
    void clear();

    void line(const sim::Vec3& a, const sim::Vec3& b, sim::DebugColor color) override;
    void point(const sim::Vec3& p, float sizePixels, sim::DebugColor color) override;
    void solidSphere(const sim::Vec3& center, sim::Real radius, sim::DebugColor color) override;
    void solidBox(const sim::Pose& pose, const sim::Vec3& halfExtents,
                  sim::DebugColor color) override;
    void solidCapsule(const sim::Pose& pose, sim::Real radius, sim::Real halfHeight,
                      sim::DebugColor color) override;
    void solidMesh(const sim::Pose& pose, const std::shared_ptr<const sim::TriangleMesh>& mesh,
                   sim::DebugColor color) override;
    void ground(const sim::Vec3& point) override;

    const DrawLayerData& layer(DrawLayer l) const { return layers_[static_cast<int>(l)]; }
    // The height of the ground plane, if the world has one.
    const std::optional<float>& groundY() const { return groundY_; }

  private:
    DrawLayerData& current() { return layers_[layer_]; }
    DrawLayerData layers_[static_cast<int>(DrawLayer::Count)];
    int layer_ = static_cast<int>(DrawLayer::World);
    std::optional<float> groundY_;
};

}  // namespace render
