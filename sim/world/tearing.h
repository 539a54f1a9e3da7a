#pragma once
// Tearing, PBD paper §5: after the velocity update, every stretch constraint whose current
// length exceeds (1 + Settings::tearStrain) times its rest length is a tear candidate. The
// most strained ones first, one of the edge's vertices is split (vertex_split.h) by the
// plane through it perpendicular to the edge, so the cloth opens across the direction it
// is pulled in. A vertex is split at most once per stage, at most maxTearsPerSubstep
// splits a stage; the topology version is bumped once when anything changed.
#include <vector>

#include "sim/world/world.h"

namespace sim {

// Runs the tear stage; returns the number of vertices split.
int tearOverstrainedEdges(World& world);

// Splits the vertex of stretch constraint `constraint` that has more triangles (the other
// when that one cannot be split) by the plane perpendicular to the edge. Returns the
// duplicate particle or -1. Does not bump the topology version.
int tearEdge(World& world, int constraint);

}  // namespace sim
