#include "sim/topology/decimate.h"

#include <meshoptimizer.h>

#include <algorithm>
#include <map>
#include <vector>

#include "sim/topology/closed_surfaces.h"

namespace sim {

namespace {

using Corners = std::array<unsigned int, 3>;

// meshoptimizer's simplifier can fold a thin part flat into two triangles on the same three
// vertices with opposite windings (a pocket of no volume, whose edges then have four
// triangles: the bunny at 304..402 triangles). Such pairs cancel: both go; a repeated
// triangle of the same winding stays once.
std::vector<Corners> dropFoldedPairs(const std::vector<unsigned int>& indices) {
    std::vector<Corners> tris;
    for (size_t k = 0; k + 2 < indices.size(); k += 3)
        tris.push_back({indices[k], indices[k + 1], indices[k + 2]});
    std::map<Corners, std::vector<size_t>> bySet;  // sorted vertices -> triangles
    for (size_t k = 0; k < tris.size(); ++k) {
        Corners key = tris[k];
        std::sort(key.begin(), key.end());
        bySet[key].push_back(k);
    }
    std::vector<char> keep(tris.size(), 1);
    for (const auto& [key, list] : bySet) {
        if (list.size() < 2) continue;
        std::vector<size_t> pos, neg;  // by winding relative to the sorted order
        for (size_t k : list) {
            const Corners& t = tris[k];
            const bool even = (t[0] == key[0] && t[1] == key[1]) ||
                              (t[1] == key[0] && t[2] == key[1]) ||
                              (t[2] == key[0] && t[0] == key[1]);
            (even ? pos : neg).push_back(k);
        }
        for (size_t k : list) keep[k] = 0;
        if (pos.size() > neg.size()) keep[pos[0]] = 1;
        if (neg.size() > pos.size()) keep[neg[0]] = 1;
    }
    std::vector<Corners> out;
    for (size_t k = 0; k < tris.size(); ++k)
        if (keep[k]) out.push_back(tris[k]);
    return out;
}

}  // namespace

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
    const size_t count = meshopt_simplify(
        out.data(), indices.data(), indices.size(), positions.data(), mesh.vertices.size(),
        sizeof(float) * 3, static_cast<size_t>(targetTriangles) * 3, 1.0f, 0, nullptr);
    out.resize(count);
    TriangleMesh result;
    std::vector<int> remap(mesh.vertices.size(), -1);
    for (const Corners& corners : dropFoldedPairs(out)) {
        std::array<int, 3> tri;
        for (int c = 0; c < 3; ++c) {
            int& r = remap[corners[c]];
            if (r < 0) {
                r = static_cast<int>(result.vertices.size());
                result.vertices.push_back(mesh.vertices[corners[c]]);
            }
            tri[c] = r;
        }
        result.triangles.push_back(tri);
    }
    return result;
}

TriangleMesh decimateClosedSurface(const TriangleMesh& mesh, int targetTriangles,
                                   const AcceptSurface& accept, std::string* error) {
    TriangleMesh first;
    std::string why;
    for (int k = 0; k < kClosedTries; ++k) {
        const int target = targetTriangles + (k % 2 ? (k + 1) / 2 : -(k / 2));
        TriangleMesh out = decimateSurface(mesh, std::max(4, target));
        std::string problem = checkClosedSurface(out);
        if (problem.empty() && accept) problem = accept(out);
        if (problem.empty()) {
            if (error) error->clear();
            return out;
        }
        if (k == 0) first = std::move(out), why = std::move(problem);
    }
    if (error)
        *error = why + " (and at the " + std::to_string(kClosedTries - 1) + " budgets nearest to " +
                 std::to_string(targetTriangles) + " triangles)";
    return first;
}

}  // namespace sim
