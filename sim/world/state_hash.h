#pragma once
// A 64-bit hash of the simulated state (Box2D's test_determinism, Jolt's -validate_hash):
// positions and velocities bit for bit, the triangles, every constraint's particle indices
// and the pins. Equal hashes after equal inputs (scripted input, state files, the same
// thread count) is the determinism guarantee; the `state_hash` column of --stats prints it.
#include <cstdint>
#include <string>

namespace sim {

class World;

uint64_t stateHash(const World& world);
// 16 hex digits.
std::string stateHashText(const World& world);

}  // namespace sim
