#pragma once
// Preconditioned conjugate gradients (Li et al. 2025 §4.4: MGPCG, one V-cycle per
// iteration) from x = 0, stopping at ||r|| <= tol ||b|| or maxIterations.
#include <functional>

#include "sim/solvers/mgpbd/csr_matrix.h"

namespace sim {

struct PcgResult {
    int iterations = 0;
    Real relativeResidual = 0;
};

struct PcgWorkspace {
    Vector r, z, p, q;
};

using Preconditioner = std::function<void(const Vector& r, Vector& z)>;

PcgResult pcg(const CsrMatrix& A, const Vector& b, Vector& x, const Preconditioner& precondition,
              Real tolerance, int maxIterations, PcgWorkspace& work);

}  // namespace sim
