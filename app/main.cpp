// pbd-sandbox: the interactive program, and its headless runner for tests and benchmarks.
#include <cstdio>
#include <exception>

#include "app/compare.h"
#include "app/headless_runner.h"
#include "app/options.h"
#include "sim/core/params.h"

#ifdef PBD_HAVE_GUI
#include "app/gui_app.h"
#endif

int main(int argc, char** argv) {
    app::Options options;
    if (auto code = app::parseOptions(argc, argv, options)) return *code;
    try {
        if (options.listScenes) return app::listScenes();
        if (options.listParams) {
            std::fputs(sim::paramsMarkdown().c_str(), stdout);
            return 0;
        }
        if (options.headless)
            return options.compareSolvers.empty() ? app::runHeadless(options)
                                                  : app::runHeadlessCompare(options);
#ifdef PBD_HAVE_GUI
        return app::runWindow(options);
#else
        std::fprintf(stderr,
                     "pbd-sandbox: this build has no window (GLFW/ImGui missing); running "
                     "headless.\n");
        return options.compareSolvers.empty() ? app::runHeadless(options)
                                              : app::runHeadlessCompare(options);
#endif
    } catch (const std::exception& e) {
        std::fprintf(stderr, "pbd-sandbox: %s\n", e.what());
        return 1;
    }
}
