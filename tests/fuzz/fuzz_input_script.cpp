// libFuzzer target: the scripted-input JSON reader (app/gui/input_script_file.h, which needs
// GLFW's key codes from its header only, so no window library is linked).
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "app/gui/input_script_file.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    app::gui::ScriptFile script;
    if (!app::gui::parseInputScript(text, "fuzz.json", script).empty()) return 0;
    int previous = 0;
    for (const app::gui::ScriptEvent& e : script.events) {
        if (e.frame < previous) fuzz::violated("events are sorted by frame");
        previous = e.frame;
        if (!std::isfinite(e.x) || !std::isfinite(e.y) || !std::isfinite(e.steps))
            fuzz::violated("every number of an event is finite");
    }
    return 0;
}
