#pragma once
// C = X Y for CSR matrices with the pattern computed once (symbolic) and the values
// recomputed in place (numeric): the Galerkin products A_{l+1} = P^T (A_l P) of eq. 6 are
// redone at every solve from the current A while P and the patterns stay (§4.2, §4.4).
// Gustavson's row-by-row algorithm with a per-thread column -> offset map.
#include <vector>

#include "sim/solvers/mgpbd/csr_matrix.h"

namespace sim {

// Per-thread column -> offset maps of multiplyNumeric, kept between calls so that the
// per-solve Galerkin refresh allocates nothing.
struct SpgemmWorkspace {
    std::vector<std::vector<int64_t>> where;
};

// Builds C's pattern (sorted columns) and values.
CsrMatrix multiplySymbolic(const CsrMatrix& X, const CsrMatrix& Y);
// Recomputes C's values for C's existing pattern (which must contain X Y's).
// With `work` the maps are reused (else allocated per call). Returns the multiply-adds done.
int64_t multiplyNumeric(const CsrMatrix& X, const CsrMatrix& Y, CsrMatrix& C,
                        SpgemmWorkspace* work = nullptr);
// The multiply-adds of X Y (the cost of multiplyNumeric), without doing them.
int64_t productWork(const CsrMatrix& X, const CsrMatrix& Y);

}  // namespace sim
