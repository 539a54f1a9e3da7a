#pragma once
// What the AMG code reads (Li et al. 2025 §4.1-§4.5): how a hierarchy is built and how its
// V-cycle smooths. The AMG takes these and nothing else of MGPBD's settings; MGPBD's linear
// system part (MgpbdLinearSystem) holds the dual system's and derives the primal's.
#include "sim/core/types.h"

namespace sim {

enum class MgpbdSmoother { Jacobi, Chebyshev, GaussSeidel };
// Near-kernel B: §4.3's relaxed random vectors, all ones, or the strain modes grad C (E x)
// of the six symmetric affine displacement fields E x (the dual system's analogue of
// rigid-body modes; an addition to the paper, see docs/notes/mgpbd-linear-solve.md).
enum class MgpbdCandidates { Relaxed, Constant, Strain };
enum class MgpbdCoarseSolve { Cholesky, Smooth };

struct AmgOptions {
    // Setup (§4.1, §4.3).
    Real strengthTheta = 0.1;  // |Aij| >= theta sqrt(|Aii||Ajj|) is a strong connection
    // Constant: the best on cloth (docs/notes/mgpbd-linear-solve.md).
    MgpbdCandidates candidates = MgpbdCandidates::Constant;
    int candidateCount = 6;            // near-kernel vectors
    int candidateSweeps = 20;          // Gauss-Seidel sweeps on A x = 0 per vector
    bool smoothedAggregation = false;  // smooth P (SA) instead of UA, for comparison
    int coarseSize = 400;              // stop coarsening below this many unknowns
    int maxLevels = 12;
    MgpbdCoarseSolve coarseSolve = MgpbdCoarseSolve::Cholesky;
    // The V-cycle (§4.4-§4.5). Smoothing defaults for the cloth dual system: one sweep of a
    // higher degree on a wider interval needs far fewer PCG iterations than the 2
    // sweeps of degree 3 on [rho/30, 1.1 rho], for more SpMVs each
    // (docs/notes/mgpbd-linear-solve.md); the values remain settable.
    MgpbdSmoother smoother = MgpbdSmoother::Chebyshev;
    int smoothingSweeps = 1;           // pre and post sweeps each (issue: 2)
    Real jacobiLambdaMin = 0;          // user estimate of lambda_min(D^-1 A); 0 = lambda_max
    int chebyshevDegree = 4;           // on [rho * chebyshevLowerRatio, 1.1 rho] (issue: 3)
    Real chebyshevLowerRatio = 0.005;  // lower end of the Chebyshev interval in rho (issue: 1/30)
    int coarseChebyshevDegree = 0;     // degree on the levels below the finest; 0 = the same
    bool floatVCycle = true;           // V-cycle on a float copy of the hierarchy (PCG in double)
    // The V-cycle of a nodal hierarchy (the primal system's) on block copies of its levels
    // (bsr_matrix.h): a third of the bytes per product of its CSR copy, the same arithmetic.
    bool blockVCycle = true;

    bool operator==(const AmgOptions&) const = default;
};

const char* smootherName(MgpbdSmoother s);

}  // namespace sim
