// pbd-bench gpu-softbody: MGPBD on the GPU on the squashed bunny of MGPBD Fig. 13 (issue 19:
// the ~850K-tet bunny). For each TetGen volume bound the bunny_squash scene is built (the
// CGAL bunny decimated to res^2 surface triangles, tetrahedralised with -q1.414 -a bound),
// advanced --frame frames on the GPU, and that frame's solve measured as gpu-cloth does
// (bench/gpu_bench_util.h). ARAP as one norm row per tet (the paper's eq. 8) unless
// --arap-form strain. The tet counts are in the case names.
#include <cstdio>
#include <iostream>
#include <memory>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "bench/gpu_bench_util.h"
#include "sim/io/tetgen_runner.h"
#include "sim/world/softbody_builder.h"

namespace bench {
namespace {

struct Args {
    int res = 32;
    std::string volumes = "1e-6,1.8e-7,1.15e-7";
    int frame = 0;
    std::string arapForm = "norm";
    std::string csv, curves;
    GpuFrameOptions options;
};

int run(const Args& a) {
    sim::ArapForm form;
    if (!sim::parseArapForm(a.arapForm, form)) {
        std::cerr << "pbd-bench: --arap-form '" << a.arapForm
                  << "' is invalid: must be strain or norm\n";
        return 2;
    }
    FILE* out = openCsv(a.csv);
    FILE* curves = a.curves.empty() ? nullptr : openCsv(a.curves);
    char what[200];
    std::snprintf(
        what, sizeof what,
        "scene bunny_squash res %d frame %d, ARAP %s rows, atol %g, at most %d outer iterations",
        a.res, a.frame, a.arapForm.c_str(), a.options.atol, a.options.maxOuter);
    writeSummaryHeader(out, what, measureCopyBandwidth());
    bool first = true;
    for (double volume : parseList<double>(a.volumes)) {
        sim::SceneParams params;
        params.resolution = a.res;
        params.arapForm = form;
        params.tetgen.maxVolume = volume;
        if (std::string e = params.tetgen.validate(); !e.empty()) {
            std::cerr << "pbd-bench: " << e << "\n";
            return 2;
        }
        sim::World base = worldBeforeGpuSolve("bunny_squash", params, a.frame, a.options);
        const size_t tets = base.constraints.arap.size() + base.constraints.arapStrain.size();
        const GpuFrameResult r = measureGpuFrame(base, a.options);
        char label[80];
        std::snprintf(label, sizeof label, "bunny-%zutets-a%g", tets, volume);
        writeSummaryRow(out, label, r);
        if (curves) writeCurves(curves, label, r, first);
        first = false;
        std::cerr << label << ": " << r.rows << " rows, " << r.nonZeros << " nonzeros, "
                  << r.msPerOuter << " ms per outer iteration (" << r.outer << " outer, "
                  << r.pcgIterations << " PCG), setup " << r.setupMs << " ms, ||b|| " << r.b0
                  << " -> " << r.final << "\n";
    }
    if (out != stdout) std::fclose(out);
    if (curves && curves != stdout) std::fclose(curves);
    return 0;
}

BenchRegistration reg(
    {"gpu-softbody",
     "MGPBD and XPBD on the GPU on the squashed bunny (up to ~850K tets): ms per outer iteration",
     [](CLI::App& sub) {
         auto a = std::make_shared<Args>();
         sub.add_option("--res", a->res, "bunny surface: res^2 triangles before TetGen");
         sub.add_option("--max-volume", a->volumes,
                        "comma-separated TetGen -a bounds [m^3] (0 = none); 1.1e-7 gives ~850K "
                        "tets at res 32");
         sub.add_option("--frame", a->frame,
                        "frames advanced on the GPU before the measured solve");
         sub.add_option("--arap-form", a->arapForm, "norm (one row per tet) or strain (six)");
         sub.add_option("--csv", a->csv, "summary CSV (default stdout)");
         sub.add_option("--curves", a->curves, "residual-vs-time CSV");
         a->options.add(sub);
         return [a] { return run(*a); };
     }});

}  // namespace
}  // namespace bench
