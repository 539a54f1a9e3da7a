#include "render/renderer.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "render/unit_shapes.h"

namespace render {

namespace {

const glm::vec3 kLightDir = glm::normalize(glm::vec3(0.55f, 0.9f, 0.65f));
constexpr float kGroundHalfSize = 30.0f;
// Opacity of a solid where it stands in front of a surface: enough to see it, enough to
// see the cloth or soft body behind it.
constexpr float kSeeThroughAlpha = 0.3f;

// A vertex attribute of `count` floats at float offset `offset` in a stride of `stride`.
void attribute(GLuint index, int count, int stride, int offset) {
    glEnableVertexAttribArray(index);
    glVertexAttribPointer(index, count, GL_FLOAT, GL_FALSE, stride * sizeof(float),
                          reinterpret_cast<void*>(static_cast<uintptr_t>(offset * sizeof(float))));
}

void deleteMesh(GLuint& vao, GLuint& vbo, GLuint& ibo) {
    glDeleteVertexArrays(1, &vao);
    glDeleteBuffers(1, &vbo);
    glDeleteBuffers(1, &ibo);
    vao = vbo = ibo = 0;
}

// The stencil's bits: a surface covers the pixel; a shadow already darkens it.
constexpr GLuint kSurfaceBit = 0x1, kShadowBit = 0x2;

}  // namespace

void clearTo(const float sky[3]) {
    glClearColor(sky[0], sky[1], sky[2], 1.0f);
    glClearDepth(1.0);
    glClearStencil(0);
    glStencilMask(0xff);
    glDepthMask(GL_TRUE);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

void heatColor(float t, float rgb[3]) {
    t = std::clamp(t, 0.0f, 1.0f);
    const glm::vec3 cold(0.15f, 0.35f, 0.95f), mid(0.15f, 0.85f, 0.35f), hot(0.95f, 0.2f, 0.1f);
    const glm::vec3 c =
        t < 0.5f ? glm::mix(cold, mid, t * 2.0f) : glm::mix(mid, hot, t * 2.0f - 1.0f);
    rgb[0] = c.r, rgb[1] = c.g, rgb[2] = c.b;
}

Renderer::Renderer() = default;

Renderer::~Renderer() {
    for (Mesh* m : {&surface_, &sphere_, &box_, &cylinder_}) deleteMesh(m->vao, m->vbo, m->ibo);
    for (CachedMesh& c : meshes_) deleteMesh(c.gpu.vao, c.gpu.vbo, c.gpu.ibo);
    glDeleteVertexArrays(1, &groundVao_);
    glDeleteBuffers(1, &groundVbo_);
    glDeleteVertexArrays(1, &overlayVao_);
    glDeleteBuffers(1, &overlayVbo_);
}

void Renderer::upload(Mesh& m, const std::vector<float>& vertices,
                      const std::vector<uint32_t>& indices) {
    if (!m.vao) {
        glGenVertexArrays(1, &m.vao);
        glGenBuffers(1, &m.vbo);
        glGenBuffers(1, &m.ibo);
        glBindVertexArray(m.vao);
        glBindBuffer(GL_ARRAY_BUFFER, m.vbo);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m.ibo);
        attribute(0, 3, kSurfaceFloats, 0);
        attribute(1, 3, kSurfaceFloats, 3);
        attribute(2, 1, kSurfaceFloats, 6);
    }
    glBindVertexArray(m.vao);
    glBindBuffer(GL_ARRAY_BUFFER, m.vbo);
    glBufferData(GL_ARRAY_BUFFER, vertices.size() * sizeof(float), vertices.data(), GL_STATIC_DRAW);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, indices.size() * sizeof(uint32_t), indices.data(),
                 GL_STATIC_DRAW);
    m.indexCount = static_cast<GLsizei>(indices.size());
}

