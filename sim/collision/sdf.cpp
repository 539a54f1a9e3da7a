#include "sim/collision/sdf.h"

#include <algorithm>
#include <cmath>

namespace sim {

Vec3 closestPointOnTriangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
    // Voronoi regions of the vertices, edges and face, in barycentric terms.
    const Vec3 ab = b - a, ac = c - a, ap = p - a;
    const Real d1 = ab.dot(ap), d2 = ac.dot(ap);
    if (d1 <= 0 && d2 <= 0) return a;
    const Vec3 bp = p - b;
    const Real d3 = ab.dot(bp), d4 = ac.dot(bp);
    if (d3 >= 0 && d4 <= d3) return b;
    const Real vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) return a + d1 / (d1 - d3) * ab;
    const Vec3 cp = p - c;
    const Real d5 = ab.dot(cp), d6 = ac.dot(cp);
    if (d6 >= 0 && d5 <= d6) return c;
    const Real vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) return a + d2 / (d2 - d6) * ac;
    const Real va = d3 * d6 - d5 * d4;
    if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0)
        return b + (d4 - d3) / ((d4 - d3) + (d5 - d6)) * (c - b);
    const Real denom = 1 / (va + vb + vc);
    return a + ab * (vb * denom) + ac * (vc * denom);
}

Real pointTriangleDistance(const Vec3& x, const Vec3& a, const Vec3& b, const Vec3& c) {
    return (x - closestPointOnTriangle(x, a, b, c)).norm();
}

namespace {

// Number of triangles a ray from o along dir crosses (Moller-Trumbore, t > 0).
int rayCrossings(const TriangleMesh& mesh, const Vec3& o, const Vec3& dir) {
    int count = 0;
    for (const auto& t : mesh.triangles) {
        const Vec3& a = mesh.vertices[t[0]];
        const Vec3 e1 = mesh.vertices[t[1]] - a, e2 = mesh.vertices[t[2]] - a;
        const Vec3 h = dir.cross(e2);
        const Real det = e1.dot(h);
        if (std::abs(det) < 1e-14) continue;
        const Real inv = 1 / det;
        const Vec3 s = o - a;
        const Real u = inv * s.dot(h);
        if (u < 0 || u > 1) continue;
        const Vec3 q = s.cross(e1);
        const Real v = inv * dir.dot(q);
        if (v < 0 || u + v > 1) continue;
        if (inv * e2.dot(q) > 0) ++count;
    }
    return count;
}

}  // namespace

std::shared_ptr<const SignedDistanceField> SignedDistanceField::build(const TriangleMesh& mesh,
                                                                      Real cell, Real padding,
                                                                      std::string* error) {
    auto fail = [&](const std::string& message) {
        if (error) *error = message;
        return std::shared_ptr<const SignedDistanceField>();
    };
    if (std::string e = checkTriangleMesh(mesh); !e.empty()) return fail("SDF mesh: " + e);
    if (!(cell > 0) || !std::isfinite(cell)) return fail("SDF cell size must be positive");
    Vec3 lo = mesh.vertices[0], hi = mesh.vertices[0];
    for (const Vec3& v : mesh.vertices) lo = lo.cwiseMin(v), hi = hi.cwiseMax(v);
    lo.array() -= padding;
    hi.array() += padding;
    auto field = std::make_shared<SignedDistanceField>();
    field->lower_ = lo;
    field->cell_ = cell;
    field->source_ = std::make_shared<const TriangleMesh>(mesh);
    field->nx_ = static_cast<int>(std::ceil((hi.x() - lo.x()) / cell)) + 1;
    field->ny_ = static_cast<int>(std::ceil((hi.y() - lo.y()) / cell)) + 1;
    field->nz_ = static_cast<int>(std::ceil((hi.z() - lo.z()) / cell)) + 1;
    if (double(field->nx_) * field->ny_ * field->nz_ > 256.0 * 256 * 256)
        return fail("SDF grid of " + std::to_string(field->nx_) + "x" + std::to_string(field->ny_) +
                    "x" + std::to_string(field->nz_) + " nodes is too large; use a larger cell");
    field->values_.resize(size_t(field->nx_) * field->ny_ * field->nz_);
    // Slightly irrational directions so that rays rarely graze an edge; majority of three.
    const Vec3 dirs[3] = {Vec3(1, 0.01234, 0.02345).normalized(),
                          Vec3(-0.0311, 1, 0.0173).normalized(),
                          Vec3(0.0217, -0.0123, -1).normalized()};
#pragma omp parallel for schedule(dynamic)
    for (int k = 0; k < field->nz_; ++k)
        for (int j = 0; j < field->ny_; ++j)
            for (int i = 0; i < field->nx_; ++i) {
                const Vec3 x = lo + cell * Vec3(i, j, k);
                Real d = 1e30;
                for (const auto& t : mesh.triangles)
                    d = std::min(d,
                                 pointTriangleDistance(x, mesh.vertices[t[0]], mesh.vertices[t[1]],
                                                       mesh.vertices[t[2]]));
                int inside = 0;
                for (const Vec3& dir : dirs) inside += rayCrossings(mesh, x, dir) % 2;
                field->values_[(size_t(k) * field->ny_ + j) * field->nx_ + i] =
                    inside >= 2 ? -d : d;
            }
    return field;
}

Real SignedDistanceField::sampleInside(const Vec3& x) const {
    const Vec3 g = (x - lower_) / cell_;
    const int i = std::clamp(static_cast<int>(std::floor(g.x())), 0, nx_ - 2);
    const int j = std::clamp(static_cast<int>(std::floor(g.y())), 0, ny_ - 2);
    const int k = std::clamp(static_cast<int>(std::floor(g.z())), 0, nz_ - 2);
    const Real fx = std::clamp(g.x() - i, 0.0, 1.0), fy = std::clamp(g.y() - j, 0.0, 1.0),
               fz = std::clamp(g.z() - k, 0.0, 1.0);
    auto lerp = [](Real a, Real b, Real t) { return a + t * (b - a); };
    const Real c00 = lerp(node(i, j, k), node(i + 1, j, k), fx);
    const Real c10 = lerp(node(i, j + 1, k), node(i + 1, j + 1, k), fx);
    const Real c01 = lerp(node(i, j, k + 1), node(i + 1, j, k + 1), fx);
    const Real c11 = lerp(node(i, j + 1, k + 1), node(i + 1, j + 1, k + 1), fx);
    return lerp(lerp(c00, c10, fy), lerp(c01, c11, fy), fz);
}

Real SignedDistanceField::distance(const Vec3& x) const {
    const Vec3 clamped = x.cwiseMax(lower_).cwiseMin(upper());
    const Real outside = (x - clamped).norm();
    return sampleInside(clamped) + outside;
}

Vec3 SignedDistanceField::gradient(const Vec3& x) const {
    const Real h = 0.5 * cell_;
    Vec3 g(distance(x + Vec3(h, 0, 0)) - distance(x - Vec3(h, 0, 0)),
           distance(x + Vec3(0, h, 0)) - distance(x - Vec3(0, h, 0)),
           distance(x + Vec3(0, 0, h)) - distance(x - Vec3(0, 0, h)));
    const Real len = g.norm();
    return len > 1e-12 ? Vec3(g / len) : Vec3::UnitY();
}

}  // namespace sim
