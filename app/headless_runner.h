#pragma once
// Runs a scene without a window for N frames, writes the per-frame CSV and prints a
// one-line summary. Returns the process exit code.
#include "app/options.h"

namespace app {

int runHeadless(const Options& options);
int listScenes();

}  // namespace app
