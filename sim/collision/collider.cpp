#include "sim/collision/collider.h"

#include <algorithm>
#include <cmath>

#include "sim/collision/sdf.h"

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

Collider Collider::box(const Vec3& center, const Vec3& halfExtents, const Mat3& rotation) {
    Collider c;
    c.shape = ColliderShape::Box;
    c.center = center;
    c.halfExtents = halfExtents;
    c.rotation = rotation;
    return c;
}

Collider Collider::capsule(const Vec3& center, Real radius, Real halfHeight, const Mat3& rotation) {
    Collider c;
    c.shape = ColliderShape::Capsule;
    c.center = center;
    c.radius = radius;
    c.halfHeight = halfHeight;
    c.rotation = rotation;
    return c;
}

Collider Collider::mesh(std::shared_ptr<const SignedDistanceField> sdf, const Vec3& center,
                        const Mat3& rotation) {
    Collider c;
    c.shape = ColliderShape::Mesh;
    c.center = center;
    c.rotation = rotation;
    c.sdf = std::move(sdf);
    return c;
}

void Collider::advance(Real dt) {
    center += dt * velocity;
    const Real angle = angularVelocity.norm() * dt;
    if (angle > 0) {
        const Mat3 step = Eigen::AngleAxisd(angle, angularVelocity.normalized()).toRotationMatrix();
        rotation = step * rotation;
        if (shape == ColliderShape::Plane) normal = (step * normal).normalized();
    }
}

namespace {

// Distance of a local point to the box +-h (exact, negative inside).
Real boxDistance(const Vec3& q, const Vec3& h) {
    const Vec3 d = q.cwiseAbs() - h;
    return d.cwiseMax(0.0).norm() + std::min(d.maxCoeff(), 0.0);
}

Real localDistance(const Collider& c, const Vec3& q) {
    switch (c.shape) {
        case ColliderShape::Box:
            return boxDistance(q, c.halfExtents);
        case ColliderShape::Capsule: {
            const Vec3 axisPoint(0, std::clamp(q.y(), -c.halfHeight, c.halfHeight), 0);
            return (q - axisPoint).norm() - c.radius;
        }
        case ColliderShape::Mesh:
            return c.sdf ? c.sdf->distance(q) : 1e30;
        default:
            return 1e30;
    }
}

Vec3 toLocal(const Collider& c, const Vec3& x) {
    return c.rotation.transpose() * (x - c.center);
}

// Outward unit normal in local coordinates.
Vec3 localNormal(const Collider& c, const Vec3& q) {
    switch (c.shape) {
        case ColliderShape::Capsule: {
            const Vec3 r = q - Vec3(0, std::clamp(q.y(), -c.halfHeight, c.halfHeight), 0);
            const Real len = r.norm();
            return len > 1e-12 ? Vec3(r / len) : Vec3::UnitX();
        }
        case ColliderShape::Box: {
            const Vec3 d = q.cwiseAbs() - c.halfExtents;
            if (d.maxCoeff() > 0) {  // outside: direction to the closest box point
                const Vec3 outside = d.cwiseMax(0.0).cwiseProduct(q.cwiseSign());
                return outside.normalized();
            }
            int axis;
            d.maxCoeff(&axis);  // inside: the nearest face
            Vec3 n = Vec3::Zero();
            n[axis] = q[axis] >= 0 ? 1 : -1;
            return n;
        }
        case ColliderShape::Mesh:
            return c.sdf ? c.sdf->gradient(q) : Vec3::UnitY();
        default:
            return Vec3::UnitY();
    }
}

}  // namespace

Real signedDistance(const Collider& c, const Vec3& x, Real inflate) {
    switch (c.shape) {
        case ColliderShape::Plane:
            return (x - c.center).dot(c.normal) - inflate;
        case ColliderShape::Sphere:
            return (x - c.center).norm() - (c.radius + inflate);
        default:
            return localDistance(c, toLocal(c, x)) - inflate;
    }
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
        default: {
            const Vec3 q = toLocal(c, x);
            const Vec3 n = c.rotation * localNormal(c, q);
            const Real d = localDistance(c, q) - inflate;
            return {x - d * n, n};
        }
    }
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
        default: {
            // Sphere tracing: the distance bounds how far the segment can go without
            // entering, so steps of that length never skip the surface.
            const Real len = d.norm();
            if (len < 1e-12) return std::nullopt;
            const Real da = signedDistance(c, a, inflate), db = signedDistance(c, b, inflate);
            if (da + db > len) return std::nullopt;  // 1-Lipschitz: no point can be inside
            const Real tolerance = 1e-6;
            Real t = 0;
            for (int step = 0; step < 64 && t <= 1; ++step) {
                const Real dist = signedDistance(c, a + t * d, inflate);
                if (dist < tolerance) {
                    Real lo = std::max<Real>(0, t - std::max(dist, 0.0) / len - tolerance / len);
                    Real hi = t;
                    if (dist >= 0) {  // within tolerance: find the crossing just ahead
                        hi = std::min<Real>(1, t + 2 * tolerance / len);
                        if (signedDistance(c, a + hi * d, inflate) >= 0) {
                            t = hi;
                            continue;
                        }
                    }
                    for (int it = 0; it < 40; ++it) {  // bisection on the sign change
                        const Real mid = 0.5 * (lo + hi);
                        (signedDistance(c, a + mid * d, inflate) < 0 ? hi : lo) = mid;
                    }
                    const Vec3 q = a + lo * d;
                    return SurfacePoint{q, closestSurfacePoint(c, q, inflate).normal};
                }
                t += std::max(dist, tolerance) / len;
            }
            if (db < 0) {  // marched out of steps: fall back to bisection on [t, 1]
                Real lo = std::min<Real>(t, 1), hi = 1;
                if (signedDistance(c, a + lo * d, inflate) < 0) lo = 0;
                for (int it = 0; it < 50; ++it) {
                    const Real mid = 0.5 * (lo + hi);
                    (signedDistance(c, a + mid * d, inflate) < 0 ? hi : lo) = mid;
                }
                const Vec3 q = a + lo * d;
                return SurfacePoint{q, closestSurfacePoint(c, q, inflate).normal};
            }
            return std::nullopt;
        }
    }
}

}  // namespace sim
