#pragma once
// Solver-independent checks the --stats columns report: particles deeper than the
// collision thickness inside a collider, vertex-triangle crossings between two frames
// (ccd.h), and the number of connected pieces (union-find over stretch constraints); and
// the energy bound of the energy sweep and tests.
#include <vector>

#include "sim/collision/ccd.h"

namespace sim {

class World;

// Particles whose position lies deeper than settings.collisionThickness inside any collider.
int countPenetrations(const World& world);

// m g h: the potential energy the free particles would release falling from where they are
// to the ground plane y = 0 (mass x |gravity| x height of their centre of mass) [J]. Taken
// at the start of a scene where nothing else does work, kinetic energy must stay below it.
Real releasableEnergy(const World& world);

// Connected pieces: particles joined by stretch constraints or triangles; a particle with
// neither counts as its own piece.
int countComponents(const World& world);

// Remembers the positions of the last call and counts the crossings since then. Particles
// added by tearing start at their current position.
class CrossingMonitor {
public:
    int update(const World& world);

private:
    std::vector<Vec3> previous_;
    CrossingCounter counter_;
};

}  // namespace sim
