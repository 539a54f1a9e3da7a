#include "render/draw_list.h"

#include <algorithm>

namespace render {

namespace {

void push(std::vector<float>& out, const sim::Vec3& p, sim::DebugColor c, float size) {
    out.insert(out.end(), {static_cast<float>(p.x()), static_cast<float>(p.y()),
                           static_cast<float>(p.z()), c.r, c.g, c.b, size});
}

glm::vec3 vec(const sim::Vec3& v) {
    return {float(v.x()), float(v.y()), float(v.z())};
}

// The pose as a model matrix, scaled by `scale` along the local axes.
glm::mat4 model(const sim::Pose& pose, const glm::vec3& scale) {
    glm::mat4 m(1.0f);
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r) m[c][r] = static_cast<float>(pose.rotation(r, c)) * scale[c];
    m[3] = glm::vec4(vec(pose.position), 1.0f);
    return m;
}

}  // namespace

void DrawList::clear() {
    for (DrawLayerData& l : layers_) l.clear();
    groundY_.reset();
    layer_ = static_cast<int>(DrawLayer::World);
}

void DrawList::line(const sim::Vec3& a, const sim::Vec3& b, sim::DebugColor color) {
    push(current().lines, a, color, 1.0f);
    push(current().lines, b, color, 1.0f);
}

void DrawList::point(const sim::Vec3& p, float sizePixels, sim::DebugColor color) {
    push(current().points, p, color, sizePixels);
}

void DrawList::solidSphere(const sim::Vec3& center, sim::Real radius, sim::DebugColor c) {
    const float r = static_cast<float>(radius);
    current().solids.push_back({Solid::Shape::Sphere,
                                model({center, sim::Mat3::Identity()}, glm::vec3(r)),
                                {c.r, c.g, c.b},
                                nullptr,
                                c.a});
}

void DrawList::solidBox(const sim::Pose& pose, const sim::Vec3& h, sim::DebugColor c) {
    current().solids.push_back(
        {Solid::Shape::Box, model(pose, vec(h)), {c.r, c.g, c.b}, nullptr, c.a});
}

void DrawList::solidCapsule(const sim::Pose& pose, sim::Real radius, sim::Real halfHeight,
                            sim::DebugColor c) {
    const float r = static_cast<float>(radius), h = static_cast<float>(halfHeight);
    current().solids.push_back(
        {Solid::Shape::Cylinder, model(pose, {r, h, r}), {c.r, c.g, c.b}, nullptr, c.a});
    const sim::Vec3 axis = pose.rotation.col(1) * halfHeight;
    solidSphere(pose.position + axis, radius, c);
    solidSphere(pose.position - axis, radius, c);
}

void DrawList::solidMesh(const sim::Pose& pose,
                         const std::shared_ptr<const sim::TriangleMesh>& mesh, sim::DebugColor c) {
    if (!mesh) return;
    current().solids.push_back(
        {Solid::Shape::Mesh, model(pose, glm::vec3(1.0f)), {c.r, c.g, c.b}, mesh, c.a});
}

void DrawList::ground(const sim::Vec3& point) {
    const float y = static_cast<float>(point.y());
    groundY_ = groundY_ ? std::min(*groundY_, y) : y;
}

}  // namespace render
