#pragma once
// The tethers of a world (constraints/tether.h): a multi-source Dijkstra from every pinned
// particle over the stretch constraints, weighted by their rest lengths, gives each particle
// it reaches its two nearest pins and the rest geodesic distances to them. World rebuilds them in
// the kinematics stage whenever the topology or the pins change (Settings::tethers).
#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "sim/constraints/distance.h"
#include "sim/constraints/tether.h"
#include "sim/core/particles.h"

namespace sim {

// What one build learnt about straight rest segments, kept for the next. Tears and cuts only
// add boundary edges, so a segment found crossing the boundary still crosses it, and one found
// clear need only be tested against the edges added since. A build whose rest shape or
// boundary is not an extension of the last one's starts the cache again. Results are keyed by
// the particles' origins (Particles::origin: split copies share their rest position).
struct TetherCache {
    std::vector<Vec3> rest;          // Particles::rest at the last build
    std::vector<uint64_t> boundary;  // its boundary edges as sorted (origin, origin) keys
    std::unordered_map<uint64_t, bool> straight;  // (origin, pin origin) -> segment clear

    void clear() {
        rest.clear();
        boundary.clear();
        straight.clear();
    }
};

// `triangles`: the surface, to find the boundary a straight rest distance must not cross.
// `cache` (optional): the last build's findings; the tethers are the same with or without it.
// `held`: a particle pinned only by the mouse's hand (World::beginGrab), or -1. It anchors
// the cloth around it like any pin, and also keeps its own tethers to the other pins, which
// bound how far the hand may pull it (World's slip rule).
void buildTethers(const Particles& particles, const std::vector<DistanceConstraint>& edges,
                  const std::vector<std::array<int, 3>>& triangles,
                  std::vector<TetherConstraint>& tethers, TetherCache* cache = nullptr,
                  int held = -1);

}  // namespace sim
