#include "render/renderer.h"

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "render/surface_mesh.h"
#include "sim/core/world.h"

namespace render {

namespace {

const glm::vec3 kLightDir = glm::normalize(glm::vec3(0.55f, 0.9f, 0.65f));
constexpr float kGroundHalfSize = 30.0f;

// A vertex attribute of `count` floats at float offset `offset` in a stride of `stride`.
void attribute(GLuint index, int count, int stride, int offset) {
    glEnableVertexAttribArray(index);
    glVertexAttribPointer(index, count, GL_FLOAT, GL_FALSE, stride * sizeof(float),
                          reinterpret_cast<void*>(static_cast<uintptr_t>(offset * sizeof(float))));
}

}  // namespace

Renderer::Renderer() = default;

Renderer::~Renderer() {
    for (Mesh* m : {&surface_, &sphere_}) {
        glDeleteVertexArrays(1, &m->vao);
        glDeleteBuffers(1, &m->vbo);
        glDeleteBuffers(1, &m->ibo);
    }
    glDeleteVertexArrays(1, &groundVao_);
    glDeleteBuffers(1, &groundVbo_);
    glDeleteVertexArrays(1, &overlayVao_);
    glDeleteBuffers(1, &overlayVbo_);
}

std::string Renderer::init(const std::string& dir) {
    for (auto [program, name] : {std::pair{&surfaceShader_, "surface"},
                                 std::pair{&groundShader_, "ground"}, std::pair{&lineShader_, "line"}})
        if (std::string error = program->load(dir, name); !error.empty()) return error;

    glGenVertexArrays(1, &surface_.vao);
    glGenBuffers(1, &surface_.vbo);
    glGenBuffers(1, &surface_.ibo);
    glBindVertexArray(surface_.vao);
    glBindBuffer(GL_ARRAY_BUFFER, surface_.vbo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, surface_.ibo);
    attribute(0, 3, kSurfaceFloats, 0);
    attribute(1, 3, kSurfaceFloats, 3);
    attribute(2, 1, kSurfaceFloats, 6);

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

    createSphere();
    glBindVertexArray(0);
    return {};
}

void Renderer::createSphere() {
    // Unit UV sphere: positions double as normals (attribute 1), strain 0.
    constexpr int kRings = 24, kSegments = 48;
    std::vector<float> v;
    std::vector<uint32_t> idx;
    for (int r = 0; r <= kRings; ++r) {
        const double theta = M_PI * r / kRings;
        for (int s = 0; s <= kSegments; ++s) {
            const double phi = 2 * M_PI * s / kSegments;
            const float px = static_cast<float>(std::sin(theta) * std::cos(phi));
            const float py = static_cast<float>(std::cos(theta));
            const float pz = static_cast<float>(std::sin(theta) * std::sin(phi));
            v.insert(v.end(), {px, py, pz, px, py, pz, 0.0f});
        }
    }
    for (int r = 0; r < kRings; ++r)
        for (int s = 0; s < kSegments; ++s) {
            const uint32_t a = r * (kSegments + 1) + s, b = a + kSegments + 1;
            idx.insert(idx.end(), {a, a + 1, b, a + 1, b + 1, b});
        }
    glGenVertexArrays(1, &sphere_.vao);
    glGenBuffers(1, &sphere_.vbo);
    glGenBuffers(1, &sphere_.ibo);
    glBindVertexArray(sphere_.vao);
    glBindBuffer(GL_ARRAY_BUFFER, sphere_.vbo);
    glBufferData(GL_ARRAY_BUFFER, v.size() * sizeof(float), v.data(), GL_STATIC_DRAW);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, sphere_.ibo);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, idx.size() * sizeof(uint32_t), idx.data(), GL_STATIC_DRAW);
    attribute(0, 3, kSurfaceFloats, 0);
    attribute(1, 3, kSurfaceFloats, 3);
    attribute(2, 1, kSurfaceFloats, 6);
    sphere_.indexCount = static_cast<GLsizei>(idx.size());
}

void Renderer::uploadSurface(const sim::World& world) {
    buildSurfaceVertices(world, vertices_, scratch_);
    glBindVertexArray(surface_.vao);
    glBindBuffer(GL_ARRAY_BUFFER, surface_.vbo);
    glBufferData(GL_ARRAY_BUFFER, vertices_.size() * sizeof(float), vertices_.data(), GL_STREAM_DRAW);
    if (world.topologyVersion() != uploadedTopology_ || world.triangles.size() != uploadedTriangles_) {
        indices_.clear();
        for (const sim::Triangle& t : world.triangles)
            for (int i : t) indices_.push_back(static_cast<uint32_t>(i));
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, indices_.size() * sizeof(uint32_t), indices_.data(),
                     GL_STATIC_DRAW);
        surface_.indexCount = static_cast<GLsizei>(indices_.size());
        uploadedTopology_ = world.topologyVersion();
        uploadedTriangles_ = world.triangles.size();
    }
}

