#pragma once
// C = X Y for CSR matrices with the pattern computed once (symbolic) and the values
// recomputed in place (numeric): the Galerkin products A_{l+1} = P^T (A_l P) of eq. 6 are
// redone at every solve from the current A while P and the patterns stay (§4.2, §4.4).
// Gustavson's row-by-row algorithm with a per-thread column -> offset map.
#include "sim/solvers/mgpbd/csr_matrix.h"

namespace sim {

// Builds C's pattern (sorted columns) and values.
CsrMatrix multiplySymbolic(const CsrMatrix& X, const CsrMatrix& Y);
// Recomputes C's values for C's existing pattern (which must contain X Y's).
void multiplyNumeric(const CsrMatrix& X, const CsrMatrix& Y, CsrMatrix& C);

}  // namespace sim
