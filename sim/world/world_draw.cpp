#include "sim/world/world_draw.h"

#include <algorithm>
#include <utility>

#include "sim/collision/sdf.h"
#include "sim/world/checks.h"
#include "sim/world/world.h"

namespace sim {

namespace {

const DebugColor kCollider{0.62f, 0.63f, 0.60f};
constexpr float kGlassOpacity = 0.2f;              // Collider::seeThrough
const DebugColor kRigidBody{0.80f, 0.52f, 0.25f};  // a rigid body's collider: it moves on its own
const DebugColor kPin{0.9f, 0.1f, 0.1f};
const DebugColor kGrab{1.0f, 0.9f, 0.1f};
const DebugColor kContact{0.2f, 0.85f, 0.3f};
const DebugColor kLoose{0.12f, 0.22f, 0.5f};
const DebugColor kTetEdge{0.2f, 0.25f, 0.35f};
const DebugColor kParticle{0.15f, 0.3f, 0.8f};

constexpr Real kPatchHalfSize = 1.0;  // a tilted plane is drawn as a square this big [m]

// A rotation taking local +y to the unit vector n.
Mat3 rotationToNormal(const Vec3& n) {
    return Eigen::Quaterniond::FromTwoVectors(Vec3::UnitY(), n).toRotationMatrix();
}

bool isGround(const Collider& c) {
    return c.shape == ColliderShape::Plane && c.normal.y() > 0.99;
}

void drawCollider(const Collider& c, DebugDraw& draw) {
    const Pose pose{c.center, c.rotation};
    DebugColor color = c.body >= 0 ? kRigidBody : kCollider;
    if (c.seeThrough) color.a = kGlassOpacity;
    switch (c.shape) {
        case ColliderShape::Plane:
            if (isGround(c))
                draw.ground(c.center);
            else
                draw.solidBox({c.center - 0.005 * c.normal, rotationToNormal(c.normal)},
                              Vec3(kPatchHalfSize, 0.005, kPatchHalfSize), color);
            break;
        case ColliderShape::Sphere:
            draw.solidSphere(c.center, c.radius, color);
            break;
        case ColliderShape::Box:
            draw.solidBox(pose, c.halfExtents, color);
            break;
        case ColliderShape::Capsule:
            draw.solidCapsule(pose, c.radius, c.halfHeight, color);
            break;
        case ColliderShape::Mesh:
            if (c.sdf && c.sdf->sourceMesh()) draw.solidMesh(pose, c.sdf->sourceMesh(), color);
            break;
    }
}

// Calls f(i) with the four particle indices of every tet: ARAP (either form) and volume
// constraints. A tet type missing here draws a soft body's interior particles as loose dots.
template <class F>
void forEachTet(const World& world, F&& f) {
    for (const ArapConstraint& c : world.constraints.arap) f(c.i);
    for (const ArapStrainConstraint& c : world.constraints.arapStrain) f(c.i);
    for (const TetVolumeConstraint& c : world.constraints.tetVolume) f(c.i);
}

// 1 for every particle that is a vertex of some tet.
std::vector<char> tetParticles(const World& world) {
    std::vector<char> inTet(world.particles.size(), 0);
    forEachTet(world, [&](const int(&i)[4]) {
        for (int k : i) inTet[k] = 1;
    });
    return inTet;
}

// Each tet edge once (sorted pairs).
std::vector<std::pair<int, int>> tetEdges(const World& world) {
    std::vector<std::pair<int, int>> edges;
    auto add = [&](const int(&i)[4]) {
        for (int a = 0; a < 4; ++a)
            for (int b = a + 1; b < 4; ++b)
                edges.emplace_back(std::min(i[a], i[b]), std::max(i[a], i[b]));
    };
    forEachTet(world, add);
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    return edges;
}

void addCollider(const Collider& c, Bounds& b) {
    const Mat3 absR = c.rotation.cwiseAbs();
    switch (c.shape) {
        case ColliderShape::Plane:
            if (isGround(c))
                b.lo.y() = std::min(b.lo.y(), c.center.y());
            else
                b.add(c.center);
            return;
        case ColliderShape::Sphere:
            b.add(c.center - Vec3::Constant(c.radius));
            b.add(c.center + Vec3::Constant(c.radius));
            return;
        case ColliderShape::Box: {
            const Vec3 e = absR * c.halfExtents;
            b.add(c.center - e);
            b.add(c.center + e);
            return;
        }
        case ColliderShape::Capsule: {
            const Vec3 e = absR.col(1) * c.halfHeight + Vec3::Constant(c.radius);
            b.add(c.center - e);
            b.add(c.center + e);
            return;
        }
        case ColliderShape::Mesh:
            if (c.sdf && c.sdf->sourceMesh())
                for (const Vec3& v : c.sdf->sourceMesh()->vertices)
                    b.add(c.center + c.rotation * v);
            return;
    }
}

}  // namespace

std::vector<char> looseParticles(const World& world) {
    std::vector<char> loose = tetParticles(world);
    for (char& c : loose) c = !c;
    for (const Triangle& t : world.triangles)
        for (int i : t) loose[i] = 0;
    return loose;
}

void drawWorld(const World& world, DebugDraw& draw, const DrawOptions& o) {
    const Particles& P = world.particles;
    const auto& x = P.x;
    if (o.colliders)
        for (const Collider& c : world.colliders) drawCollider(c, draw);
    if (o.looseParticles) {
        const std::vector<char> loose = looseParticles(world);
        for (const DistanceConstraint& c : world.constraints.distance)
            if (loose[c.i] || loose[c.j]) draw.line(x[c.i], x[c.j], kLoose);
        for (int i = 0; i < P.size(); ++i)
            if (loose[i]) draw.point(x[i], 9.0f * o.pointScale, kLoose);
    }
    if (o.tetEdges)
        for (const auto& [a, b] : tetEdges(world)) draw.line(x[a], x[b], kTetEdge);
    if (o.particles)
        for (int i = 0; i < P.size(); ++i) draw.point(x[i], 4.0f * o.pointScale, kParticle);
    const auto& grab = world.grab();
    if (o.pins)
        for (int i = 0; i < P.size(); ++i)
            if (P.pinned[i] && !(grab && grab->particle == i))
                draw.point(x[i], 8.0f * o.pointScale, kPin);
    if (o.grab && grab) {
        draw.point(x[grab->particle], 12.0f * o.pointScale, kGrab);
        draw.line(x[grab->particle], grab->target, kGrab);
    }
    if (o.contacts) {
        for (const Contact& c : world.contacts().colliders) {
            draw.point(c.point, 5.0f * o.pointScale, kContact);
            draw.line(c.point, c.point + 0.05 * c.normal, kContact);
        }
        for (const Contact& c : world.contacts().bodies) {
            draw.point(c.point, 5.0f * o.pointScale, kContact);
            draw.line(c.point, c.point + 0.05 * c.normal, kContact);
        }
    }
    if (o.solver) world.solver().debugDraw(world.particles, world.settings, draw);
}

Bounds sceneBounds(const World& world) {
    Bounds b;
    for (const Vec3& p : world.particles.x) b.add(p);
    Real groundY = 1e300;
    for (const Collider& c : world.colliders) {
        if (isGround(c))
            groundY = std::min(groundY, c.center.y());
        else
            addCollider(c, b);
    }
    // The ground is drawn below the scene: frame down to it, not across its whole extent.
    if (!b.empty() && groundY < 1e300) b.lo.y() = std::min(b.lo.y(), groundY);
    return b;
}

Bounds subjectBounds(const World& world) {
    // The pieces with mass, less the small ones: a scrap of a torn sheet carried off by the
    // ball (tearable_cloth, 14 m away by frame 260) would otherwise pull the following camera
    // out until the sheet is a speck. A piece counts when it holds at least a tenth of the
    // largest piece's free particles. The grabbed particle always counts.
    constexpr int kShare = 10;
    Bounds b;
    const Particles& P = world.particles;
    const std::vector<int> root = componentRoots(world);
    static thread_local std::vector<int> size;
    size.assign(P.size(), 0);
    int largest = 0;
    for (int i = 0; i < P.size(); ++i)
        if (P.w[i] > 0) largest = std::max(largest, ++size[root[i]]);
    for (int i = 0; i < P.size(); ++i)
        if (P.w[i] > 0 && kShare * size[root[i]] >= largest) b.add(P.x[i]);
    if (world.grab()) b.add(P.x[world.grab()->particle]);
    return b;
}

}  // namespace sim
