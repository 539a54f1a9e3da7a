#include "sim/collision/collider_drag.h"

#include <algorithm>
#include <cmath>

namespace sim {

namespace {

// Entry of a unit ray into a sphere, if the origin is outside it.
std::optional<Real> raySphere(const Vec3& o, const Vec3& d, const Vec3& c, Real r) {
    const Vec3 oc = o - c;
    const Real b = oc.dot(d), cc = oc.squaredNorm() - r * r;
    if (cc <= 0) return std::nullopt;  // inside
    const Real disc = b * b - cc;
    if (disc < 0) return std::nullopt;
    const Real t = -b - std::sqrt(disc);
    return t > 0 ? std::optional<Real>(t) : std::nullopt;
}

// Slab test in the box's frame (unit ray).
std::optional<Real> rayBox(const Collider& c, const Vec3& o, const Vec3& d) {
    const Vec3 q = c.rotation.transpose() * (o - c.center), u = c.rotation.transpose() * d;
    Real tNear = -1e300, tFar = 1e300;
    for (int k = 0; k < 3; ++k) {
        const Real h = c.halfExtents[k];
        if (std::abs(u[k]) < 1e-300) {
            if (std::abs(q[k]) > h) return std::nullopt;
            continue;
        }
        Real t0 = (-h - q[k]) / u[k], t1 = (h - q[k]) / u[k];
        if (t0 > t1) std::swap(t0, t1);
        tNear = std::max(tNear, t0);
        tFar = std::min(tFar, t1);
    }
    if (tNear > tFar || tNear <= 0) return std::nullopt;  // a miss, or the origin is inside
    return tNear;
}

// Sphere tracing on the shape's signed distance (capsules, meshes).
std::optional<Real> rayMarch(const Collider& c, const Vec3& o, const Vec3& d) {
    constexpr Real kMaxDistance = 1e4, kHit = 1e-6;
    if (signedDistance(c, o, 0) <= 0) return std::nullopt;
    Real t = 0;
    for (int i = 0; i < 1024 && t < kMaxDistance; ++i) {
        const Real s = signedDistance(c, o + t * d, 0);
        if (s < kHit) return t;
        t += std::max(s, kHit);
    }
    return std::nullopt;
}

}  // namespace

std::optional<Real> intersectCollider(const Collider& c, const Ray& ray) {
    const Real len = ray.direction.norm();
    if (!(len > 0)) return std::nullopt;
    const Vec3 d = ray.direction / len;
    const Vec3& o = ray.origin;
    std::optional<Real> t;
    switch (c.shape) {
        case ColliderShape::Plane: {
            const Real side = (o - c.center).dot(c.normal), dn = d.dot(c.normal);
            if (side > 0 && dn < 0) t = -side / dn;
            break;
        }
        case ColliderShape::Sphere:
            t = raySphere(o, d, c.center, c.radius);
            break;
        case ColliderShape::Box:
            t = rayBox(c, o, d);
            break;
        case ColliderShape::Capsule:
        case ColliderShape::Mesh:
            t = rayMarch(c, o, d);
            break;
    }
    if (!t) return std::nullopt;
    return *t / len;
}

std::optional<ColliderHit> pickCollider(const std::vector<Collider>& colliders, const Ray& ray,
                                        bool includePlanes) {
    std::optional<ColliderHit> best;
    for (int k = 0; k < static_cast<int>(colliders.size()); ++k) {
        if (colliders[k].shape == ColliderShape::Plane && !includePlanes) continue;
        const std::optional<Real> t = intersectCollider(colliders[k], ray);
        if (t && (!best || *t < best->t))
            best = ColliderHit{k, ray.origin + *t * ray.direction, *t};
    }
    return best;
}

void driveDraggedCollider(Collider& c, const ColliderDrag& drag, Real alpha, Real frameDt) {
    c.center = drag.start + alpha * (drag.target - drag.start);
    c.velocity = (drag.target - drag.start) / frameDt;
    c.angularVelocity.setZero();
}

}  // namespace sim
