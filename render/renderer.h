#pragma once
// Draws a frame with OpenGL 3.3 core from what it is given, knowing no simulation types:
// the surfaces (SurfaceView: cloth and soft-body boundaries, lit on both sides, or their
// strain heat map, or a wireframe), the solids, lines and points of draw lists
// (draw_list.h: colliders, pins, the grab, the app's marks), the ground grid where a list
// names one, and planar shadows on it. Solids that stand in front of a surface are drawn
// see-through there (stencil), so a barrel or a sphere never hides the cloth it holds.
// The caller owns the window and the GL context, and times the frame (gpu_timer.h).
#include <epoxy/gl.h>

#include <memory>
#include <string>
#include <vector>

#include "render/camera.h"
#include "render/draw_list.h"
#include "render/shader_program.h"
#include "render/surface_mesh.h"

namespace render {

struct RenderOptions {
    bool wireframe = false;
    bool heatmap = false;      // colour surfaces by strain
    float heatmapMax = 0.10f;  // strain shown as full red (10 %)
    bool shadows = true;
    bool showColliders = true;
    bool showPins = true;
    float frontColor[3] = {0.86f, 0.38f, 0.22f};
    float backColor[3] = {0.25f, 0.47f, 0.78f};
    float skyColor[3] = {0.58f, 0.64f, 0.71f};
};

// The heat map's colour at t in [0, 1] (blue, green, red), as the surface shader makes it.
void heatColor(float t, float rgb[3]);

// Clears the current framebuffer (inside the scissor box if the scissor test is on) to the
// sky colour, depth 1 and stencil 0.
void clearTo(const float sky[3]);

// A rectangle of the framebuffer in its pixels, from the bottom-left corner (GL's convention).
// `clear` false: the caller has already cleared it to the sky colour, depth 1 and stencil 0 (a
// clear of part of the framebuffer is a slow path in software GL, so compare panes share one).
struct Viewport {
    int x = 0, y = 0, width = 0, height = 0;
    bool clear = true;
};

class Renderer {
  public:
    Renderer();
    ~Renderer();
    Renderer(const Renderer&) = delete;
    Renderer& operator=(const Renderer&) = delete;

    // Loads the shaders from shaderDir and creates the buffers; returns an error or empty.
    std::string init(const std::string& shaderDir);
    // Draws into `viewport` of the current framebuffer (clearing only that rectangle unless
    // told it is clear), with the camera's aspect set by it.
    void draw(const SurfaceView& surface, const DrawList& world, const DrawList& ui,
              const OrbitCamera& camera, const Viewport& viewport, const RenderOptions& options);

  private:
    struct Mesh {
        GLuint vao = 0, vbo = 0, ibo = 0;
        GLsizei indexCount = 0;
    };
    struct CachedMesh {
        std::weak_ptr<const sim::TriangleMesh> source;
        Mesh gpu;
    };
    void upload(Mesh& mesh, const std::vector<float>& vertices,
                const std::vector<uint32_t>& indices);
    void uploadSurface(const SurfaceView& surface);
    const Mesh& meshFor(const Solid& solid);
    unsigned layerMask() const;
    void drawSurfaces(const glm::mat4& viewProj, bool shadowPass);
    // Opaque: the solids of opacity 1; Glass: the others (Solid::alpha); All: both. Each is
    // drawn at the lower of `alpha` and its own opacity.
    enum class SolidPass { Opaque, Glass, All };
    void drawSolids(const std::vector<const DrawList*>& lists, float alpha, SolidPass pass);
    void drawGround(float y, const glm::mat4& viewProj);
    void drawShadows(const std::vector<const DrawList*>& lists, const glm::mat4& viewProj);
    void drawLines(const std::vector<float>& vertices, GLenum mode, const glm::mat4& viewProj);

    ShaderProgram surfaceShader_, groundShader_, lineShader_;
    Mesh surface_, sphere_, box_, cylinder_;
    std::vector<CachedMesh> meshes_;
    GLuint groundVao_ = 0, groundVbo_ = 0;
    GLuint overlayVao_ = 0, overlayVbo_ = 0;
    uint64_t uploadedTopology_ = ~0ull;
    size_t uploadedTriangles_ = 0;
    const void* uploadedTriangleData_ = nullptr;
    std::vector<float> vertices_;
    SurfaceScratch scratch_;
    std::vector<uint32_t> indices_;
    RenderOptions options_;
    float groundY_ = 0;
};

}  // namespace render
