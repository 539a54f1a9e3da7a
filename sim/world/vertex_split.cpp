#include "sim/world/vertex_split.h"

#include <algorithm>

#include "sim/constraints/constraint_set.h"

namespace sim {

namespace {

struct Incident {
    int tri;
    bool moved;
};

// Which sides of the split plane a constraint touching v lies on: the sides of v's
// triangles that hold v and (up to two of) its other particles — its element: an edge's
// triangles, a hinge's wings, a tet's boundary faces — or, when it has none (a tet inside
// a soft body, an edge no triangle uses), the side of its centroid.
struct SideQuery {
    const std::vector<Triangle>& triangles;
    const std::vector<Incident>& incident;
    const std::vector<Vec3>& p;
    int v;
    Vec3 normal, origin;

    // idx: a std::array (fixed arity) or a span (variable arity).
    template <class Idx>
    void sidesOf(const Idx& idx, bool& stay, bool& moved) const {
        stay = moved = false;
        const int N = static_cast<int>(idx.size());
        const int need = std::min(N - 1, 2);
        for (const Incident& in : incident) {
            int shared = 0;
            for (int k : idx)
                if (k != v && hasVertex(triangles[in.tri], k)) ++shared;
            if (shared >= need) (in.moved ? moved : stay) = true;
        }
        if (stay || moved) return;
        Vec3 centroid = Vec3::Zero();
        for (int k : idx) centroid += p[k];
        ((centroid / Real(N) - origin).dot(normal) <= 0 ? moved : stay) = true;
    }
    static bool hasVertex(const Triangle& t, int k) { return t[0] == k || t[1] == k || t[2] == k; }
};

// Applies the type's split rule (constraint_traits.h) to every constraint that uses v;
// keeps the array's order, appends duplicates at the end. Constraints are moved, not
// copied (a variable-arity one owns its particle list).
template <class Traits, class Array>
void splitArray(Array& array, int v, int d, const SideQuery& sides) {
    const size_t count = array.size();
    size_t kept = 0;
    Array copies;
    for (size_t c = 0; c < count; ++c) {
        auto& con = array[c];
        const auto idx = Traits::indices(con);
        if (std::find(idx.begin(), idx.end(), v) != idx.end()) {
            if constexpr (Traits::split == SplitRule::Drop) continue;
            bool stay = false, moved = false;
            sides.sidesOf(idx, stay, moved);
            if (stay && moved) {
                if constexpr (Traits::split == SplitRule::DropShared) continue;
                if constexpr (Traits::split == SplitRule::DuplicateShared) {
                    copies.push_back(con);
                    remapParticle<Traits>(copies.back(), v, d);
                }
                if constexpr (Traits::split == SplitRule::Remap) {
                    Vec3 centroid = Vec3::Zero();
                    for (int k : idx) centroid += sides.p[k];
                    if ((centroid / Real(idx.size()) - sides.origin).dot(sides.normal) <= 0)
                        remapParticle<Traits>(con, v, d);
                }
            } else if (moved) {
                remapParticle<Traits>(con, v, d);
            }
        }
        if (kept != c) array[kept] = std::move(con);
        ++kept;
    }
    array.resize(kept);
    array.insert(array.end(), copies.begin(), copies.end());
}

}  // namespace

int splitVertex(World& world, int v, const Vec3& planeNormal) {
    if (v < 0 || v >= world.particles.size()) return -1;
    return splitVertex(world, v, planeNormal, world.particles.p[v]);
}

int splitVertex(World& world, int v, Vec3 planeNormal, Vec3 origin) {
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
    const auto movedCount =
        std::count_if(incident.begin(), incident.end(), [](const Incident& i) { return i.moved; });
    if (movedCount == 0 || movedCount == static_cast<long>(incident.size())) return -1;

    // Mass: split by area share (equal split for a degenerate fan), sum kept exactly.
    const Real share =
        areaAll > 1e-20 ? areaMoved / areaAll : Real(movedCount) / Real(incident.size());
    const Real mOld = P.m[v];
    const Real mDup = std::clamp(share, 0.05, 0.95) * mOld;
    const int d = P.add(P.x[v], mDup);
    P.m[v] = mOld - mDup;
    P.v[d] = P.v[v];
    P.p[d] = P.p[v];
    P.origin[d] = P.origin[v];
    P.rest[d] = P.rest[v];
    P.w[v] = P.pinned[v] ? 0.0 : 1.0 / P.m[v];
    P.setPinned(d, P.pinned[v] != 0);
    if (P.pinned[d]) P.v[d] = P.v[v];

    const SideQuery sides{world.triangles, incident, P.p, v, planeNormal, origin};
    visitConstraints(world.constraints, [&](auto& array, const auto& traits) {
        splitArray<std::decay_t<decltype(traits)>>(array, v, d, sides);
    });

    for (const Incident& in : incident)
        if (in.moved)
            for (int& k : world.triangles[in.tri])
                if (k == v) k = d;

    world.noteSplit(v, d);
    return d;
}

}  // namespace sim
