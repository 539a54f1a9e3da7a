#pragma once
// Turns a triangle mesh into cloth (PBD §4.1): one particle per vertex with a third of the
// mass of each adjacent triangle (areal density rho), a stretch constraint per edge and a
// dihedral bending constraint per interior edge.
#include <string>
#include <vector>

#include "sim/topology/grid_mesh.h"
#include "sim/topology/triangle_mesh.h"
#include "sim/world/world.h"

namespace sim {

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

// A curtain: cols x rows quads of width x height hanging down from its top edge at `topLeft`
// (along x), the top row pinned. The grid it was made from goes to `grid` when asked.
std::string addCurtain(World& world, int cols, int rows, Real width, Real height,
                       const Vec3& topLeft, GridSpec* grid = nullptr);

}  // namespace sim
