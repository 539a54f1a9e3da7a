// pbd-bench gpu-cloth: MGPBD on the GPU on the paper's cloth (issue 19). For each N and frame
// the mgpbd_cloth scene is advanced on the GPU, then that frame's solve is measured
// (bench/gpu_bench_util.h): ms per outer iteration (assembly, Galerkin refresh, PCG solve;
// the lazy setup apart), wall time to relative residual 1e-2 / 1e-4 and to --atol, the GPU
// XPBD baselines (Jacobi, coloured Gauss-Seidel) given MGPBD's time to --atol, the fp32
// SpMV of A (own kernel and cuSPARSE) and one Jacobi sweep. The CSV names the GPU.
#include <cstdio>
#include <iostream>
#include <memory>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "bench/gpu_bench_util.h"

namespace bench {
namespace {

struct Args {
    std::string res = "256,512,1024";
    std::string frames = "0,10";
    std::string csv, curves;
    GpuFrameOptions options;
};

int run(const Args& a) {
    FILE* out = openCsv(a.csv);
    FILE* curves = a.curves.empty() ? nullptr : openCsv(a.curves);
    char what[160];
    std::snprintf(what, sizeof what, "scene mgpbd_cloth, atol %g, at most %d outer iterations",
                  a.options.atol, a.options.maxOuter);
    writeSummaryHeader(out, what, measureCopyBandwidth());
    bool first = true;
    for (int res : parseList<int>(a.res))
        for (int frame : parseList<int>(a.frames)) {
            sim::World base =
                worldBeforeGpuSolve("mgpbd_cloth", sim::SceneParams{res, {}, {}}, frame, a.options);
            const GpuFrameResult r = measureGpuFrame(base, a.options);
            const std::string label =
                "cloth-N" + std::to_string(res) + "-frame" + std::to_string(frame);
            writeSummaryRow(out, label, r);
            if (curves) writeCurves(curves, label, r, first);
            first = false;
            std::cerr << label << ": " << r.rows << " rows, " << r.msPerOuter
                      << " ms per outer iteration (" << r.outer << " outer, " << r.pcgIterations
                      << " PCG), setup " << r.setupMs << " ms, ||b|| " << r.b0 << " -> " << r.final
                      << "; XPBD-Jacobi at " << r.budgetMs << " ms: " << r.jacobiResidual << "\n";
        }
    if (out != stdout) std::fclose(out);
    if (curves && curves != stdout) std::fclose(curves);
    return 0;
}

BenchRegistration reg(
    {"gpu-cloth",
     "MGPBD and XPBD on the GPU on the paper's cloth: ms per outer iteration, time to 1e-2/1e-4",
     [](CLI::App& sub) {
         auto a = std::make_shared<Args>();
         sub.add_option("--res", a->res, "comma-separated N list");
         sub.add_option("--frames", a->frames, "comma-separated frames");
         sub.add_option("--csv", a->csv, "summary CSV (default stdout)");
         sub.add_option("--curves", a->curves, "residual-vs-time CSV");
         a->options.add(sub);
         return [a] { return run(*a); };
     }});

}  // namespace
}  // namespace bench
