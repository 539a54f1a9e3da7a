// pbd-bench tetgen: wall time of tetrahedralizing procedural closed surfaces with the
// tetgen program (cache bypassed: a fresh temporary cache folder per run).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "sim/io/tetgen_runner.h"
#include "sim/topology/closed_surfaces.h"

namespace bench {
namespace {

struct Args {
    double quality = 1.414;
    double maxVolume = 0;
    std::string csv;
};

int run(const Args& a) {
    struct Surface {
        const char* name;
        sim::TriangleMesh mesh;
    };
    const Surface surfaces[] = {
        {"icosphere_4", sim::makeIcosphere(sim::Vec3::Zero(), 1.0, 4)},
        {"torus_50x50", sim::makeTorus(sim::Vec3::Zero(), 1.0, 0.3, 50, 50)},
        {"capsule_64x16", sim::makeCapsule(sim::Vec3::Zero(), 0.5, 0.5, 64, 16)},
    };
    FILE* out = openCsv(a.csv);
    std::fprintf(out, "# %s; pbd-bench tetgen --quality %g --max-volume %g\n",
                 machineDescription().c_str(), a.quality, a.maxVolume);
    std::fprintf(out, "surface,triangles,vertices,tets,seconds\n");
    const auto dir =
        std::filesystem::temp_directory_path() / ("pbd-bench-tetgen-" + std::to_string(::getpid()));
    int rc = 0;
    for (const Surface& s : surfaces) {
        std::filesystem::remove_all(dir);
        sim::TetgenOptions options;
        options.quality = a.quality;
        options.maxVolume = a.maxVolume;
        options.cacheDir = dir.string();
        const auto t0 = std::chrono::steady_clock::now();
        const sim::TetgenResult r = sim::tetrahedralize(s.mesh, options);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (!r.error.empty()) {
            std::fprintf(stderr, "pbd-bench tetgen: %s: %s\n", s.name, r.error.c_str());
            rc = 1;
            continue;
        }
        std::fprintf(out, "%s,%zu,%zu,%zu,%.3f\n", s.name, s.mesh.triangles.size(),
                     s.mesh.vertices.size(), r.mesh.tets.size(), seconds);
        std::fflush(out);
    }
    std::filesystem::remove_all(dir);
    if (out != stdout) std::fclose(out);
    return rc;
}

BenchRegistration reg({"tetgen", "time to tetrahedralize ~5,000-triangle closed surfaces",
                       [](CLI::App& sub) {
                           auto a = std::make_shared<Args>();
                           sub.add_option("--quality", a->quality, "tetgen -q bound (0 = off)");
                           sub.add_option("--max-volume", a->maxVolume,
                                          "tetgen -a bound (0 = none)");
                           sub.add_option("--csv", a->csv);
                           return [a] { return run(*a); };
                       }});

}  // namespace
}  // namespace bench
