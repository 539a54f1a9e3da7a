#pragma once
// Preconditioned conjugate gradients (Li et al. 2025 §4.4: MGPCG, one V-cycle per
// iteration) from x = 0, stopping at ||r|| <= tol ||b|| or maxIterations. `flexible` uses
// the Polak-Ribiere beta (Notay's flexible CG), for a preconditioner that is symmetric only
// up to rounding (the float V-cycle).
#include <functional>

#include "sim/solvers/mgpbd/csr_matrix.h"

namespace sim {

struct PcgResult {
    int iterations = 0;
    Real relativeResidual = 0;
};

struct PcgWorkspace {
    Vector r, z, p, q, rOld;
};

using Preconditioner = std::function<void(const Vector& r, Vector& z)>;

// A stopping test on another norm of the residual: stop when measure(r) <= target.
// (The primal solve stops on the dual system's residual, -J W r; see PrimalSystem.)
// relativeResidual is then measure(r) / reference.
struct PcgStop {
    std::function<Real(const Vector& r)> measure;
    Real target = 0;
    Real reference = 1;
};

PcgResult pcg(const CsrMatrix& A, const Vector& b, Vector& x, const Preconditioner& precondition,
              Real tolerance, int maxIterations, PcgWorkspace& work, bool flexible = false,
              const PcgStop* stop = nullptr);

}  // namespace sim
