#include "sim/topology/vertex_split.h"

#include <algorithm>

namespace sim {

namespace {

struct Incident {
    int tri;
    bool moved;
};

bool sameTriangle(const Triangle& t, int a, int b, int c) {
    auto has = [&](int v) { return t[0] == v || t[1] == v || t[2] == v; };
    return has(a) && has(b) && has(c);
}

// Which side the triangle (a, b, c) is on: 1 moved, 0 stays, -1 not incident to the vertex.
int sideOf(const std::vector<Triangle>& triangles, const std::vector<Incident>& incident, int a,
           int b, int c) {
    for (const Incident& in : incident)
        if (sameTriangle(triangles[in.tri], a, b, c)) return in.moved ? 1 : 0;
    return -1;
}

}  // namespace

int splitVertex(World& world, int v, const Vec3& planeNormal) {
    if (v < 0 || v >= world.particles.size()) return -1;
    return splitVertex(world, v, planeNormal, world.particles.p[v]);
}

int splitVertex(World& world, int v, const Vec3& planeNormal, const Vec3& origin) {
    Particles& P = world.particles;
    if (v < 0 || v >= P.size()) return -1;
    std::vector<Incident> incident;
    Real areaMoved = 0, areaAll = 0;
    for (int t = 0; t < static_cast<int>(world.triangles.size()); ++t) {
        const Triangle& tri = world.triangles[t];
        if (tri[0] != v && tri[1] != v && tri[2] != v) continue;
        const Vec3 centroid = (P.p[tri[0]] + P.p[tri[1]] + P.p[tri[2]]) / 3.0;
        const bool moved = (centroid - origin).dot(planeNormal) <= 0;
        const Real area = 0.5 * (P.x[tri[1]] - P.x[tri[0]]).cross(P.x[tri[2]] - P.x[tri[0]]).norm();
        incident.push_back({t, moved});
        areaAll += area;
        if (moved) areaMoved += area;
    }
    const auto movedCount = std::count_if(incident.begin(), incident.end(),
                                          [](const Incident& i) { return i.moved; });
    if (movedCount == 0 || movedCount == static_cast<long>(incident.size())) return -1;

    // Mass: split by area share (equal split for a degenerate fan), sum kept exactly.
    const Real share = areaAll > 1e-20 ? areaMoved / areaAll
                                       : Real(movedCount) / Real(incident.size());
    const Real mOld = P.m[v];
    const Real mDup = std::clamp(share, 0.05, 0.95) * mOld;
    const int d = P.add(P.x[v], mDup);
    P.m[v] = mOld - mDup;
    P.v[d] = P.v[v];
    P.p[d] = P.p[v];
    P.origin[d] = P.origin[v];
    P.w[v] = P.pinned[v] ? 0.0 : 1.0 / P.m[v];
    P.setPinned(d, P.pinned[v] != 0);
    if (P.pinned[d]) P.v[d] = P.v[v];

    // Stretch: per edge (v, k), which sides use it.
    auto edgeSides = [&](int k, bool& stay, bool& moved) {
        stay = moved = false;
        for (const Incident& in : incident) {
            const Triangle& t = world.triangles[in.tri];
            if (t[0] == k || t[1] == k || t[2] == k) (in.moved ? moved : stay) = true;
        }
    };
    auto& distance = world.constraints.distance;
    const size_t distanceCount = distance.size();
    for (size_t c = 0; c < distanceCount; ++c) {
        DistanceConstraint& dc = distance[c];
        if (dc.i != v && dc.j != v) continue;
        const int k = dc.i == v ? dc.j : dc.i;
        bool stay, moved;
        edgeSides(k, stay, moved);
        if (moved && stay) {
            DistanceConstraint copy = dc;
            (copy.i == v ? copy.i : copy.j) = d;
            distance.push_back(copy);
        } else if (moved) {
            (dc.i == v ? dc.i : dc.j) = d;
        }
    }

    // Bending: follow the two wing triangles (i1, i2, i3) and (i1, i2, i4).
    auto& bending = world.constraints.bending;
    for (size_t c = 0; c < bending.size();) {
        BendingConstraint& b = bending[c];
        const bool touches = b.i1 == v || b.i2 == v || b.i3 == v || b.i4 == v;
        if (!touches) {
            ++c;
            continue;
        }
        const int s3 = sideOf(world.triangles, incident, b.i1, b.i2, b.i3);
        const int s4 = sideOf(world.triangles, incident, b.i1, b.i2, b.i4);
        const bool hinge = b.i1 == v || b.i2 == v;
        if (hinge && s3 >= 0 && s4 >= 0 && s3 != s4) {
            bending.erase(bending.begin() + static_cast<long>(c));  // now two boundary edges
            continue;
        }
        const bool move = hinge ? (s3 == 1 || s4 == 1) : (b.i3 == v ? s3 == 1 : s4 == 1);
        if (move) {
            for (int* idx : {&b.i1, &b.i2, &b.i3, &b.i4})
                if (*idx == v) *idx = d;
        }
        ++c;
    }

    for (const Incident& in : incident)
        if (in.moved)
            for (int& k : world.triangles[in.tri])
                if (k == v) k = d;

    world.solver().onParticleSplit(world, v, d);
    return d;
}

}  // namespace sim
