#pragma once
// Consistency checks of a world's state: finite positions and velocities, non-negative
// inverse masses, constraint indices in range. Empty string when valid, else a message
// naming the first problem. World::step runs it after each stage when
// Settings::validateEachStage is on; loaders run it on what they build.
#include <string>
#include <vector>

#include "sim/core/types.h"

namespace sim {

class World;

std::string validateWorld(const World& world);

// Past this magnitude (1e12 m, 1e12 m/s in a sandbox a few metres across) a state has blown
// up even while it is still finite, and the metrics computed from it (squares, differences)
// overflow to NaN.
constexpr Real kExplodedValue = 1e12;

// Every component finite and below kExplodedValue in magnitude (World::step checks x, v and
// p after each stage).
bool allBounded(const std::vector<Vec3>& a);

}  // namespace sim
