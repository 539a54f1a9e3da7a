#pragma once
// The GPU XPBD baselines of issue 19, one sweep per call (CPU references and the formulas:
// xpbd_reference.h): Jacobi with atomic accumulation of the corrections, and graph-coloured
// Gauss-Seidel with one launch per colour. Plus the dual residual ||-C - alpha~ lambda||'s
// per-row terms, the measure every solver reports (sim/sweeps/residual.h).
#include <cuda_runtime_api.h>

#include "sim/cuda/device_views.h"

namespace sim::cuda {

constexpr int kMaxRowBlocks = 8;
// Every block of the dual system's rows (one per constraint type with rows).
struct BlockSet {
    RowBlock blocks[kMaxRowBlocks];
    int count = 0;
};

// One Jacobi sweep's corrections: lambda updated, w dlambda grad atomically added to dx.
void launchXpbdJacobi(const RowBlock& block, const SlotView& slots, const double* w,
                      const double* p, const int* degree, double* lambda, double* dx,
                      cudaStream_t stream);
// p += dx, then dx = 0 (ready for the next sweep).
void launchApplyDelta(int particles, double* dx, double* p, cudaStream_t stream);
// One colour of a coloured Gauss-Seidel sweep: rows[0 .. count) projected in parallel.
void launchXpbdColour(const BlockSet& blocks, const SlotView& slots, const int* rows, int count,
                      const double* w, double* p, double* lambda, cudaStream_t stream);
// b_r = -C_r - alpha~_r lambda_r for the block's rows.
void launchRowResiduals(const RowBlock& block, const SlotView& slots, const double* p,
                        const double* lambda, double* b, cudaStream_t stream);

}  // namespace sim::cuda
