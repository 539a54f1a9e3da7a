#pragma once
// Limits before allocation: the size of a scene at a resolution, estimated from the
// scene's own growth law before anything is built (a very fine cloth can take the machine's
// memory before it finishes its first frame). loadScene refuses a scene whose estimate
// exceeds the memory limit unless SceneParams::allowLarge (--allow-large) says otherwise,
// and prints the estimate before any build over kAnnounceBytes. The laws are checked
// against real builds by ctest (SceneBudget.*), so a new scene without one fails there.
#include <cstdint>
#include <string>

namespace sim {

struct SceneEstimate {
    double particles = 0;
    double constraints = 0;
    double bytes = 0;    // simulation memory of the PBD solver, a generous estimate
    bool known = false;  // false: the scene has no growth law here
};

SceneEstimate estimateScene(const std::string& name, int resolution);

// The memory a scene may use without --allow-large: 1 GiB or a quarter of the machine's
// RAM, whichever is less (hanging_cloth up to a resolution of about 1500).
double sceneMemoryLimit();
inline constexpr double kAnnounceBytes = 256.0 * (1 << 20);

// Empty when the scene fits (or allowLarge); else a message with the estimate, the limit
// and the override. Prints the estimate to stderr when it is over kAnnounceBytes.
std::string checkSceneBudget(const std::string& name, int resolution, bool allowLarge);

}  // namespace sim
