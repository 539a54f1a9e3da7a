#include "render/unit_shapes.h"

#include <cmath>

#include "sim/topology/triangle_mesh.h"

namespace render {

namespace {

void vertex(ShapeGeometry& g, float x, float y, float z, float nx, float ny, float nz) {
    g.vertices.insert(g.vertices.end(), {x, y, z, nx, ny, nz, 0.0f});
}

}  // namespace

ShapeGeometry unitSphere(int rings, int segments) {
    ShapeGeometry g;
    for (int r = 0; r <= rings; ++r) {
        const double theta = M_PI * r / rings;
        for (int s = 0; s <= segments; ++s) {
            const double phi = 2 * M_PI * s / segments;
            const float x = float(std::sin(theta) * std::cos(phi)), y = float(std::cos(theta)),
                        z = float(std::sin(theta) * std::sin(phi));
            vertex(g, x, y, z, x, y, z);  // on a unit sphere the position is the normal
        }
    }
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < segments; ++s) {
            const uint32_t a = r * (segments + 1) + s, b = a + segments + 1;
            g.indices.insert(g.indices.end(), {a, a + 1, b, a + 1, b + 1, b});
        }
    return g;
}

ShapeGeometry unitBox() {
    ShapeGeometry g;
    // Four vertices per face, so each face is flat shaded.
    for (int axis = 0; axis < 3; ++axis)
        for (int sign : {-1, 1}) {
            const int u = (axis + 1) % 3, v = (axis + 2) % 3;
            const uint32_t base = static_cast<uint32_t>(g.vertices.size() / 7);
            for (int k = 0; k < 4; ++k) {
                float p[3], n[3] = {0, 0, 0};
                p[axis] = float(sign);
                p[u] = (k == 1 || k == 2) ? 1.0f : -1.0f;
                p[v] = (k >= 2) ? 1.0f : -1.0f;
                n[axis] = float(sign);
                vertex(g, p[0], p[1], p[2], n[0], n[1], n[2]);
            }
            g.indices.insert(g.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
        }
    return g;
}

ShapeGeometry unitCylinder(int segments) {
    ShapeGeometry g;
    for (int s = 0; s <= segments; ++s) {
        const double phi = 2 * M_PI * s / segments;
        const float x = float(std::cos(phi)), z = float(std::sin(phi));
        vertex(g, x, -1.0f, z, x, 0.0f, z);
        vertex(g, x, 1.0f, z, x, 0.0f, z);
    }
    for (int s = 0; s < segments; ++s) {
        const uint32_t a = 2 * s;
        g.indices.insert(g.indices.end(), {a, a + 1, a + 2, a + 1, a + 3, a + 2});
    }
    return g;
}

ShapeGeometry meshGeometry(const sim::TriangleMesh& mesh) {
    ShapeGeometry g;
    std::vector<sim::Vec3> normals(mesh.vertices.size(), sim::Vec3::Zero());
    for (const auto& t : mesh.triangles) {
        const sim::Vec3 n = (mesh.vertices[t[1]] - mesh.vertices[t[0]])
                                .cross(mesh.vertices[t[2]] - mesh.vertices[t[0]]);
        for (int i : t) normals[i] += n;
    }
    for (size_t i = 0; i < mesh.vertices.size(); ++i) {
        const sim::Vec3& p = mesh.vertices[i];
        const sim::Vec3 n =
            normals[i].norm() > 0 ? sim::Vec3(normals[i].normalized()) : sim::Vec3::UnitY();
        vertex(g, float(p.x()), float(p.y()), float(p.z()), float(n.x()), float(n.y()),
               float(n.z()));
    }
    for (const auto& t : mesh.triangles)
        for (int i : t) g.indices.push_back(static_cast<uint32_t>(i));
    return g;
}

}  // namespace render
