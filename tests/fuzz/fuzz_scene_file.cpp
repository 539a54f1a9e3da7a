// libFuzzer target: the scene-file reader (sim/scenes/scene_file.h). Only reading: building the
// described scene would run TetGen and allocate what the file asks for, which the scene
// budget (scene_budget.h) bounds and its own tests cover.
#include <cstddef>
#include <cstdint>

#include "sim/scenes/scene_file.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    sim::SceneDescription description;
    (void)sim::readSceneFile(fuzz::writeInput(data, size, ".scene.json"), description);
    return 0;
}
