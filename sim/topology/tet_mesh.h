#pragma once
// A tetrahedral mesh as plain arrays (TetGen's .node/.ele content), with what soft bodies
// need from it: signed volumes, the unique edge list (distance constraints, HPBD's graph)
// and the boundary surface (faces used by exactly one tet, oriented outwards) that goes
// into World::triangles for rendering and picking.
#include <array>
#include <string>
#include <vector>

#include "sim/core/types.h"

namespace sim {

using Tet = std::array<int, 4>;

struct TetMesh {
    std::vector<Vec3> vertices;
    std::vector<Tet> tets;
};

// (1/6) (b-a) . ((c-a) x (d-a)); positive when d lies on the side (b-a) x (c-a) points to.
inline Real signedTetVolume(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
    return (b - a).dot((c - a).cross(d - a)) / 6.0;
}

// Not empty, finite vertices, indices in range, four distinct indices per tet, no tet
// with |volume| below minVolume. Empty when fine, else a message naming the first bad tet.
std::string checkTetMesh(const TetMesh& mesh, Real minVolume = 1e-14);

// Swaps two indices of every negatively oriented tet so all volumes are positive.
void orientTetsPositive(TetMesh& mesh);

// Every edge of every tet once, as (a, b) with a < b, sorted.
std::vector<std::array<int, 2>> tetEdges(const TetMesh& mesh);

// Faces that belong to one tet only, wound so their normal points out of that tet.
std::vector<std::array<int, 3>> boundaryTriangles(const TetMesh& mesh);

// Sum of the signed tet volumes at the given positions.
Real totalVolume(const TetMesh& mesh, const std::vector<Vec3>& positions, int offset = 0);

// A box [origin, origin + size] of nx*ny*nz cells, each split into six tets around its
// main diagonal (Kuhn subdivision, conforming between cells). Vertex (i,j,k) has index
// (k*(ny+1) + j)*(nx+1) + i.
TetMesh makeBoxTets(const Vec3& origin, const Vec3& size, int nx, int ny, int nz);

}  // namespace sim
