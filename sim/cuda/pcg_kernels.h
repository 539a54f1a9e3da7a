#pragma once
// The kernels of one preconditioned CG iteration (sim/solvers/mgpbd/pcg.cpp) with every
// scalar kept on the device, so the host launches iterations without reading anything back
// and checks convergence only every few (DevicePcg). Once `done` is set (converged, the
// iteration cap, or lost positive definiteness, as in the CPU loop) the remaining kernels of
// a batch leave x, r and p as they are, so the result equals a loop that stopped at once.
#include <cuda_runtime_api.h>

namespace sim::cuda {

struct PcgScalars {
    double rz = 0, pq = 0, alpha = 0, beta = 0;
    double rnorm = 0, bnorm = 0, limit = 0;
    int iterations = 0, maxIterations = 0, done = 0, flexible = 0;
};

// x = 0, r = b, partial sums of b . b (reductionBlocks(n) of them).
void launchPcgStart(int n, const double* b, double* x, double* r, double* partials,
                    cudaStream_t stream);
// bnorm, limit = tolerance bnorm, done when bnorm = 0 or already below the limit.
void launchPcgLimit(PcgScalars* s, const double* partials, int count, double tolerance,
                    int maxIterations, bool flexible, cudaStream_t stream);
// p = z and partial sums of r . z; then rz = their sum.
void launchPcgFirstDirection(int n, const double* r, const double* z, double* p, double* partials,
                             cudaStream_t stream);
void launchPcgSetRz(PcgScalars* s, const double* partials, int count, cudaStream_t stream);
// alpha = rz / (p . q) from the SpMV's partials (launchMultiplyDot); done if p . q <= 0.
void launchPcgAlpha(PcgScalars* s, const double* partials, int count, cudaStream_t stream);
// x += alpha p, rOld = r (flexible), r -= alpha q, partial sums of r . r.
void launchPcgUpdate(int n, const PcgScalars* s, const double* p, const double* q, double* x,
                     double* r, double* rOld, double* partials, cudaStream_t stream);
// ||r||, one more iteration, done at the limit or the cap.
void launchPcgResidual(PcgScalars* s, const double* partials, int count, cudaStream_t stream);
// Partial sums of r . z, and of z . rOld when rOld is given (2 count partials).
void launchPcgDots(int n, const double* r, const double* z, const double* rOld, double* partials,
                   cudaStream_t stream);
// beta (Fletcher-Reeves, or Polak-Ribiere when flexible), rz updated.
void launchPcgBeta(PcgScalars* s, const double* partials, int count, cudaStream_t stream);
// p = z + beta p.
void launchPcgDirection(int n, const PcgScalars* s, const double* z, double* p,
                        cudaStream_t stream);

}  // namespace sim::cuda