std::string Renderer::init(const std::string& dir) {
    for (auto [program, name] :
         {std::pair{&surfaceShader_, "surface"}, std::pair{&groundShader_, "ground"},
          std::pair{&lineShader_, "line"}})
        if (std::string error = program->load(dir, name); !error.empty()) return error;
    upload(surface_, {}, {});
    for (auto [mesh, shape] : {std::pair{&sphere_, unitSphere()}, std::pair{&box_, unitBox()},
                               std::pair{&cylinder_, unitCylinder()}})
        upload(*mesh, shape.vertices, shape.indices);

    glGenVertexArrays(1, &groundVao_);
    glGenBuffers(1, &groundVbo_);
    glBindVertexArray(groundVao_);
    glBindBuffer(GL_ARRAY_BUFFER, groundVbo_);
    attribute(0, 3, 3, 0);

    glGenVertexArrays(1, &overlayVao_);
    glGenBuffers(1, &overlayVbo_);
    glBindVertexArray(overlayVao_);
    glBindBuffer(GL_ARRAY_BUFFER, overlayVbo_);
    attribute(0, 3, kOverlayFloats, 0);
    attribute(1, 4, kOverlayFloats, 3);
    glBindVertexArray(0);
    return {};
}

void Renderer::uploadSurface(const SurfaceView& view) {
    buildSurfaceVertices(view, vertices_, scratch_);
    glBindVertexArray(surface_.vao);
    glBindBuffer(GL_ARRAY_BUFFER, surface_.vbo);
    glBufferData(GL_ARRAY_BUFFER, vertices_.size() * sizeof(float), vertices_.data(),
                 GL_STREAM_DRAW);
    // The list's address too: compare panes draw different worlds whose versions may agree.
    if (view.topologyVersion != uploadedTopology_ || view.triangles.size() != uploadedTriangles_ ||
        view.triangles.data() != uploadedTriangleData_) {
        indices_.clear();
        for (const auto& t : view.triangles)
            for (int i : t) indices_.push_back(static_cast<uint32_t>(i));
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, indices_.size() * sizeof(uint32_t), indices_.data(),
                     GL_STATIC_DRAW);
        surface_.indexCount = static_cast<GLsizei>(indices_.size());
        uploadedTopology_ = view.topologyVersion;
        uploadedTriangles_ = view.triangles.size();
        uploadedTriangleData_ = view.triangles.data();
    }
}

const Renderer::Mesh& Renderer::meshFor(const Solid& solid) {
    switch (solid.shape) {
        case Solid::Shape::Sphere:
            return sphere_;
        case Solid::Shape::Box:
            return box_;
        case Solid::Shape::Cylinder:
            return cylinder_;
        case Solid::Shape::Mesh:
            break;
    }
    // Meshes stay uploaded while someone holds them; an expired one frees its buffers.
    for (auto it = meshes_.begin(); it != meshes_.end();) {
        if (it->source.expired()) {
            deleteMesh(it->gpu.vao, it->gpu.vbo, it->gpu.ibo);
            it = meshes_.erase(it);
        } else if (it->source.lock() == solid.mesh) {
            return it->gpu;
        } else {
            ++it;
        }
    }
    meshes_.push_back({solid.mesh, {}});
    const ShapeGeometry g = meshGeometry(*solid.mesh);
    upload(meshes_.back().gpu, g.vertices, g.indices);
    return meshes_.back().gpu;
}

unsigned Renderer::layerMask() const {
    unsigned mask = kAllLayers;
    if (!options_.showColliders) mask &= ~layerBit(DrawLayer::Colliders);
    if (!options_.showPins) mask &= ~layerBit(DrawLayer::Pins);
    return mask;
}

void Renderer::drawSurfaces(const glm::mat4& viewProj, bool shadowPass) {
    surfaceShader_.use();
    glUniformMatrix4fv(surfaceShader_.uniform("uViewProj"), 1, GL_FALSE, glm::value_ptr(viewProj));
    glUniform1i(surfaceShader_.uniform("uShadowPass"), shadowPass ? 1 : 0);
    glUniformMatrix4fv(surfaceShader_.uniform("uModel"), 1, GL_FALSE,
                       glm::value_ptr(glm::mat4(1.0f)));
    glUniform3fv(surfaceShader_.uniform("uFrontColor"), 1, options_.frontColor);
    glUniform3fv(surfaceShader_.uniform("uBackColor"), 1, options_.backColor);
    glUniform1i(surfaceShader_.uniform("uHeatmap"), options_.heatmap ? 1 : 0);
    glUniform1f(surfaceShader_.uniform("uAlpha"), 1.0f);
    if (options_.wireframe && !shadowPass) glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    glBindVertexArray(surface_.vao);
    glDrawElements(GL_TRIANGLES, surface_.indexCount, GL_UNSIGNED_INT, nullptr);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
}

