#pragma once
// Draws a sim::World with OpenGL 3.3 core: the ground grid, planar shadows of the surfaces
// and spheres, the double-sided lit surfaces (or their strain heat map, or a wireframe),
// collider spheres, and the overlay (pins, grab, solver debug geometry). The caller owns
// the window and the GL context; render ms are measured by the caller.
#include <epoxy/gl.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "render/camera.h"
#include "render/overlay.h"
#include "render/shader_program.h"
#include "render/surface_mesh.h"

namespace sim {
class World;
}

namespace render {

struct RenderOptions {
    bool wireframe = false;
    bool heatmap = false;       // colour surfaces by strain
    float heatmapMax = 0.05f;   // strain shown as full red
    bool shadows = true;
    bool showPins = true;
    float frontColor[3] = {0.86f, 0.38f, 0.22f};
    float backColor[3] = {0.25f, 0.47f, 0.78f};
    float skyColor[3] = {0.58f, 0.64f, 0.71f};
};

class Renderer {
public:
    Renderer();
    ~Renderer();
    Renderer(const Renderer&) = delete;
    Renderer& operator=(const Renderer&) = delete;

    // Loads the shaders from shaderDir and creates the buffers; returns an error or empty.
    std::string init(const std::string& shaderDir);
    // Draws into the current framebuffer of size width x height.
    void draw(const sim::World& world, const OrbitCamera& camera, int width, int height,
              const RenderOptions& options, const Overlay& overlay);

private:
    struct Mesh {
        GLuint vao = 0, vbo = 0, ibo = 0;
        GLsizei indexCount = 0;
    };
    void createSphere();
    void uploadSurface(const sim::World& world);
    void drawSurfaces(const sim::World& world, const glm::mat4& viewProj, bool shadowPass);
    void drawOverlay(const std::vector<float>& vertices, GLenum mode, const glm::mat4& viewProj);

    ShaderProgram surfaceShader_, groundShader_, lineShader_;
    Mesh surface_, sphere_;
    GLuint groundVao_ = 0, groundVbo_ = 0;
    GLuint overlayVao_ = 0, overlayVbo_ = 0;
    uint64_t uploadedTopology_ = ~0ull;
    size_t uploadedTriangles_ = 0;
    std::vector<float> vertices_;
    SurfaceScratch scratch_;
    std::vector<uint32_t> indices_;
    RenderOptions options_;
    float groundY_ = 0;
};

}  // namespace render
