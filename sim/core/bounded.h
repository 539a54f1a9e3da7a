#pragma once
// The bound past which a state counts as blown up, and the fast check of it.
#include <vector>

#include "sim/core/types.h"

namespace sim {

// Past this magnitude (1e12 m, 1e12 m/s in a sandbox a few metres across) a state has blown
// up even while it is still finite, and the metrics computed from it (squares, differences)
// overflow to NaN.
constexpr Real kExplodedValue = 1e12;

// Every component finite and below kExplodedValue in magnitude (World::step checks x, v and
// p after each stage).
bool allBounded(const std::vector<Vec3>& a);

}  // namespace sim
