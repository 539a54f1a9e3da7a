#pragma once
// Turns a triangle mesh into cloth (PBD §4.1): one particle per vertex with a third of the
// mass of each adjacent triangle (areal density rho), a stretch constraint per edge and a
// dihedral bending constraint per interior edge. Also builds regular grid meshes.
#include <string>
#include <vector>

#include "sim/core/world.h"
#include "sim/topology/triangle_mesh.h"

namespace sim {

enum class GridDiagonal { Uniform, Alternating };

// A rectangular grid of cols x rows quads ((cols+1) x (rows+1) vertices) spanning
// origin + [0,width] * uAxis + [0,height] * vAxis. Vertex (r, c) has index r*(cols+1)+c.
struct GridSpec {
    int cols = 32, rows = 32;
    Real width = 1.0, height = 1.0;
    Vec3 origin = Vec3::Zero();
    Vec3 uAxis = Vec3::UnitX();
    Vec3 vAxis = Vec3::UnitZ();
    GridDiagonal diagonal = GridDiagonal::Uniform;
};
TriangleMesh makeGridMesh(const GridSpec& spec);
inline int gridIndex(const GridSpec& spec, int row, int col) {
    return row * (spec.cols + 1) + col;
}

struct ClothOptions {
    Real density = 0.2;  // areal density rho [kg/m^2]
    bool bending = true;
};

// The particle range a cloth occupies in its world.
struct ClothHandle {
    int firstParticle = 0;
    int particleCount = 0;
    int firstTriangle = 0;
    int triangleCount = 0;
};

// Appends the cloth to the world and bumps its topology version. On bad input (see
// checkTriangleMesh, buildEdges) returns the message and leaves the world untouched.
std::string addCloth(World& world, const TriangleMesh& mesh, const ClothOptions& options,
                     ClothHandle* handle = nullptr);

}  // namespace sim
