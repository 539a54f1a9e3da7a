#include "sim/world/tearing.h"

#include <algorithm>

#include "sim/world/vertex_split.h"

namespace sim {

int tearEdge(World& world, int constraint) {
    if (constraint < 0 || constraint >= static_cast<int>(world.constraints.distance.size()))
        return -1;
    const DistanceConstraint dc = world.constraints.distance[constraint];
    const Particles& P = world.particles;
    Vec3 e = P.p[dc.j] - P.p[dc.i];
    if (e.squaredNorm() < 1e-24) e = P.x[dc.j] - P.x[dc.i];
    if (e.squaredNorm() < 1e-24) return -1;
    // The plane through i perpendicular to e: triangles toward j stay with i.
    int d = splitVertex(world, dc.i, e);
    if (d < 0) d = splitVertex(world, dc.j, -e);
    return d;
}

int tearOverstrainedEdges(World& world) {
    const Settings& s = world.settings;
    if (s.tearStrain <= 0 || s.maxTearsPerSubstep == 0) return 0;
    const Particles& P = world.particles;
    const auto& distance = world.constraints.distance;
    std::vector<std::pair<Real, int>> candidates;
    for (int c = 0; c < static_cast<int>(distance.size()); ++c) {
        const DistanceConstraint& dc = distance[c];
        if (dc.restLength <= 0) continue;
        const Real strain = (P.x[dc.i] - P.x[dc.j]).norm() / dc.restLength - 1;
        if (strain > s.tearStrain) candidates.push_back({strain, c});
    }
    if (candidates.empty()) return 0;
    std::sort(candidates.begin(), candidates.end(), std::greater<>());
    std::vector<uint8_t> touched(P.size(), 0);
    int splits = 0;
    for (const auto& [strain, c] : candidates) {
        if (splits >= s.maxTearsPerSubstep) break;
        const DistanceConstraint dc = distance[c];
        // Indices past the stage's start are this stage's duplicates: leave them be.
        if (dc.i >= static_cast<int>(touched.size()) || dc.j >= static_cast<int>(touched.size()) ||
            touched[dc.i] || touched[dc.j])
            continue;
        touched[dc.i] = touched[dc.j] = 1;
        if (tearEdge(world, c) >= 0) ++splits;
    }
    return splits;  // each split bumped the topology version (World::noteSplit)
}

}  // namespace sim
