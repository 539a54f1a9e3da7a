#pragma once
// Consistency checks of a world's state: finite positions and velocities, non-negative
// inverse masses, constraint indices in range. Empty string when valid, else a message
// naming the first problem. World::step runs it after each stage when
// Settings::validateEachStage is on; loaders run it on what they build.
#include <string>

#include "sim/core/bounded.h"

namespace sim {

class World;

std::string validateWorld(const World& world);

}  // namespace sim
