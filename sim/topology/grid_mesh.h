#pragma once
// Regular grid meshes: the cloth scenes' sheets and HPBD's grid hierarchy.
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
// A square grid of res x res quads of side `size`, vertex (0, 0) at `origin`, rows along z.
GridSpec squareGrid(int res, Real size, const Vec3& origin);
TriangleMesh makeGridMesh(const GridSpec& spec);
inline int gridIndex(const GridSpec& spec, int row, int col) {
    return row * (spec.cols + 1) + col;
}

}  // namespace sim
