#include "sim/topology/decimate.h"

#include <meshoptimizer.h>

#include <vector>

namespace sim {

TriangleMesh decimateSurface(const TriangleMesh& mesh, int targetTriangles) {
    if (targetTriangles <= 0 || static_cast<size_t>(targetTriangles) >= mesh.triangles.size())
        return mesh;
    std::vector<float> positions;
    positions.reserve(mesh.vertices.size() * 3);
    for (const Vec3& v : mesh.vertices)
        for (int d = 0; d < 3; ++d) positions.push_back(static_cast<float>(v[d]));
    std::vector<unsigned int> indices;
    indices.reserve(mesh.triangles.size() * 3);
    for (const auto& t : mesh.triangles)
        for (int i : t) indices.push_back(static_cast<unsigned int>(i));
    std::vector<unsigned int> out(indices.size());
    const size_t count = meshopt_simplify(out.data(), indices.data(), indices.size(), positions.data(),
                                          mesh.vertices.size(), sizeof(float) * 3,
                                          static_cast<size_t>(targetTriangles) * 3, 1.0f, 0, nullptr);
    out.resize(count);
    TriangleMesh result;
    std::vector<int> remap(mesh.vertices.size(), -1);
    for (size_t k = 0; k + 2 < out.size(); k += 3) {
        std::array<int, 3> tri;
        for (int c = 0; c < 3; ++c) {
            int& r = remap[out[k + c]];
            if (r < 0) {
                r = static_cast<int>(result.vertices.size());
                result.vertices.push_back(mesh.vertices[out[k + c]]);
            }
            tri[c] = r;
        }
        result.triangles.push_back(tri);
    }
    return result;
}

}  // namespace sim
