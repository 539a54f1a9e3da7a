#pragma once
// Helpers shared by the bench subcommands: loading a scene with overrides, timing frames,
// CSV output, and parsing comma-separated lists.
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "sim/scenes/scene_table.h"
#include "sim/world/world.h"

namespace bench {

template <class T>
std::vector<T> parseList(const std::string& text) {
    std::vector<T> values;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        std::stringstream one(item);
        T v{};
        if (one >> v) values.push_back(v);
    }
    return values;
}

// Loads a scene, exits the process with a message on error.
sim::World loadSceneOrDie(const std::string& scene, int res);
sim::World loadSceneOrDie(const std::string& scene, const sim::SceneParams& params);

// A solver's own figures as "name value unit" joined by `separator`, for the benches' logs.
std::string solverFiguresText(const sim::SolverStats& stats, const char* separator);

// Describes this machine (CPU model, cores) for the CSV headers of committed results.
std::string machineDescription();

// The command line pbd-bench was started with (set by main), for CSV headers.
std::string& benchCommandLine();

// Opens a CSV file (or stdout for "-" / empty) and writes its `# command:` and `# machine:`
// header lines; exits on failure.
FILE* openCsv(const std::string& path);

}  // namespace bench
