// libFuzzer target: the state-file reader and loader (sim/io/state_file.h) into a small
// hanging_cloth world, the whole path of --state: read, restore into a scratch world,
// validate, check the state hash. A file that loads must leave a world that steps.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "sim/io/state_file.h"
#include "sim/scenes/scene_table.h"
#include "sim/world/world.h"
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
    // The checksum is stamped first, or almost every input would stop at it: the fuzzer
    // explores the reader behind it.
    std::string text(reinterpret_cast<const char*>(data), size);
    sim::stampStateChecksum(text);
    const std::string path =
        fuzz::writeInput(reinterpret_cast<const uint8_t*>(text.data()), text.size(), ".state.json");
    if (!sim::loadState(world, path).empty()) return 0;
    try {
        world.step();
    } catch (const sim::StepFailure&) {
        // A loaded state may be violent enough to fail a step: reported, not a crash.
    } catch (const std::invalid_argument&) {
    }
    world = freshWorld();  // the next input loads into the same scene
    return 0;
}
