#pragma once
// The local Newton step of one constraint's R rows (XPBD eq. 18):
//     (J W J^T + alpha~) dlambda = -C - alpha~ lambda,   dp = W J^T dlambda,
// shared by the Gauss-Seidel sweeps (W the inverse masses) and Jacobi XPBD (W the split
// inverse masses). A singular block (a degenerate element) is regularised rather than
// skipped, so the step stays finite where the rows are dependent.
#include <Eigen/Dense>

#include "sim/core/types.h"

namespace sim {

// dlambda for rows with values C, gradients grad(a, k) (row a, the constraint's k-th of N
// particles), weights weight(k), compliance at (0 in stiffness mode) and multipliers lambda.
template <int R, class Weight, class Grad>
Eigen::Matrix<Real, R, 1> blockStep(int N, const Weight& weight, const Grad& grad, const Real* C,
                                    Real at, const Real* lambda) {
    Eigen::Matrix<Real, R, R> A;
    Eigen::Matrix<Real, R, 1> rhs;
    for (int a = 0; a < R; ++a) {
        for (int b = a; b < R; ++b) {
            Real sum = 0;
            for (int k = 0; k < N; ++k) sum += weight(k) * grad(a, k).dot(grad(b, k));
            A(a, b) = A(b, a) = sum;
        }
        rhs[a] = -C[a] - at * lambda[a];
        A(a, a) += at + 1e-12 * (1 + A(a, a));
    }
    return A.ldlt().solve(rhs);
}

}  // namespace sim
