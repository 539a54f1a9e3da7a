#include "sim/core/picking.h"

#include <cmath>

namespace sim {

std::optional<Real> intersectTriangle(const Ray& ray, const Vec3& a, const Vec3& b, const Vec3& c) {
    // Moller-Trumbore: solve origin + t d = a + u (b-a) + v (c-a) by Cramer's rule.
    const Vec3 e1 = b - a, e2 = c - a;
    const Vec3 pvec = ray.direction.cross(e2);
    const Real det = e1.dot(pvec);
    const Real scale = e1.norm() * e2.norm() * ray.direction.norm();
    if (std::abs(det) <= 1e-12 * scale || scale == 0) return std::nullopt;  // parallel
    const Real inv = 1.0 / det;
    const Vec3 tvec = ray.origin - a;
    const Real u = tvec.dot(pvec) * inv;
    if (u < 0 || u > 1) return std::nullopt;
    const Vec3 qvec = tvec.cross(e1);
    const Real v = ray.direction.dot(qvec) * inv;
    if (v < 0 || u + v > 1) return std::nullopt;
    const Real t = e2.dot(qvec) * inv;
    if (t <= 0) return std::nullopt;
    return t;
}

std::optional<PickHit> pickParticle(std::span<const Vec3> x,
                                    std::span<const std::array<int, 3>> triangles, const Ray& ray) {
    std::vector<char> free = particlesOnTriangles(static_cast<int>(x.size()), triangles);
    for (char& c : free) c = !c;
    return pickParticle(x, triangles, free, ray);
}

std::optional<PickHit> pickParticle(std::span<const Vec3> x,
                                    std::span<const std::array<int, 3>> triangles,
                                    std::span<const char> freeParticles, const Ray& ray) {
    std::optional<PickHit> best;
    for (int k = 0; k < static_cast<int>(triangles.size()); ++k) {
        const std::array<int, 3>& tri = triangles[k];
        auto t = intersectTriangle(ray, x[tri[0]], x[tri[1]], x[tri[2]]);
        if (!t || (best && *t >= best->t)) continue;
        best = PickHit{k, -1, *t, ray.origin + *t * ray.direction};
    }
    if (best) {
        const std::array<int, 3>& tri = triangles[best->triangle];
        Real nearest = INFINITY;
        for (int i : tri) {
            const Real d = (x[i] - best->point).squaredNorm();
            if (d < nearest) {
                nearest = d;
                best->particle = i;
            }
        }
    }
    const Real dd = ray.direction.squaredNorm();
    if (!(dd > 0)) return best;
    for (int i = 0; i < static_cast<int>(x.size()) && i < static_cast<int>(freeParticles.size());
         ++i) {
        if (!freeParticles[i]) continue;
        const Real t = (x[i] - ray.origin).dot(ray.direction) / dd;
        if (t <= 0 || (best && t >= best->t)) continue;
        const Vec3 onRay = ray.origin + t * ray.direction;
        if ((x[i] - onRay).norm() > kFreeParticlePickSlope * t * std::sqrt(dd)) continue;
        best = PickHit{-1, i, t, x[i]};
    }
    return best;
}

std::vector<char> particlesOnTriangles(int particleCount,
                                       std::span<const std::array<int, 3>> triangles) {
    std::vector<char> covered(particleCount, 0);
    for (const std::array<int, 3>& tri : triangles)
        for (int i : tri) covered[i] = 1;
    return covered;
}

std::optional<Vec3> intersectPlane(const Ray& ray, const Vec3& point, const Vec3& normal) {
    const Real denom = ray.direction.dot(normal);
    if (std::abs(denom) < 1e-12) return std::nullopt;
    const Real t = (point - ray.origin).dot(normal) / denom;
    if (t <= 0) return std::nullopt;
    return ray.origin + t * ray.direction;
}

}  // namespace sim
