#pragma once
// The CPU side of surface drawing, no GL: per-vertex normals recomputed every frame from
// the world's triangles (area-weighted face normals) and per-vertex strain for the heat map
// (largest |l - l0| / l0 over the vertex's distance constraints).
#include <vector>

#include "sim/core/types.h"

namespace sim {
class World;
}

namespace render {

// Interleaved position (3), normal (3), strain (1) per particle.
inline constexpr int kSurfaceFloats = 7;

// Storage reused from frame to frame, so drawing allocates nothing once sizes settle.
struct SurfaceScratch {
    std::vector<sim::Vec3> normals;
    std::vector<float> strain;
};

// Fills `out` with kSurfaceFloats floats per particle.
void buildSurfaceVertices(const sim::World& world, std::vector<float>& out, SurfaceScratch& scratch);

}  // namespace render
