// libFuzzer target: the state-file reader and loader (sim/io/state_file.h) into a small
// hanging_cloth world, the whole path of --state: read, restore into a scratch world,
// validate, check the state hash. A file that loads must leave a world that steps.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "sim/core/world.h"
#include "sim/io/state_file.h"
#include "sim/scenes/scene_table.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

sim::World freshWorld() {
    sim::World world;
    if (!sim::loadScene(world, "hanging_cloth", 3).empty()) std::abort();
    return world;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static sim::World world = freshWorld();
    if (!sim::loadState(world, fuzz::writeInput(data, size, ".state.json")).empty()) return 0;
    try {
        world.step();
    } catch (const sim::StepFailure&) {
        // A loaded state may be violent enough to fail a step: reported, not a crash.
    } catch (const std::invalid_argument&) {
    }
    world = freshWorld();  // the next input loads into the same scene
    return 0;
}