void Renderer::drawSolids(const std::vector<const DrawList*>& lists, float alpha, SolidPass pass) {
    surfaceShader_.use();
    const GLint model = surfaceShader_.uniform("uModel");
    const GLint front = surfaceShader_.uniform("uFrontColor"),
                back = surfaceShader_.uniform("uBackColor");
    const GLint opacity = surfaceShader_.uniform("uAlpha");
    glUniform1i(surfaceShader_.uniform("uHeatmap"), 0);
    const unsigned mask = layerMask();
    for (const DrawList* list : lists)
        for (int l = 0; l < static_cast<int>(DrawLayer::Count); ++l) {
            if (!(mask & (1u << l))) continue;
            for (const Solid& s : list->layer(static_cast<DrawLayer>(l)).solids) {
                const bool glass = s.alpha < 1.0f;
                if ((pass == SolidPass::Opaque && glass) || (pass == SolidPass::Glass && !glass))
                    continue;
                glUniform1f(opacity, std::min(alpha, s.alpha));
                const Mesh& mesh = meshFor(s);
                glUniformMatrix4fv(model, 1, GL_FALSE, glm::value_ptr(s.model));
                glUniform3fv(front, 1, glm::value_ptr(s.color));
                glUniform3fv(back, 1, glm::value_ptr(s.color));
                glBindVertexArray(mesh.vao);
                glDrawElements(GL_TRIANGLES, mesh.indexCount, GL_UNSIGNED_INT, nullptr);
            }
        }
}

void Renderer::drawGround(float y, const glm::mat4& viewProj) {
    const float s = kGroundHalfSize;
    const float quad[] = {-s, y, -s, s, y, -s, s, y, s, -s, y, -s, s, y, s, -s, y, s};
    groundShader_.use();
    glUniformMatrix4fv(groundShader_.uniform("uViewProj"), 1, GL_FALSE, glm::value_ptr(viewProj));
    glUniform3fv(groundShader_.uniform("uSkyColor"), 1, options_.skyColor);
    glBindVertexArray(groundVao_);
    glBindBuffer(GL_ARRAY_BUFFER, groundVbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STREAM_DRAW);
    glDrawArrays(GL_TRIANGLES, 0, 6);
}

void Renderer::drawShadows(const std::vector<const DrawList*>& lists, const glm::mat4& viewProj) {
    // Planar shadows: each ground pixel is darkened once (its shadow bit in the stencil), however
    // many triangles project onto it. The bit is left set: the later passes test only the
    // surface bit, and clearing part of a framebuffer is a slow path in software GL.
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glEnable(GL_STENCIL_TEST);
    glStencilMask(kShadowBit);
    glStencilFunc(GL_EQUAL, 0, kShadowBit);
    glStencilOp(GL_KEEP, GL_KEEP, GL_INVERT);
    glDepthMask(GL_FALSE);
    drawSurfaces(viewProj, true);
    drawSolids(lists, 1.0f, SolidPass::Opaque);  // uShadowPass is still 1; glass casts none
    glDepthMask(GL_TRUE);
    glStencilMask(0xff);
    glDisable(GL_STENCIL_TEST);
    glDisable(GL_BLEND);
}

