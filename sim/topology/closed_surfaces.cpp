#include "sim/topology/closed_surfaces.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace sim {

namespace {

constexpr Real kPi = 3.14159265358979323846;

// Adds a grid of (nu+1)*(nv+1) vertices given by f(u,v) in [0,1]^2 and its quads, wound so
// that du x dv is the outward normal.
template <class F>
void addPatch(TriangleMesh& mesh, int nu, int nv, F&& f) {
    const int base = static_cast<int>(mesh.vertices.size());
    for (int j = 0; j <= nv; ++j)
        for (int i = 0; i <= nu; ++i) mesh.vertices.push_back(f(Real(i) / nu, Real(j) / nv));
    auto id = [&](int i, int j) { return base + j * (nu + 1) + i; };
    for (int j = 0; j < nv; ++j)
        for (int i = 0; i < nu; ++i) {
            mesh.triangles.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
            mesh.triangles.push_back({id(i, j), id(i + 1, j + 1), id(i, j + 1)});
        }
}

// Merges vertices closer than eps (patch seams), drops triangles that collapse.
void weld(TriangleMesh& mesh, Real eps) {
    std::map<std::array<long long, 3>, int> cells;
    std::vector<int> remap(mesh.vertices.size());
    std::vector<Vec3> kept;
    for (size_t v = 0; v < mesh.vertices.size(); ++v) {
        const Vec3& x = mesh.vertices[v];
        std::array<long long, 3> key = {std::llround(x.x() / eps), std::llround(x.y() / eps),
                                        std::llround(x.z() / eps)};
        auto [it, inserted] = cells.try_emplace(key, static_cast<int>(kept.size()));
        if (inserted) kept.push_back(x);
        remap[v] = it->second;
    }
    std::vector<std::array<int, 3>> tris;
    for (auto t : mesh.triangles) {
        for (int& i : t) i = remap[i];
        if (t[0] != t[1] && t[1] != t[2] && t[0] != t[2]) tris.push_back(t);
    }
    mesh.vertices = std::move(kept);
    mesh.triangles = std::move(tris);
}

}  // namespace

TriangleMesh makeBoxSurface(const Vec3& center, const Vec3& size, int nx, int ny, int nz) {
    TriangleMesh mesh;
    const Vec3 h = size / 2;
    const int n[3] = {std::max(1, nx), std::max(1, ny), std::max(1, nz)};
    for (int axis = 0; axis < 3; ++axis)
        for (int side = -1; side <= 1; side += 2) {
            const int u = (axis + 1) % 3, v = (axis + 2) % 3;
            const int cu = side > 0 ? u : v, cv = side > 0 ? v : u;  // keep du x dv outward
            addPatch(mesh, n[cu], n[cv], [&](Real a, Real b) {
                Vec3 p;
                p[axis] = side * h[axis];
                p[cu] = -h[cu] + 2 * h[cu] * a;
                p[cv] = -h[cv] + 2 * h[cv] * b;
                return Vec3(center + p);
            });
        }
    weld(mesh, 1e-9 * (1 + size.norm()));
    return mesh;
}

TriangleMesh makeIcosphere(const Vec3& center, Real radius, int subdivisions) {
    const Real t = (1.0 + std::sqrt(5.0)) / 2.0;
    std::vector<Vec3> v = {{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0},
                           {0, -1, t}, {0, 1, t}, {0, -1, -t}, {0, 1, -t},
                           {t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1}};
    std::vector<std::array<int, 3>> f = {
        {0, 11, 5},  {0, 5, 1},  {0, 1, 7},  {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
        {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
        {3, 8, 9},   {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
    for (Vec3& p : v) p.normalize();
    for (int s = 0; s < subdivisions; ++s) {
        std::map<std::pair<int, int>, int> mid;
        auto midpoint = [&](int a, int b) {
            auto key = std::minmax(a, b);
            auto it = mid.find(key);
            if (it != mid.end()) return it->second;
            v.push_back((v[a] + v[b]).normalized());
            return mid[key] = static_cast<int>(v.size()) - 1;
        };
        std::vector<std::array<int, 3>> next;
        for (const auto& tri : f) {
            const int a = midpoint(tri[0], tri[1]), b = midpoint(tri[1], tri[2]),
                      c = midpoint(tri[2], tri[0]);
            next.push_back({tri[0], a, c});
            next.push_back({tri[1], b, a});
            next.push_back({tri[2], c, b});
            next.push_back({a, b, c});
        }
        f = std::move(next);
    }
    TriangleMesh mesh;
    for (const Vec3& p : v) mesh.vertices.push_back(center + radius * p);
    mesh.triangles = std::move(f);
    return mesh;
}

TriangleMesh makeTorus(const Vec3& center, Real R, Real r, int nu, int nv) {
    TriangleMesh mesh;
    addPatch(mesh, std::max(3, nu), std::max(3, nv), [&](Real a, Real b) {
        const Real phi = -2 * kPi * a, theta = 2 * kPi * b;  // -phi keeps du x dv outward
        const Real ring = R + r * std::cos(theta);
        return Vec3(center + Vec3(ring * std::cos(phi), r * std::sin(theta), ring * std::sin(phi)));
    });
    weld(mesh, 1e-9 * (1 + R));
    return mesh;
}

TriangleMesh makeCapsule(const Vec3& center, Real r, Real halfHeight, int segments, int rings) {
    TriangleMesh mesh;
    const int nu = std::max(3, segments), half = std::max(1, rings);
    const int nv = 2 * half + 1;  // hemisphere rings, one cylinder band, hemisphere rings
    addPatch(mesh, nu, nv, [&](Real a, Real b) {
        const Real phi = -2 * kPi * a;
        const int j = static_cast<int>(std::lround(b * nv));
        Real y, rad;
        if (j <= half) {  // bottom cap, from the pole up to the equator
            const Real th = -kPi / 2 + (kPi / 2) * j / half;
            y = -halfHeight + r * std::sin(th);
            rad = r * std::cos(th);
        } else {
            const Real th = (kPi / 2) * (j - half - 1) / half;
            y = halfHeight + r * std::sin(th);
            rad = r * std::cos(th);
        }
        return Vec3(center + Vec3(rad * std::cos(phi), y, rad * std::sin(phi)));
    });
    weld(mesh, 1e-9 * (1 + r + halfHeight));
    return mesh;
}

std::string checkClosedSurface(const TriangleMesh& mesh) {
    if (std::string e = checkTriangleMesh(mesh); !e.empty()) return e;
    std::map<std::pair<int, int>, int> directed;  // count of each directed edge
    for (const auto& t : mesh.triangles)
        for (int k = 0; k < 3; ++k) ++directed[{t[k], t[(k + 1) % 3]}];
    for (const auto& [e, count] : directed) {
        auto back = directed.find({e.second, e.first});
        const int opposite = back == directed.end() ? 0 : back->second;
        if (count != 1 || opposite != 1)
            return "surface is not closed: edge (" + std::to_string(e.first) + ", " +
                   std::to_string(e.second) + ") has " + std::to_string(count + opposite) +
                   " triangle(s)" + (count > 1 ? " with the same winding" : "") +
                   "; a solid needs every edge shared by exactly two triangles";
    }
    return {};
}

Real boundingDiagonal(const std::vector<Vec3>& points) {
    if (points.empty()) return 0;
    Vec3 lo = points[0], hi = points[0];
    for (const Vec3& p : points) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    }
    return (hi - lo).norm();
}

}  // namespace sim
