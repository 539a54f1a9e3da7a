#include "bench/bench_util.h"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <thread>

#include "sim/scenes/scene_table.h"

namespace bench {

sim::World loadSceneOrDie(const std::string& scene, int res) {
    sim::SceneParams params;
    params.resolution = res;
    return loadSceneOrDie(scene, params);
}

sim::World loadSceneOrDie(const std::string& scene, const sim::SceneParams& params) {
    sim::World world;
    if (std::string error = sim::loadScene(world, scene, params); !error.empty()) {
        std::cerr << "pbd-bench: " << error << "\n";
        std::exit(2);
    }
    return world;
}

std::string solverFiguresText(const sim::SolverStats& stats, const char* separator) {
    std::ostringstream out;
    out.precision(4);
    stats.visit([&](const char* name, double value, const char* unit) {
        out << separator << name << ' ' << value << (*unit ? " " : "") << unit;
    });
    return out.str();
}

std::string machineDescription() {
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line, model = "unknown CPU";
    while (std::getline(cpuinfo, line))
        if (line.rfind("model name", 0) == 0) {
            model = line.substr(line.find(':') + 2);
            break;
        }
    return model + ", " + std::to_string(std::thread::hardware_concurrency()) + " threads";
}

FILE* openCsv(const std::string& path) {
    FILE* f = path.empty() || path == "-" ? stdout : std::fopen(path.c_str(), "w");
    if (!f) {
        std::cerr << "pbd-bench: cannot write " << path << "\n";
        std::exit(2);
    }
    // The header scripts/results reads: what reruns this file, and where it ran.
    std::fprintf(f, "# command: %s\n# machine: %s\n", benchCommandLine().c_str(),
                 machineDescription().c_str());
    return f;
}

}  // namespace bench
