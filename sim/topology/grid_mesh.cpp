#include "sim/topology/grid_mesh.h"

namespace sim {

GridSpec squareGrid(int res, Real size, const Vec3& origin) {
    GridSpec grid;
    grid.cols = grid.rows = res;
    grid.width = grid.height = size;
    grid.origin = origin;
    return grid;
}

TriangleMesh makeGridMesh(const GridSpec& spec) {
    TriangleMesh mesh;
    for (int r = 0; r <= spec.rows; ++r)
        for (int c = 0; c <= spec.cols; ++c)
            mesh.vertices.push_back(spec.origin + spec.width * c / spec.cols * spec.uAxis +
                                    spec.height * r / spec.rows * spec.vAxis);
    for (int r = 0; r < spec.rows; ++r)
        for (int c = 0; c < spec.cols; ++c) {
            const int i00 = gridIndex(spec, r, c), i01 = gridIndex(spec, r, c + 1);
            const int i10 = gridIndex(spec, r + 1, c), i11 = gridIndex(spec, r + 1, c + 1);
            const bool flip = spec.diagonal == GridDiagonal::Alternating && (r + c) % 2 == 1;
            if (!flip) {
                mesh.triangles.push_back({i00, i11, i01});
                mesh.triangles.push_back({i00, i10, i11});
            } else {
                mesh.triangles.push_back({i00, i10, i01});
                mesh.triangles.push_back({i01, i10, i11});
            }
        }
    return mesh;
}

}  // namespace sim
