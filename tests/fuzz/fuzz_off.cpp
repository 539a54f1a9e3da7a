// libFuzzer target: the OFF reader (sim/io/off_loader.h) on arbitrary bytes.
#include <cstddef>
#include <cstdint>
#include <string>

#include "sim/io/off_loader.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const sim::ObjResult r = sim::parseOff(text, "fuzz.off");
    if (r.error.empty()) fuzz::checkAccepted(r.mesh);
    return 0;
}
