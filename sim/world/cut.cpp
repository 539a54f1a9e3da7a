#include "sim/world/cut.h"

#include <algorithm>

#include "sim/world/vertex_split.h"

namespace sim {

namespace {

// True when segment p0 -> p1 crosses the wedge {eye + s (a - eye) + t (b - eye), s,t >= 0}
// (the rays from eye through a and b and everything between them).
bool crossesWedge(const KnifeStroke& k, const Vec3& n, const Vec3& p0, const Vec3& p1) {
    const Real d0 = (p0 - k.eye).dot(n), d1 = (p1 - k.eye).dot(n);
    if ((d0 > 0) == (d1 > 0) || d0 == d1) return false;
    const Vec3 x = p0 + d0 / (d0 - d1) * (p1 - p0);
    const Vec3 r = x - k.eye, ra = k.a - k.eye, rb = k.b - k.eye;
    // x lies between the rays: on the a-side of the b ray and the b-side of the a ray.
    return ra.cross(r).dot(n) >= 0 && r.cross(rb).dot(n) >= 0 && r.dot(ra + rb) > 0;
}

Vec3 wedgeNormal(const KnifeStroke& k) {
    return (k.a - k.eye).cross(k.b - k.eye);
}

}  // namespace

int countCutEdges(const World& world, const KnifeStroke& stroke) {
    const Vec3 n = wedgeNormal(stroke);
    if (n.squaredNorm() < 1e-24) return 0;
    int count = 0;
    for (const DistanceConstraint& dc : world.constraints.distance)
        if (crossesWedge(stroke, n, world.particles.p[dc.i], world.particles.p[dc.j])) ++count;
    return count;
}

int cutAlongStroke(World& world, const KnifeStroke& stroke) {
    const Vec3 n = wedgeNormal(stroke);
    if (n.squaredNorm() < 1e-24) return 0;
    std::vector<int> vertices;
    for (const DistanceConstraint& dc : world.constraints.distance)
        if (crossesWedge(stroke, n, world.particles.p[dc.i], world.particles.p[dc.j])) {
            vertices.push_back(dc.i);
            vertices.push_back(dc.j);
        }
    std::sort(vertices.begin(), vertices.end());
    vertices.erase(std::unique(vertices.begin(), vertices.end()), vertices.end());
    int splits = 0;
    for (int v : vertices)
        if (splitVertex(world, v, n, stroke.eye) >= 0) ++splits;
    return splits;  // each split bumped the topology version (World::noteSplit)
}

}  // namespace sim
