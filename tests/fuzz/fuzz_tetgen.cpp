// libFuzzer target: the TetGen .node/.ele reader (sim/io/tetgen_io.h). One input holds both
// files, the .node text, a line "=====", then the .ele text (no separator: all .node).
#include <cstddef>
#include <cstdint>
#include <string>

#include "sim/io/tetgen_io.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const std::string separator = "\n=====\n";
    const size_t at = text.find(separator);
    const std::string node = text.substr(0, at);
    const std::string ele =
        at == std::string::npos ? std::string() : text.substr(at + separator.size());
    const sim::TetMeshResult r = sim::parseTetGen(node, ele, "fuzz.node", "fuzz.ele");
    if (r.error.empty()) fuzz::checkAccepted(r.mesh);
    return 0;
}
