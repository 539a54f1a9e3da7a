#pragma once
// The CPU side of surface drawing, no GL: per-vertex normals recomputed every frame from
// the surface triangles (area-weighted face normals, so soft bodies and cloth are smooth
// shaded) and the per-vertex strain the heat map colours by, interleaved for upload.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "sim/core/types.h"

namespace render {

// Interleaved position (3), normal (3), strain (1) per particle.
inline constexpr int kSurfaceFloats = 7;

// What the renderer draws as surfaces: a copy of the world's positions and triangles (cloth
// and soft-body boundaries), the strain per particle (may be empty: no heat map) and the
// topology version, which says when the triangle list must be uploaded again.
struct SurfaceView {
    std::span<const sim::Vec3> positions;
    std::span<const std::array<int, 3>> triangles;
    std::span<const float> strain;
    uint64_t topologyVersion = 0;
};

// Storage reused from frame to frame, so drawing allocates nothing once sizes settle.
struct SurfaceScratch {
    std::vector<sim::Vec3> normals;
};

// Fills `out` with kSurfaceFloats floats per particle.
void buildSurfaceVertices(const SurfaceView& view, std::vector<float>& out,
                          SurfaceScratch& scratch);

}  // namespace render
