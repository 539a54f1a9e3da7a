#pragma once
// The geometry of the solids the renderer draws (no GL): a unit sphere, a box spanning
// [-1, 1]^3, an open cylinder of radius 1 over y in [-1, 1] (capsule sides), and any
// triangle mesh with smooth normals, as interleaved position (3), normal (3), strain (1)
// vertices (the surface shader's layout; strain 0) and triangle indices.
#include <cstdint>
#include <vector>

namespace sim {
struct TriangleMesh;
}

namespace render {

struct ShapeGeometry {
    std::vector<float> vertices;
    std::vector<uint32_t> indices;
};

ShapeGeometry unitSphere(int rings = 24, int segments = 48);
ShapeGeometry unitBox();
ShapeGeometry unitCylinder(int segments = 48);
ShapeGeometry meshGeometry(const sim::TriangleMesh& mesh);

}  // namespace render
