#pragma once
// Splitting one vertex of the cloth surface, the topological step of tearing (PBD §5) and
// cutting. A plane through the vertex (normal `planeNormal`) divides its triangles: those
// whose centroid lies on the positive side stay, the others move to a new duplicate
// particle. Then, locally:
//   - mass: the duplicate takes the share of the moved triangles' area; the sum is kept
//     exactly, so the world's total mass does not change;
//   - stretch: an edge only moved triangles use is re-pointed to the duplicate; an edge used
//     by both sides is doubled (same rest length);
//   - bending: a hinge whose two wings end up on different sides is removed (it became two
//     boundary edges); otherwise its indices follow their triangles. Rest lengths and rest
//     angles are copied, never recomputed from the deformed state;
//   - the solver is told (Solver::onParticleSplit) so that HPBD can update its hierarchy.
// The caller bumps the topology version once after a batch of splits (World::bumpTopology).
#include "sim/world/world.h"

namespace sim {

// Returns the duplicate's index, or -1 when the plane leaves all triangles on one side
// (nothing to split) or the vertex is out of range.
int splitVertex(World& world, int vertex, const Vec3& planeNormal);
// The same with the plane through `planePoint` instead of the vertex (the knife's plane, so
// that all the vertices along a cut sort their triangles the same way). By value: a caller's
// point may live in the particle arrays, which the split grows.
int splitVertex(World& world, int vertex, Vec3 planeNormal, Vec3 planePoint);

}  // namespace sim
