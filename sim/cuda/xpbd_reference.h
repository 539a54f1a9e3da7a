#pragma once
// CPU references of the GPU XPBD baselines (xpbd_kernels.h), over the dual system's rows
// (row_table.h). Both use XPBD's per-constraint update (Macklin et al. 2016, eq. 18):
//     dlambda = (-C - alpha~ lambda) / (sum_k w_k |grad_k C|^2 + alpha~).
//   Jacobi: every row from the same positions, dlambda divided by the largest row degree
//           of its particles (so that the summed corrections converge), corrections
//           summed per particle and applied after the sweep. On the GPU the sums are
//           atomics, whose order varies; here they are added in row order, which differs
//           from any GPU order by rounding only.
//   Coloured Gauss-Seidel: colour by colour (colourConstraintRows), each row projected at
//           once with the CPU Gauss-Seidel's rule (GaussSeidelSolver, XPBD mode, the step
//           bound of bending included). Rows of one colour share no particle, so their
//           order within the colour does not matter: the GPU runs each colour in parallel.
// Contacts and unilateral constraints are not part of a sweep here (the GPU solver projects
// contacts after each sweep; see gpu_xpbd.h).
#include <vector>

#include "sim/cuda/row_table.h"

namespace sim::cuda {

// lambda: one per row. dx: per-particle scratch.
void xpbdJacobiSweep(const StepContext& ctx, Real dt, const RowTable& table,
                     const std::vector<int>& degree, std::vector<Real>& lambda,
                     std::vector<Vec3>& dx);
// `reverse` walks each colour's rows backwards (the tests' order-independence check).
void xpbdColouredSweep(const StepContext& ctx, Real dt, const RowTable& table,
                       const std::vector<std::vector<int>>& colours, std::vector<Real>& lambda,
                       bool reverse = false);
// ||-C - alpha~ lambda|| over the rows (sim/sweeps/residual.h's measure).
Real rowDualResidual(const StepContext& ctx, Real dt, const RowTable& table,
                     const std::vector<Real>& lambda);

}  // namespace sim::cuda
