#pragma once
// A triangle mesh as plain arrays plus the edge adjacency PBD §4.1 needs: every edge with
// its one or two triangles. Building the adjacency also checks the mesh: an edge shared by
// more than two triangles makes it non-manifold, which cloth cannot represent.
#include <array>
#include <string>
#include <vector>

#include "sim/core/types.h"

namespace sim {

struct TriangleMesh {
    std::vector<Vec3> vertices;
    std::vector<std::array<int, 3>> triangles;
};

struct MeshEdge {
    int a = 0, b = 0;        // a < b
    int tri[2] = {-1, -1};   // adjacent triangles; tri[1] = -1 on the boundary
    int wing[2] = {-1, -1};  // the vertex of tri[k] opposite the edge
};

// Edges in a deterministic order (sorted by (a, b)). Fails with a message naming the
// first edge that has more than two triangles.
struct EdgeAdjacency {
    std::vector<MeshEdge> edges;
    std::string error;
};
EdgeAdjacency buildEdges(const TriangleMesh& mesh);

// Checks what a simulation mesh needs: not empty, finite vertices, indices in range, no
// repeated index in a triangle, no zero-area triangle. Empty when fine.
std::string checkTriangleMesh(const TriangleMesh& mesh);

}  // namespace sim
