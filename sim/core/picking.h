#pragma once
// Picking queries for the app's mouse tools, kept in sim/ so they are unit-tested without
// a window: a ray against the world's surface triangles (Moller-Trumbore), then the vertex
// of the hit triangle nearest to the hit point. Particles on no triangle (a chain, a rope)
// are picked when the ray passes within a narrow cone around them.
#include <array>
#include <optional>
#include <span>
#include <vector>

#include "sim/core/types.h"

namespace sim {

struct Ray {
    Vec3 origin = Vec3::Zero();
    Vec3 direction = Vec3::UnitZ();  // need not be unit length; t is in its units
};

// Ray parameter t > 0 where the ray meets triangle (a, b, c), both faces, or nothing when
// it misses or runs parallel to the plane.
std::optional<Real> intersectTriangle(const Ray& ray, const Vec3& a, const Vec3& b, const Vec3& c);

struct PickHit {
    int triangle = -1;  // index into World::triangles
    int particle = -1;  // the hit triangle's vertex nearest to the hit point
    Real t = 0;         // ray parameter of the hit
    Vec3 point = Vec3::Zero();
};

// The nearest hit of the ray on the triangles (positions x), or on a particle that no
// triangle covers within kFreeParticlePickSlope * t of the ray (triangle = -1), or nothing.
inline constexpr Real kFreeParticlePickSlope = 0.02;  // about 1.1 degrees
std::optional<PickHit> pickParticle(std::span<const Vec3> x,
                                    std::span<const std::array<int, 3>> triangles, const Ray& ray);
// The same on plain arrays (a published copy of the world, read by another thread):
// positions, triangles, and 1 for the particles picked by the cone instead of a triangle.
std::optional<PickHit> pickParticle(std::span<const Vec3> x,
                                    std::span<const std::array<int, 3>> triangles,
                                    std::span<const char> freeParticles, const Ray& ray);

// 1 for particles that are a vertex of some triangle.
std::vector<char> particlesOnTriangles(int particleCount,
                                       std::span<const std::array<int, 3>> triangles);

// Where the ray meets the plane through `point` with normal `normal`, if ahead of it.
std::optional<Vec3> intersectPlane(const Ray& ray, const Vec3& point, const Vec3& normal);

}  // namespace sim
