#include "sim/topology/tet_mesh.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace sim {

std::string checkTetMesh(const TetMesh& mesh, Real minVolume) {
    if (mesh.vertices.empty() || mesh.tets.empty()) return "tet mesh is empty";
    const int n = static_cast<int>(mesh.vertices.size());
    for (int v = 0; v < n; ++v)
        if (!mesh.vertices[v].allFinite()) return "vertex " + std::to_string(v) + " is not finite";
    for (size_t t = 0; t < mesh.tets.size(); ++t) {
        const Tet& tet = mesh.tets[t];
        std::ostringstream where;
        where << "tet " << t << " (" << tet[0] << ' ' << tet[1] << ' ' << tet[2] << ' ' << tet[3]
              << ")";
        for (int k = 0; k < 4; ++k) {
            if (tet[k] < 0 || tet[k] >= n)
                return where.str() + " has an index out of range [0, " + std::to_string(n) + ")";
            for (int l = 0; l < k; ++l)
                if (tet[k] == tet[l]) return where.str() + " repeats a vertex";
        }
        const Real vol = signedTetVolume(mesh.vertices[tet[0]], mesh.vertices[tet[1]],
                                         mesh.vertices[tet[2]], mesh.vertices[tet[3]]);
        if (!(std::abs(vol) >= minVolume)) {
            where << " is degenerate (volume " << vol << ")";
            return where.str();
        }
    }
    return {};
}

void orientTetsPositive(TetMesh& mesh) {
    for (Tet& t : mesh.tets) {
        const auto& x = mesh.vertices;
        if (signedTetVolume(x[t[0]], x[t[1]], x[t[2]], x[t[3]]) < 0) std::swap(t[2], t[3]);
    }
}

std::vector<std::array<int, 2>> tetEdges(const TetMesh& mesh) {
    std::vector<std::array<int, 2>> edges;
    edges.reserve(mesh.tets.size() * 6);
    for (const Tet& t : mesh.tets)
        for (int a = 0; a < 4; ++a)
            for (int b = a + 1; b < 4; ++b)
                edges.push_back({std::min(t[a], t[b]), std::max(t[a], t[b])});
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    return edges;
}

std::vector<std::array<int, 3>> boundaryTriangles(const TetMesh& mesh) {
    // Face k of a positive tet is the triangle opposite vertex k, wound outwards.
    static constexpr int kFaces[4][3] = {{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}};
    std::map<std::array<int, 3>, std::pair<int, std::array<int, 3>>> faces;
    for (const Tet& t : mesh.tets) {
        const bool flip = signedTetVolume(mesh.vertices[t[0]], mesh.vertices[t[1]],
                                          mesh.vertices[t[2]], mesh.vertices[t[3]]) < 0;
        for (const auto& f : kFaces) {
            std::array<int, 3> tri = {t[f[0]], t[f[1]], t[f[2]]};
            if (flip) std::swap(tri[1], tri[2]);
            std::array<int, 3> key = tri;
            std::sort(key.begin(), key.end());
            auto [it, inserted] = faces.try_emplace(key, 0, tri);
            ++it->second.first;
        }
    }
    std::vector<std::array<int, 3>> result;
    for (const auto& [key, entry] : faces)
        if (entry.first == 1) result.push_back(entry.second);
    return result;
}

Real totalVolume(const TetMesh& mesh, const std::vector<Vec3>& x, int offset) {
    Real sum = 0;
    for (const Tet& t : mesh.tets)
        sum +=
            signedTetVolume(x[offset + t[0]], x[offset + t[1]], x[offset + t[2]], x[offset + t[3]]);
    return sum;
}

TetMesh makeBoxTets(const Vec3& origin, const Vec3& size, int nx, int ny, int nz) {
    TetMesh mesh;
    auto index = [&](int i, int j, int k) { return (k * (ny + 1) + j) * (nx + 1) + i; };
    for (int k = 0; k <= nz; ++k)
        for (int j = 0; j <= ny; ++j)
            for (int i = 0; i <= nx; ++i)
                mesh.vertices.push_back(
                    origin + Vec3(size.x() * i / nx, size.y() * j / ny, size.z() * k / nz));
    // The six paths from corner 0 to corner 7 through the cube, one tet each.
    static constexpr int kPaths[6][2] = {{1, 2}, {1, 4}, {2, 1}, {2, 4}, {4, 1}, {4, 2}};
    for (int k = 0; k < nz; ++k)
        for (int j = 0; j < ny; ++j)
            for (int i = 0; i < nx; ++i) {
                auto corner = [&](int bits) {
                    return index(i + (bits & 1), j + ((bits >> 1) & 1), k + ((bits >> 2) & 1));
                };
                for (const auto& path : kPaths) {
                    const int a = path[0], b = a | path[1];
                    mesh.tets.push_back({corner(0), corner(a), corner(b), corner(7)});
                }
            }
    orientTetsPositive(mesh);
    return mesh;
}

}  // namespace sim
