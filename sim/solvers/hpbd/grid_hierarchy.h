#pragma once
// The direct hierarchy for regular grids (HPBD, Müller 2008, Fig. 6): each coarser level keeps
// every other row and column of the finer one (and always the last, so the border stays),
// triangulated like the base grid. Parents and weights come from the same linkParents as the
// general builder; coarse rest lengths are rest-pose distances (for a flat grid these equal
// the geodesic sums along the grid lines). Used to check the general builder on grids.
#include "sim/solvers/hpbd/hierarchy.h"
#include "sim/topology/grid_mesh.h"

namespace sim {

// `rest` holds every world particle; the grid's vertex (r, c) is particle
// firstParticle + gridIndex(spec, r, c). Particles outside the grid stay on level 0.
Hierarchy buildGridHierarchy(const std::vector<Vec3>& rest, const GridSpec& spec, int firstParticle,
                             const HpbdSettings& settings);

}  // namespace sim
