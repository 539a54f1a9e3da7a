#include "sim/rigid/rigid_contacts.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "sim/rigid/manifold_solve.h"

namespace sim {

namespace {

struct Side {
    RigidBody* body;  // null for a static or kinematic collider
    Vec3 point;       // current world point
    Vec3 lever;       // point - x
    Real w(const Vec3& n) const { return body ? body->inverseMass(lever, n) : 0.0; }
};

Side sideA(std::vector<RigidBody>& bodies, const RigidContact& c) {
    RigidBody& a = bodies[c.a];
    const Vec3 p = a.worldPoint(c.localA);
    return {&a, p, p - a.x};
}

Side sideB(std::vector<RigidBody>& bodies, const RigidContact& c) {
    if (c.b < 0) return {nullptr, c.localB, Vec3::Zero()};
    RigidBody& b = bodies[c.b];
    const Vec3 p = b.worldPoint(c.localB);
    return {&b, p, p - b.x};
}

}  // namespace

int featurePoints(const RigidBody& body, Vec3 out[8], Real* radius) {
    switch (body.shape) {
        case RigidShape::Box: {
            *radius = 0;
            const Vec3& h = body.halfExtents;
            for (int k = 0; k < 8; ++k)
                out[k] =
                    Vec3(k & 1 ? h.x() : -h.x(), k & 2 ? h.y() : -h.y(), k & 4 ? h.z() : -h.z());
            return 8;
        }
        case RigidShape::Sphere:
            *radius = body.radius;
            out[0] = Vec3::Zero();
            return 1;
        case RigidShape::Capsule:
            *radius = body.radius;
            out[0] = Vec3(0, -body.halfHeight, 0);
            out[1] = Vec3(0, body.halfHeight, 0);
            return 2;
    }
    return 0;
}

namespace {

// Clips a convex polygon (reference-box coordinates) to coordinate `axis` * sign <= h.
int clipPolygon(const Vec3* in, int count, int axis, Real sign, Real h, Vec3* out) {
    int m = 0;
    for (int k = 0; k < count; ++k) {
        const Vec3 &p = in[k], &q = in[(k + 1) % count];
        const Real dp = sign * p[axis] - h, dq = sign * q[axis] - h;
        if (dp <= 0) out[m++] = p;
        if ((dp < 0) != (dq < 0) && dp != dq) out[m++] = p + dp / (dp - dq) * (q - p);
    }
    return m;
}

// Box against box (Gottschalk et al. 1996 separating axes, faces only; Box2D-style face
// clipping): the face axis of least overlap gives the normal and the reference face; the
// most anti-parallel face of the other box is clipped to the reference face's sides, and the
// clipped points within the margin of the reference face are the contacts. Corners alone
// miss two equal boxes turned against each other (each box's corners stick out past the
// other's face), and a corner tested against its nearest face picks a side face for a corner
// resting on an edge of an equal box below it.
void boxBoxContacts(const std::vector<RigidBody>& bodies, int a, int b, Real margin,
                    std::vector<RigidContact>& out) {
    const RigidBody &A = bodies[a], &B = bodies[b];
    const Mat3 Ra = A.rotation(), Rb = B.rotation();
    const Vec3 d = A.x - B.x;
    auto extent = [](const Mat3& R, const Vec3& h, const Vec3& u) {
        return h.x() * std::abs(R.col(0).dot(u)) + h.y() * std::abs(R.col(1).dot(u)) +
               h.z() * std::abs(R.col(2).dot(u));
    };
    Real best = 1e30;
    int bestAxis = 0;
    Vec3 n = Vec3::UnitY();  // from B to A
    for (int k = 0; k < 6; ++k) {
        const Vec3 u = k < 3 ? Ra.col(k) : Rb.col(k - 3);
        const Real overlap =
            extent(Ra, A.halfExtents, u) + extent(Rb, B.halfExtents, u) - std::abs(d.dot(u));
        if (overlap < -margin) return;  // separated along u by more than the margin
        // Prefer B's axes on near ties, so a stack's reference faces are the lower boxes'.
        if (overlap < best - 1e-9) best = overlap, bestAxis = k, n = d.dot(u) >= 0 ? u : Vec3(-u);
    }
    const bool refIsB = bestAxis >= 3;
    const RigidBody& ref = refIsB ? B : A;
    const RigidBody& inc = refIsB ? A : B;
    const Mat3& Rr = refIsB ? Rb : Ra;
    const Mat3& Ri = refIsB ? Ra : Rb;
    const Vec3 m = refIsB ? n : Vec3(-n);  // reference face normal, towards the incident box
    const int axis = bestAxis % 3;
    const Real sign = Rr.col(axis).dot(m) > 0 ? 1 : -1;
    // The incident face: the face of the other box most anti-parallel to m.
    int incAxis = 0;
    for (int k = 1; k < 3; ++k)
        if (std::abs(Ri.col(k).dot(m)) > std::abs(Ri.col(incAxis).dot(m))) incAxis = k;
    const Real incSign = Ri.col(incAxis).dot(m) > 0 ? -1 : 1;
    const int u = (incAxis + 1) % 3, v = (incAxis + 2) % 3;
    const Vec3& hi = inc.halfExtents;
    Vec3 poly[8], tmp[8];
    int count = 0;
    for (const auto& [su, sv] : {std::pair{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}) {
        Vec3 local = Vec3::Zero();
        local[incAxis] = incSign * hi[incAxis];
        local[u] = su * hi[u];
        local[v] = sv * hi[v];
        poly[count++] = ref.localPoint(inc.worldPoint(local));
    }
    for (int k = 1; k < 3; ++k) {
        const int side = (axis + k) % 3;
        count = clipPolygon(poly, count, side, 1, ref.halfExtents[side], tmp);
        count = clipPolygon(tmp, count, side, -1, ref.halfExtents[side], poly);
    }
    for (int k = 0; k < count; ++k) {
        const Real depth = sign * poly[k][axis] - ref.halfExtents[axis];
        if (depth > margin) continue;
        Vec3 onFace = poly[k];
        onFace[axis] = sign * ref.halfExtents[axis];
        const Vec3 point = ref.worldPoint(poly[k]);
        RigidContact rc;
        rc.a = a;
        rc.b = b;
        rc.collider = B.collider;
        rc.normal = n;
        rc.localA = refIsB ? A.localPoint(point) : onFace;
        rc.localB = refIsB ? onFace : B.localPoint(point);
        rc.approachSpeed = (A.pointVelocity(point) - B.pointVelocity(point)).dot(n);
        out.push_back(rc);
    }
}

}  // namespace

void generateRigidContacts(const std::vector<RigidBody>& bodies,
                           const std::vector<Collider>& colliders, Real margin,
                           std::vector<RigidContact>& contacts) {
    contacts.clear();
    for (int a = 0; a < static_cast<int>(bodies.size()); ++a) {
        const RigidBody& A = bodies[a];
        Vec3 local[8];
        Real radius = 0;
        const int count = featurePoints(A, local, &radius);
        for (int c = 0; c < static_cast<int>(colliders.size()); ++c) {
            const Collider& col = colliders[c];
            if (c == A.collider) continue;
            const int b = col.body;
            if (b >= 0 &&
                (A.x - bodies[b].x).norm() > boundingRadius(A) + boundingRadius(bodies[b]) + margin)
                continue;
            if (b >= 0 && A.shape == RigidShape::Box && bodies[b].shape == RigidShape::Box) {
                if (a < b && (A.invMass > 0 || bodies[b].invMass > 0))
                    boxBoxContacts(bodies, a, b, margin, contacts);
                continue;
            }
            if (A.invMass == 0) continue;
            for (int k = 0; k < count; ++k) {
                const Vec3 feature = A.worldPoint(local[k]);
                if (signedDistance(col, feature, radius) > margin) continue;
                const SurfacePoint sp = closestSurfacePoint(col, feature, 0.0);
                RigidContact rc;
                rc.a = a;
                rc.b = b;
                rc.collider = c;
                rc.normal = sp.normal;
                rc.localA = A.localPoint(feature - radius * sp.normal);
                rc.localB = b >= 0 ? bodies[b].localPoint(sp.point) : sp.point;
                rc.colliderVelocity = col.pointVelocity(sp.point);
                const Vec3 vb = b >= 0 ? bodies[b].pointVelocity(sp.point) : rc.colliderVelocity;
                rc.approachSpeed = (A.pointVelocity(feature) - vb).dot(sp.normal);
                contacts.push_back(rc);
            }
        }
    }
}

namespace {

bool samePair(const RigidContact& x, const RigidContact& y) {
    return x.a == y.a && x.b == y.b && x.collider == y.collider;
}

// Calls f(begin, end) for each run of contacts between one pair of shapes (generation
// writes a pair's contacts next to each other).
// The manifolds (runs of contacts between one pair of shapes: generation writes a pair's
// contacts next to each other) in the order a pass visits them, and which side it holds.
struct Manifold {
    size_t begin, end;
    bool freeze[2];
    int level;
};

// In order, or reversed (passes alternate: symmetric Gauss-Seidel), or for shock propagation
// (Guendelman et al. 2003): by height in the contact graph, each body's level its number of
// contacts above the fixed colliders, and the lower body of a pair held still, so the last
// pass satisfies every manifold exactly from the ground up and a stack keeps no residual
// to creep on.
enum class Order { Forward, Backward, Shock };

const std::vector<Manifold>& manifolds(const std::vector<RigidBody>& bodies,
                                       const std::vector<RigidContact>& contacts, Order order) {
    thread_local std::vector<Manifold> runs;
    thread_local std::vector<int> level;
    runs.clear();
    for (size_t s = 0; s < contacts.size(); ++s) {
        if (s > 0 && samePair(contacts[s], contacts[s - 1])) continue;
        if (!runs.empty()) runs.back().end = s;
        runs.push_back({s, contacts.size(), {false, false}, 0});
    }
    if (order == Order::Backward) std::reverse(runs.begin(), runs.end());
    if (order != Order::Shock) return runs;
    constexpr int kFree = 1 << 20;  // not resting on anything fixed
    level.assign(bodies.size(), kFree);
    for (const RigidContact& c : contacts)
        if (c.b < 0) level[c.a] = 1;
    for (bool changed = true; changed;) {
        changed = false;
        for (const RigidContact& c : contacts) {
            if (c.b < 0) continue;
            for (auto [x, y] : {std::pair{c.a, c.b}, std::pair{c.b, c.a}})
                if (level[y] + 1 < level[x]) level[x] = level[y] + 1, changed = true;
        }
    }
    for (Manifold& m : runs) {
        const RigidContact& c = contacts[m.begin];
        const int la = level[c.a], lb = c.b >= 0 ? level[c.b] : 0;
        m.level = std::max(la, lb);
        m.freeze[0] = la < lb && la < kFree;
        m.freeze[1] = lb < la && lb < kFree && c.b >= 0;
    }
    std::stable_sort(runs.begin(), runs.end(),
                     [](const Manifold& x, const Manifold& y) { return x.level < y.level; });
    return runs;
}

// Two unit vectors spanning the plane normal to n.
void tangents(const Vec3& n, Vec3& t1, Vec3& t2) {
    t1 = (std::abs(n.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY()).cross(n).normalized();
    t2 = n.cross(t1);
}

// Where a manifold's friction acts: the contacts' centres on both shapes weighted by their
// normal corrections, the mean normal and a tangent basis, the total correction and the
// contacts' mean distance from the centre (0 for a single point).
struct FrictionFrame {
    Vec3 ca, cb, n, t1, t2;
    Real total = 0, radius = 0;
    std::vector<Real> weight;
};

bool frictionFrame(std::vector<RigidBody>& bodies, const std::vector<RigidContact>& contacts,
                   size_t begin, size_t end, bool useLambda, FrictionFrame& f) {
    f.ca.setZero(), f.cb.setZero(), f.n.setZero();
    f.total = 0;
    f.weight.assign(end - begin, 0.0);
    for (size_t i = begin; i < end; ++i) {
        const RigidContact& c = contacts[i];
        const Real w = useLambda ? c.lambda : (c.pushed > 0 ? c.lambda : 0);
        if (w <= 0) continue;
        f.weight[i - begin] = w;
        f.ca += w * sideA(bodies, c).point;
        f.cb += w * sideB(bodies, c).point;
        f.n += w * c.normal;
        f.total += w;
    }
    if (f.total <= 0 || f.n.norm() < 1e-12) return false;
    f.ca /= f.total, f.cb /= f.total;
    f.n.normalize();
    tangents(f.n, f.t1, f.t2);
    f.radius = 0;
    for (size_t i = begin; i < end; ++i)
        f.radius += f.weight[i - begin] * (sideA(bodies, contacts[i]).point - f.ca).norm();
    f.radius /= f.total;
    if (f.radius < 1e-6) f.radius = 0;
    return true;
}

// The weighted centre of the contacts on side a (or b) where it was at the substep's start.
Vec3 weightedPrevious(std::vector<RigidBody>& bodies, const std::vector<RigidContact>& contacts,
                      size_t begin, size_t end, bool onA, const std::vector<Real>& weight) {
    Vec3 sum = Vec3::Zero();
    Real total = 0;
    for (size_t i = begin; i < end; ++i) {
        const Real w = weight[i - begin];
        if (w <= 0) continue;
        const RigidContact& c = contacts[i];
        if (onA)
            sum += w * bodies[c.a].previousPoint(c.localA);
        else
            sum += w * (c.b >= 0 ? bodies[c.b].previousPoint(c.localB) : c.localB);
        total += w;
    }
    return sum / total;
}

// The rotation vector of the body since the substep began (small angles).
Vec3 rotationSince(const RigidBody& b) {
    const Quat dq = b.q * b.qPrev.conjugate();
    return (dq.w() < 0 ? -2.0 : 2.0) * dq.vec();
}

// One manifold: its normal rows as a block, then static friction at its centre. freeze[0]
// or freeze[1] holds body a or b still (shock propagation).
void projectManifold(std::vector<RigidBody>& bodies, std::vector<RigidContact>& contacts,
                     size_t begin, size_t end, Real staticFriction, Real dt, const bool freeze[2]) {
    const RigidContact& first = contacts[begin];
    RigidBody* A = &bodies[first.a];
    RigidBody* B = first.b >= 0 ? &bodies[first.b] : nullptr;
    ManifoldRows normal(A, B, freeze[0], freeze[1]);
    ManifoldRows::Vector rhs(ManifoldRows::kMaxRows);
    int which[ManifoldRows::kMaxRows];
    for (size_t i = begin; i < end; ++i) {
        const Side a = sideA(bodies, contacts[i]), b = sideB(bodies, contacts[i]);
        const Real C = (a.point - b.point).dot(contacts[i].normal);  // Müller 2020 eq. 26
        if (C >= 0) continue;
        which[normal.size()] = static_cast<int>(i);
        rhs[normal.size()] = -C;
        if (!normal.add(a.lever, b.lever, contacts[i].normal)) break;
    }
    if (normal.size() > 0) {
        const ManifoldRows::Vector lambda = normal.solve(rhs.head(normal.size()), true);
        normal.applyCorrections(lambda);
        for (int k = 0; k < normal.size(); ++k) {
            contacts[which[k]].lambda += lambda[k];
            if (lambda[k] > 0) contacts[which[k]].pushed += rhs[k];
        }
    }
    // Static friction (Müller 2020 §3.5): the tangential motion of the manifold's centre
    // relative to the other shape since the substep began, and its twist about the normal,
    // are undone while that needs less than mu_s times the normal correction.
    FrictionFrame f;
    if (!frictionFrame(bodies, contacts, begin, end, true, f)) return;
    const Vec3 prevA = weightedPrevious(bodies, contacts, begin, end, true, f.weight);
    const Vec3 prevB = weightedPrevious(bodies, contacts, begin, end, false, f.weight);
    const Vec3 dp =
        (f.ca - prevA) - (f.cb - (B ? prevB : Vec3(prevB - dt * first.colliderVelocity)));
    const Real twist = (rotationSince(*A) - (B ? rotationSince(*B) : Vec3::Zero())).dot(f.n);
    ManifoldRows rows(A, B, freeze[0], freeze[1]);
    ManifoldRows::Vector slip(3);
    rows.add(f.ca - A->x, B ? Vec3(f.cb - B->x) : Vec3::Zero(), f.t1);
    rows.add(f.ca - A->x, B ? Vec3(f.cb - B->x) : Vec3::Zero(), f.t2);
    slip << -dp.dot(f.t1), -dp.dot(f.t2), -twist;
    const int count = f.radius > 0 ? 3 : 2;  // one point: no twist to hold
    if (count == 3) rows.addTwist(f.n);
    const ManifoldRows::Vector mu = rows.solve(slip.head(count), false);
    const Real limit = staticFriction * f.total;
    if (getenv("DBGF"))
        fprintf(stderr, "pair %d %d slip %.2e %.2e %.2e mu %.2e %.2e %.2e limit %.2e r %.3f\n",
                first.a, first.b, slip[0], slip[1], slip[2], mu[0], mu[1], count == 3 ? mu[2] : 0.0,
                limit, f.radius);
    if (std::hypot(mu[0], mu[1]) < limit && (count == 2 || std::abs(mu[2]) < limit * f.radius))
        rows.applyCorrections(mu);
}

void manifoldVelocities(std::vector<RigidBody>& bodies, const std::vector<RigidContact>& contacts,
                        size_t begin, size_t end, Real friction, Real restitution, Real restSpeed,
                        Real dt, const bool freeze[2]) {
    const RigidContact& first = contacts[begin];
    RigidBody* A = &bodies[first.a];
    RigidBody* B = first.b >= 0 ? &bodies[first.b] : nullptr;
    auto relative = [&](const RigidContact& c) {
        const Side a = sideA(bodies, c), b = sideB(bodies, c);
        const Vec3 vb = b.body ? b.body->pointVelocity(b.point) : c.colliderVelocity;
        return Vec3(a.body->pointVelocity(a.point) - vb);
    };
    // Restitution bounces back e times the approach speed; slow contacts rest (e = 0), so
    // gravity's g dt per substep does not become a bounce, and the push out of a penetration
    // leaves no separating speed (Müller 2020 §3.6).
    ManifoldRows normal(A, B, freeze[0], freeze[1]);
    ManifoldRows::Vector rhs(ManifoldRows::kMaxRows);
    for (size_t i = begin; i < end; ++i) {
        const RigidContact& c = contacts[i];
        if (c.pushed <= 0) continue;  // never touched this substep
        const Side a = sideA(bodies, c), b = sideB(bodies, c);
        const Real e = std::abs(c.approachSpeed) > restSpeed ? restitution : 0.0;
        rhs[normal.size()] = e * std::max<Real>(0, -c.approachSpeed) - relative(c).dot(c.normal);
        if (!normal.add(a.lever, b.lever, c.normal)) break;
    }
    if (normal.size() == 0) return;
    normal.applyImpulses(normal.solve(rhs.head(normal.size()), false));
    // Coulomb at the manifold's centre: the impulse that would stop its sliding and twist,
    // clamped to mu times the normal impulse sum(lambda)/dt (twist: times the contacts' mean
    // distance from the centre).
    FrictionFrame f;
    if (!frictionFrame(bodies, contacts, begin, end, false, f)) return;
    const Vec3 vb = B ? B->pointVelocity(f.cb) : first.colliderVelocity;
    const Vec3 rel = A->pointVelocity(f.ca) - vb;
    const Real spin = (A->omega - (B ? B->omega : Vec3::Zero())).dot(f.n);
    ManifoldRows rows(A, B, freeze[0], freeze[1]);
    ManifoldRows::Vector target(3);
    rows.add(f.ca - A->x, B ? Vec3(f.cb - B->x) : Vec3::Zero(), f.t1);
    rows.add(f.ca - A->x, B ? Vec3(f.cb - B->x) : Vec3::Zero(), f.t2);
    target << -rel.dot(f.t1), -rel.dot(f.t2), -spin;
    const int count = f.radius > 0 ? 3 : 2;
    if (count == 3) rows.addTwist(f.n);
    ManifoldRows::Vector J = rows.solve(target.head(count), false);
    const Real limit = friction * f.total / dt;
    const Real slide = std::hypot(J[0], J[1]);
    if (slide > limit) J.head(2) *= limit / slide;
    if (count == 3 && std::abs(J[2]) > limit * f.radius) J[2] *= limit * f.radius / std::abs(J[2]);
    rows.applyImpulses(J);
}

}  // namespace

void projectRigidContacts(std::vector<RigidBody>& bodies, std::vector<RigidContact>& contacts,
                          Real staticFriction, Real dt, RigidPass pass) {
    for (const Manifold& m : manifolds(bodies, contacts, static_cast<Order>(pass)))
        projectManifold(bodies, contacts, m.begin, m.end, staticFriction, dt, m.freeze);
}

void rigidContactVelocities(std::vector<RigidBody>& bodies, std::vector<RigidContact>& contacts,
                            Real friction, Real restitution, const Vec3& gravity, Real dt,
                            RigidPass pass) {
    for (const Manifold& m : manifolds(bodies, contacts, static_cast<Order>(pass)))
        manifoldVelocities(bodies, contacts, m.begin, m.end, friction, restitution,
                           2 * gravity.norm() * dt, dt, m.freeze);
}

}  // namespace sim