void Renderer::drawSurfaces(const sim::World& world, const glm::mat4& viewProj, bool shadowPass) {
    surfaceShader_.use();
    glUniformMatrix4fv(surfaceShader_.uniform("uViewProj"), 1, GL_FALSE, glm::value_ptr(viewProj));
    glUniform1i(surfaceShader_.uniform("uShadowPass"), shadowPass ? 1 : 0);
    const GLint model = surfaceShader_.uniform("uModel");
    const GLint front = surfaceShader_.uniform("uFrontColor");
    const GLint back = surfaceShader_.uniform("uBackColor");
    const GLint heatmap = surfaceShader_.uniform("uHeatmap");

    // The world's surfaces (cloth and soft-body boundaries).
    glUniformMatrix4fv(model, 1, GL_FALSE, glm::value_ptr(glm::mat4(1.0f)));
    glUniform3fv(front, 1, options_.frontColor);
    glUniform3fv(back, 1, options_.backColor);
    glUniform1i(heatmap, options_.heatmap ? 1 : 0);
    if (options_.wireframe && !shadowPass) glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    glBindVertexArray(surface_.vao);
    glDrawElements(GL_TRIANGLES, surface_.indexCount, GL_UNSIGNED_INT, nullptr);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);

    // Collider spheres.
    const float grey[3] = {0.62f, 0.63f, 0.60f};
    glUniform3fv(front, 1, grey);
    glUniform3fv(back, 1, grey);
    glUniform1i(heatmap, 0);
    glBindVertexArray(sphere_.vao);
    for (const sim::Collider& c : world.colliders) {
        if (c.shape != sim::ColliderShape::Sphere) continue;
        // Drawn a little inside the collision surface, so resting cloth does not clip it.
        const float r = static_cast<float>(c.radius) * 0.985f;
        glm::mat4 m = glm::translate(glm::mat4(1.0f), glm::vec3(c.center.x(), c.center.y(), c.center.z()));
        m = glm::scale(m, glm::vec3(r));
        glUniformMatrix4fv(model, 1, GL_FALSE, glm::value_ptr(m));
        glDrawElements(GL_TRIANGLES, sphere_.indexCount, GL_UNSIGNED_INT, nullptr);
    }
}

void Renderer::drawOverlay(const std::vector<float>& v, GLenum mode, const glm::mat4& viewProj) {
    if (v.empty()) return;
    lineShader_.use();
    glUniformMatrix4fv(lineShader_.uniform("uViewProj"), 1, GL_FALSE, glm::value_ptr(viewProj));
    glUniform1i(lineShader_.uniform("uRoundPoints"), mode == GL_POINTS ? 1 : 0);
    glBindVertexArray(overlayVao_);
    glBindBuffer(GL_ARRAY_BUFFER, overlayVbo_);
    glBufferData(GL_ARRAY_BUFFER, v.size() * sizeof(float), v.data(), GL_STREAM_DRAW);
    glDrawArrays(mode, 0, static_cast<GLsizei>(v.size() / kOverlayFloats));
}

void Renderer::draw(const sim::World& world, const OrbitCamera& camera, int width, int height,
                    const RenderOptions& options, const Overlay& overlay) {
    options_ = options;
    groundY_ = 0.0f;
    bool hasGround = false;
    for (const sim::Collider& c : world.colliders)
        if (c.shape == sim::ColliderShape::Plane && c.normal.y() > 0.99) {
            groundY_ = static_cast<float>(c.center.y());
            hasGround = true;
        }

    glViewport(0, 0, width, height);
    glClearColor(options.skyColor[0], options.skyColor[1], options.skyColor[2], 1.0f);
    glClearStencil(0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glDisable(GL_CULL_FACE);
    glEnable(GL_MULTISAMPLE);
    glEnable(GL_PROGRAM_POINT_SIZE);

    const glm::mat4 viewProj = camera.projection(static_cast<double>(width) / height) * camera.view();
    const glm::vec3 eye(camera.eye());
    uploadSurface(world);

    for (ShaderProgram* s : {&surfaceShader_, &groundShader_}) {
        s->use();
        glUniform3fv(s->uniform("uEye"), 1, glm::value_ptr(eye));
    }
    surfaceShader_.use();
    glUniform3fv(surfaceShader_.uniform("uLightDir"), 1, glm::value_ptr(kLightDir));
    glUniform1f(surfaceShader_.uniform("uGroundY"), groundY_);
    glUniform1f(surfaceShader_.uniform("uHeatmapMax"), options.heatmapMax);
    glUniform4f(surfaceShader_.uniform("uShadowColor"), 0.0f, 0.0f, 0.02f, 0.35f);

    if (hasGround) {
        const float g = groundY_, s = kGroundHalfSize;
        const float quad[] = {-s, g, -s, s, g, -s, s, g, s, -s, g, -s, s, g, s, -s, g, s};
        groundShader_.use();
        glUniformMatrix4fv(groundShader_.uniform("uViewProj"), 1, GL_FALSE, glm::value_ptr(viewProj));
        glUniform3fv(groundShader_.uniform("uSkyColor"), 1, options.skyColor);
        glBindVertexArray(groundVao_);
        glBindBuffer(GL_ARRAY_BUFFER, groundVbo_);
        glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STREAM_DRAW);
        glDrawArrays(GL_TRIANGLES, 0, 6);

        if (options.shadows) {
            // Planar shadows: each ground pixel is darkened once (stencil), however many
            // triangles project onto it.
            glEnable(GL_BLEND);
            glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
            glEnable(GL_STENCIL_TEST);
            glStencilFunc(GL_EQUAL, 0, 0xff);
            glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
            glDepthMask(GL_FALSE);
            drawSurfaces(world, viewProj, true);
            glDepthMask(GL_TRUE);
            glDisable(GL_STENCIL_TEST);
            glDisable(GL_BLEND);
        }
    }
    drawSurfaces(world, viewProj, false);

    // Overlay on top of the surfaces it marks.
    glDisable(GL_DEPTH_TEST);
    drawOverlay(overlay.lines(), GL_LINES, viewProj);
    drawOverlay(overlay.points(), GL_POINTS, viewProj);
    glEnable(GL_DEPTH_TEST);
    glBindVertexArray(0);
}

}  // namespace render
