#pragma once
// The step's stages on the device, one kernel each, mirroring the CPU functions named in
// each comment (STYLE: "CUDA code mirrors the CPU stages one kernel per stage"). Host
// functions that launch on `stream` and check the launch; T is the gradient / matrix
// precision (float or double). Positions are 3 doubles per particle, as in Particles.
#include <cuda_runtime_api.h>

#include "sim/cuda/device_views.h"

namespace sim::cuda {

// applyExternalForces (gravity; no wind) and predictPositions: v += dt g where w > 0,
// p = x + dt v.
void launchPredict(int n, const double* x, double* v, const double* w, const double gravity[3],
                   double dt, double* p, cudaStream_t stream);
// updateVelocities: v = (p - x) / dt, x = p.
void launchUpdateVelocities(int n, const double* p, double* x, double* v, double dt,
                            cudaStream_t stream);

// DualSystem::evaluate for one block: the rows' gradients into grad (3 per slot), and
// b = -C - alpha~ lambda, alphaTilde per row.
template <class T>
void launchEvaluate(const RowBlock& block, const SlotView& slots, const double* p,
                    const double* lambda, T* grad, double* b, double* alphaTilde,
                    cudaStream_t stream);

// The scatter table of DualSystem::build from A's pattern: for slot s of row r and each
// slot t incident to s's particle, the CSR offset of A(r, row(t)) (at dual.scatterStart[s]
// onwards), and each row's diagonal offset. Written to scatter and diag.
void launchBuildScatter(const DualView& dual, int* scatter, int* diag, cudaStream_t stream);

// DualSystem::fillMatrix: A's values (row-parallel through the scatter table, no atomics).
template <class T>
void launchFillMatrix(const DualView& dual, const double* w, const T* grad,
                      const double* alphaTilde, T* val, cudaStream_t stream);

// DualSystem::positionDelta, fused with line 11 of Algorithm 1:
// dx_p = w_p sum_s g_s dlambda_row(s); writes dx when given, and p += omega dx when given.
template <class T>
void launchPositionDelta(const DualView& dual, const double* w, const T* grad,
                         const double* dlambda, double omega, double* dx, double* p,
                         cudaStream_t stream);

// projectContacts (collision_stage.cpp): one thread per contact, p and pushed updated.
void launchProjectContacts(const ContactView& contacts, const double* x, double friction, double dt,
                           double* p, cudaStream_t stream);

}  // namespace sim::cuda
