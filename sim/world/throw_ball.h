#pragma once
// The throw tool: a rigid ball launched from the camera into the scene, two-way with the
// cloth and the soft bodies through the same contacts as every rigid body (as the testbeds
// people know offer: Box2D's and Jolt's samples, Ten Minute Physics). A plain function of the
// world, so a session recording replays a throw as its own event.
#include <string>

#include "sim/core/types.h"

namespace sim {

class World;

// Ball radius [m], density [kg/m^3] and launch speed [m/s]: a ball about a tenth of a
// cloth's side, a few kilograms, fast enough to cross a scene in a fraction of a second.
constexpr Real kThrownRadius = 0.1;
constexpr Real kThrownDensity = 500;
constexpr Real kThrownSpeed = 8;
// Balls a scene holds at most: each adds a body to every substep's contact passes, so a held
// key cannot fill the scene with them (a reset clears them).
constexpr int kMaxThrownBalls = 16;

// Adds a ball at `from` moving along `direction` at kThrownSpeed; returns "" or why not
// (a zero or non-finite direction, the scene's limit reached).
std::string throwBall(World& world, const Vec3& from, const Vec3& direction);

}  // namespace sim
