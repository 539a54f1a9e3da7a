#include "sim/topology/triangle_mesh.h"

#include <algorithm>
#include <sstream>

#include "sim/core/bounded.h"

namespace sim {

EdgeAdjacency buildEdges(const TriangleMesh& mesh) {
    struct HalfEdge {
        int a, b, tri, wing;
    };
    std::vector<HalfEdge> half;
    half.reserve(mesh.triangles.size() * 3);
    for (int t = 0; t < static_cast<int>(mesh.triangles.size()); ++t) {
        const auto& tri = mesh.triangles[t];
        for (int k = 0; k < 3; ++k) {
            int a = tri[k], b = tri[(k + 1) % 3], wing = tri[(k + 2) % 3];
            half.push_back({std::min(a, b), std::max(a, b), t, wing});
        }
    }
    std::sort(half.begin(), half.end(), [](const HalfEdge& l, const HalfEdge& r) {
        return l.a != r.a ? l.a < r.a : (l.b != r.b ? l.b < r.b : l.tri < r.tri);
    });
    EdgeAdjacency result;
    for (size_t i = 0; i < half.size();) {
        size_t j = i;
        while (j < half.size() && half[j].a == half[i].a && half[j].b == half[i].b) ++j;
        if (j - i > 2) {
            std::ostringstream out;
            out << "non-manifold mesh: edge (" << half[i].a << ", " << half[i].b
                << ") is shared by " << (j - i) << " triangles (";
            for (size_t k = i; k < j; ++k) out << (k > i ? ", " : "") << half[k].tri;
            out << "); cloth needs at most two triangles per edge";
            result.error = out.str();
            result.edges.clear();
            return result;
        }
        MeshEdge e;
        e.a = half[i].a;
        e.b = half[i].b;
        for (size_t k = i; k < j; ++k) {
            e.tri[k - i] = half[k].tri;
            e.wing[k - i] = half[k].wing;
        }
        result.edges.push_back(e);
        i = j;
    }
    return result;
}

std::string checkTriangleMesh(const TriangleMesh& mesh) {
    std::ostringstream out;
    if (mesh.vertices.empty() || mesh.triangles.empty()) {
        out << "empty mesh: " << mesh.vertices.size() << " vertices, " << mesh.triangles.size()
            << " triangles";
        return out.str();
    }
    const int n = static_cast<int>(mesh.vertices.size());
    for (int i = 0; i < n; ++i)
        if (!mesh.vertices[i].allFinite()) {
            out << "vertex " << i << " has a non-finite coordinate";
            return out.str();
        } else if (mesh.vertices[i].cwiseAbs().maxCoeff() > kExplodedValue) {
            // The area test below squares differences, which overflow long before a double does.
            out << "vertex " << i << " has a coordinate of "
                << mesh.vertices[i].cwiseAbs().maxCoeff() << ", beyond the " << kExplodedValue
                << " a scene's coordinates may reach";
            return out.str();
        }
    for (size_t t = 0; t < mesh.triangles.size(); ++t) {
        const auto& tri = mesh.triangles[t];
        for (int k : tri)
            if (k < 0 || k >= n) {
                out << "triangle " << t << " refers to vertex " << k << " but there are " << n;
                return out.str();
            }
        if (tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2]) {
            out << "triangle " << t << " repeats a vertex (" << tri[0] << ", " << tri[1] << ", "
                << tri[2] << ")";
            return out.str();
        }
        const Vec3& a = mesh.vertices[tri[0]];
        const Real area = 0.5 * (mesh.vertices[tri[1]] - a).cross(mesh.vertices[tri[2]] - a).norm();
        const Real scale = std::max({(mesh.vertices[tri[1]] - a).squaredNorm(),
                                     (mesh.vertices[tri[2]] - a).squaredNorm(), 1e-30});
        if (area <= 1e-10 * scale) {
            out << "triangle " << t << " (" << tri[0] << ", " << tri[1] << ", " << tri[2]
                << ") has zero area";
            return out.str();
        }
    }
    return {};
}

}  // namespace sim
