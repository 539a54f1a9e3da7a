#pragma once
// What the GPU benches (gpu_cloth.cpp, gpu_softbody.cpp) share: pbd-bench's --device
// check, a scene advanced on the GPU to the frame to measure, and the measurement of one
// frame's solve: MGPBD on the GPU (with its setup, then warm), the GPU XPBD baselines
// given the same wall time, the fp32 SpMV of A (own kernel and cuSPARSE), one XPBD Jacobi
// sweep and the copy bandwidth. Output: one summary CSV row per frame and the residual
// curves, both headed by the GPU's name.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "bench/mgpbd_cli.h"
#include "sim/world/world.h"

namespace bench {

// A new world with base's particles, constraints, colliders, contacts and settings (World
// is move-only; reloading a large tet scene would rerun TetGen).
sim::World copyState(const sim::World& base);

struct GpuFrameOptions {
    double atol = 1e-4;  // MGPBD runs to ||b|| < min(atol, 1e-4 ||b_0||) or maxOuter
    int maxOuter = 100;
    bool xpbd = true;       // run the XPBD baselines
    int repeats = 50;       // SpMV timing launches
    int checkInterval = 4;  // GpuOptions: PCG iterations per host read
    bool graphs = true;     // GpuOptions: those iterations as one CUDA graph
    MgpbdOverrides mg;      // --pcg-tol, --inexact, --line-search, ... (bench/mgpbd_cli.h)
    // Adds the options above to a subcommand.
    void add(CLI::App& sub);
};

// `scene` at `res` with the overrides applied, advanced `frame` frames by MGPBD on the GPU,
// then stopped right before the next solve (external forces, damping, prediction, contacts).
// Exits with a message on a bad override.
sim::World worldBeforeGpuSolve(const std::string& scene, const sim::SceneParams& params, int frame,
                               const GpuFrameOptions& options);

struct Curve {
    std::string method;
    std::vector<std::pair<double, double>> points;  // (wall ms, ||b||)
};

struct GpuFrameResult {
    int rows = 0, levels = 0, outer = 0, pcgIterations = 0;
    long long nonZeros = 0;
    bool onDevice = false;
    double setupMs = 0;  // the cold solve's AMG setup (§4.2, due every setupInterval frames)
    double msAssemble = 0, msGalerkin = 0, msSolve = 0, msTransfer = 0;  // warm solve, totals
    double msPerOuter = 0;  // warm: (assemble + galerkin + solve) / outer iterations
    double b0 = 0, final = 0;
    double msToRel2 = -1, msToRel4 = -1, msToAtol = -1;  // -1: not reached
    double budgetMs = 0;  // the XPBD baselines' sweep time: MGPBD's time to atol (or its total)
    double atBudget = 0;  // MGPBD's ||b|| at that time
    double jacobiResidual = 0, gsResidual = 0;
    int jacobiSweeps = 0, gsSweeps = 0;
    double jacobiSweepMs = 0;
    double spmvOwnMs = 0, spmvCusparseMs = 0;
    std::vector<Curve> curves;
};

GpuFrameResult measureGpuFrame(sim::World& base, const GpuFrameOptions& options);

// CSV: the header comment (GPU, machine, command), the column names, a row per frame.
void writeSummaryHeader(FILE* out, const std::string& what, double copyGBs);
void writeSummaryRow(FILE* out, const std::string& label, const GpuFrameResult& r);
// CSV of the curves: method,label,point,wall_ms,dual_residual.
void writeCurves(FILE* out, const std::string& label, const GpuFrameResult& r, bool header);
// Device-to-device copy bandwidth [GB/s, read + write] over 512 MiB.
double measureCopyBandwidth();

}  // namespace bench
