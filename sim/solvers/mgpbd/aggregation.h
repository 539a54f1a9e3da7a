#pragma once
// UA-AMG setup steps of Li et al. 2025 §4.1 and §4.3 (Fig. 3: filter, aggregate, inject):
//   strength of connection  |Aij| >= theta sqrt(|Aii||Ajj|)  (Aij != 0),
//   standard aggregation     roots with their strong neighbours, then leftovers joined to
//                            the most strongly connected neighbouring aggregate,
//   near-kernel candidates   B from Gauss-Seidel sweeps on A x = 0 from random starts (§4.3),
//   tentative prolongator    a thin QR of B restricted to each aggregate: Q's columns are P's
//                            (orthonormal per aggregate), R is the next level's B.
#include <functional>
#include <vector>

#include "sim/solvers/mgpbd/csr_matrix.h"

namespace sim {

// Aggregate id of every row (0..count-1); returns count.
int aggregate(const CsrMatrix& A, Real theta, std::vector<int>& aggregateOf);

// The same on nodes: rows grouped by nodeOf (a particle's x, y and z rows, or a coarse
// aggregate's candidate columns) are aggregated together. Node I and J are strongly
// connected when the Frobenius norm of their block satisfies the rule above with the
// Frobenius norms of the diagonal blocks. Every row of a node gets the node's aggregate.
int aggregateNodes(const CsrMatrix& A, const std::vector<int>& nodeOf, int nodes, Real theta,
                   std::vector<int>& aggregateOf);

// Greedy colouring of A's graph (no two coupled rows share a colour): rows listed per colour.
std::vector<std::vector<int>> colourRows(const CsrMatrix& A);

// B as a column-major n x count block: column v is `sweeps` multicolour Gauss-Seidel sweeps
// on A x = 0 from x uniform in (0, max|Aij|), normalised. `count` 0 or constant = all ones.
void nearKernelCandidates(const CsrMatrix& A, const std::vector<std::vector<int>>& colours,
                          int count, int sweeps, bool constant, unsigned seed, std::vector<Real>& B,
                          int& columns);

// P (n x nc) with P's columns orthonormal on each aggregate; Bc (nc x columns, column-major)
// the coarse candidates. Columns of a rank-deficient aggregate block are dropped.
CsrMatrix tentativeProlongator(const std::vector<int>& aggregateOf, int aggregates,
                               const std::vector<Real>& B, int columns, std::vector<Real>& Bc);

// Smoothed aggregation (for comparison): P = (I - 4/3 / lambdaMax D^-1 A) Ptent.
CsrMatrix smoothProlongator(const CsrMatrix& A, const CsrMatrix& Ptent, Real lambdaMax);

// lambda_max of D^-1 A by power iteration.
Real estimateLambdaMax(const CsrMatrix& A, int iterations = 20);
// The same for any diagonal-like scaling: applyInverse(y, x) writes x = D^-1 y (the block
// Jacobi smoother passes its block inverses).
Real estimateLambdaMax(const CsrMatrix& A, int iterations,
                       const std::function<void(const Vector& y, Vector& x)>& applyInverse);

}  // namespace sim
