#pragma once
// The tethers of a world (constraints/tether.h): a multi-source Dijkstra from every pinned
// particle over the stretch constraints, weighted by their rest lengths, gives each particle
// it reaches its two nearest pins and the rest geodesic distances to them. World rebuilds them in
// the kinematics stage whenever the topology or the pins change (Settings::tethers).
#include <array>
#include <vector>

#include "sim/constraints/distance.h"
#include "sim/constraints/tether.h"
#include "sim/core/particles.h"

namespace sim {

// `triangles`: the surface, to find the boundary a straight rest distance must not cross.
void buildTethers(const Particles& particles, const std::vector<DistanceConstraint>& edges,
                  const std::vector<std::array<int, 3>>& triangles,
                  std::vector<TetherConstraint>& tethers);

}  // namespace sim