void Renderer::drawLines(const std::vector<float>& v, GLenum mode, const glm::mat4& viewProj) {
    if (v.empty()) return;
    lineShader_.use();
    glUniformMatrix4fv(lineShader_.uniform("uViewProj"), 1, GL_FALSE, glm::value_ptr(viewProj));
    glUniform1i(lineShader_.uniform("uRoundPoints"), mode == GL_POINTS ? 1 : 0);
    glBindVertexArray(overlayVao_);
    glBindBuffer(GL_ARRAY_BUFFER, overlayVbo_);
    glBufferData(GL_ARRAY_BUFFER, v.size() * sizeof(float), v.data(), GL_STREAM_DRAW);
    glDrawArrays(mode, 0, static_cast<GLsizei>(v.size() / kOverlayFloats));
}

void Renderer::draw(const SurfaceView& surface, const DrawList& world, const DrawList& ui,
                    const OrbitCamera& camera, const Viewport& viewport,
                    const RenderOptions& options) {
    options_ = options;
    const std::vector<const DrawList*> lists{&world, &ui};
    const std::optional<float> ground = world.groundY();
    groundY_ = ground.value_or(0.0f);

    glViewport(viewport.x, viewport.y, viewport.width, viewport.height);
    glEnable(GL_SCISSOR_TEST);  // the clear and every pass stay inside the viewport
    glScissor(viewport.x, viewport.y, viewport.width, viewport.height);
    if (viewport.clear) clearTo(options.skyColor);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glDisable(GL_CULL_FACE);
    glEnable(GL_MULTISAMPLE);
    glEnable(GL_PROGRAM_POINT_SIZE);

    const glm::mat4 viewProj =
        camera.projection(static_cast<double>(viewport.width) / std::max(viewport.height, 1)) *
        camera.view();
    const glm::vec3 eye(camera.eye());
    uploadSurface(surface);
    for (ShaderProgram* s : {&surfaceShader_, &groundShader_}) {
        s->use();
        glUniform3fv(s->uniform("uEye"), 1, glm::value_ptr(eye));
    }
    surfaceShader_.use();
    glUniform3fv(surfaceShader_.uniform("uLightDir"), 1, glm::value_ptr(kLightDir));
    glUniform1f(surfaceShader_.uniform("uGroundY"), groundY_);
    glUniform1f(surfaceShader_.uniform("uHeatmapMax"), options.heatmapMax);
    glUniform4f(surfaceShader_.uniform("uShadowColor"), 0.0f, 0.0f, 0.02f, 0.35f);

    if (ground) {
        drawGround(*ground, viewProj);
        if (options.shadows) drawShadows(lists, viewProj);
    }
    // Surfaces mark their pixels in the stencil; solids are opaque elsewhere and
    // see-through where they stand in front of a surface (behind one, the depth test hides them).
    glEnable(GL_STENCIL_TEST);
    glStencilMask(kSurfaceBit);
    glStencilFunc(GL_ALWAYS, GLint(kSurfaceBit), kSurfaceBit);
    glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
    drawSurfaces(viewProj, false);
    glStencilMask(0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    glStencilFunc(GL_EQUAL, 0, kSurfaceBit);
    drawSolids(lists, 1.0f, SolidPass::Opaque);
    glStencilFunc(GL_EQUAL, GLint(kSurfaceBit), kSurfaceBit);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(GL_FALSE);
    drawSolids(lists, kSeeThroughAlpha, SolidPass::All);
    // Glass solids (sim::Collider::seeThrough) where no surface is behind them either.
    glStencilFunc(GL_EQUAL, 0, kSurfaceBit);
    drawSolids(lists, 1.0f, SolidPass::Glass);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
    glDisable(GL_STENCIL_TEST);

    // Lines and points on top of the surfaces they mark.
    glDisable(GL_DEPTH_TEST);
    const unsigned mask = layerMask();
    for (const DrawList* list : lists)
        for (int l = 0; l < static_cast<int>(DrawLayer::Count); ++l) {
            if (!(mask & (1u << l))) continue;
            const DrawLayerData& layer = list->layer(static_cast<DrawLayer>(l));
            drawLines(layer.lines, GL_LINES, viewProj);
            drawLines(layer.points, GL_POINTS, viewProj);
        }
    glEnable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glBindVertexArray(0);
}

}  // namespace render
