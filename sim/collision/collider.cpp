#include "sim/collision/collider.h"

#include <cmath>

namespace sim {

Collider Collider::plane(const Vec3& point, const Vec3& normal) {
    Collider c;
    c.shape = ColliderShape::Plane;
    c.center = point;
    c.normal = normal.normalized();
    return c;
}

Collider Collider::sphere(const Vec3& center, Real radius) {
    Collider c;
    c.shape = ColliderShape::Sphere;
    c.center = center;
    c.radius = radius;
    return c;
}

Real signedDistance(const Collider& c, const Vec3& x, Real inflate) {
    switch (c.shape) {
        case ColliderShape::Plane: return (x - c.center).dot(c.normal) - inflate;
        case ColliderShape::Sphere: return (x - c.center).norm() - (c.radius + inflate);
    }
    return 0;
}

SurfacePoint closestSurfacePoint(const Collider& c, const Vec3& x, Real inflate) {
    switch (c.shape) {
        case ColliderShape::Plane: {
            Real d = (x - c.center).dot(c.normal) - inflate;
            return {x - d * c.normal, c.normal};
        }
        case ColliderShape::Sphere: {
            Vec3 r = x - c.center;
            Real len = r.norm();
            Vec3 n = len > 1e-12 ? Vec3(r / len) : Vec3::UnitY();
            return {c.center + (c.radius + inflate) * n, n};
        }
    }
    return {x, Vec3::UnitY()};
}

std::optional<SurfacePoint> segmentEntry(const Collider& c, const Vec3& a, const Vec3& b,
                                         Real inflate) {
    if (signedDistance(c, a, inflate) < 0) return std::nullopt;  // starts inside: not an entry
    const Vec3 d = b - a;
    switch (c.shape) {
        case ColliderShape::Plane: {
            Real da = (a - c.center).dot(c.normal) - inflate;
            Real db = (b - c.center).dot(c.normal) - inflate;
            if (db >= 0) return std::nullopt;
            Real t = da / (da - db);
            return SurfacePoint{a + t * d, c.normal};
        }
        case ColliderShape::Sphere: {
            // |a + t d - c|^2 = R^2, smallest root in [0, 1].
            const Real R = c.radius + inflate;
            const Vec3 m = a - c.center;
            const Real A = d.squaredNorm();
            if (A < 1e-24) return std::nullopt;
            const Real B = m.dot(d);
            const Real Cq = m.squaredNorm() - R * R;
            const Real disc = B * B - A * Cq;
            if (disc < 0) return std::nullopt;
            const Real t = (-B - std::sqrt(disc)) / A;
            if (t < 0 || t > 1) return std::nullopt;
            Vec3 q = a + t * d;
            return SurfacePoint{q, (q - c.center).normalized()};
        }
    }
    return std::nullopt;
}

}  // namespace sim
