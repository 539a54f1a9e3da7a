#include "sim/constraints/arap.h"

#include <Eigen/Eigenvalues>
#include <cmath>

namespace sim {

Mat3 polarRotation(const Mat3& F) {
    // F^T F = V Sigma^2 V^T by the closed-form symmetric 3x3 eigensolver (several times
    // cheaper than a Jacobi SVD, and this runs once per tet per iteration). Then
    // u_k = F v_k / sigma_k for the two largest singular values and u_3 = u_1 x u_2, so U
    // and V are proper rotations and any reflection lands on the smallest singular value.
    const Real scale = F.cwiseAbs().maxCoeff();
    if (!(scale > 0) || !std::isfinite(scale)) return Mat3::Identity();
    const Mat3 A = F / scale;  // keeps A^T A far from under- and overflow
    Eigen::SelfAdjointEigenSolver<Mat3> eig;
    eig.computeDirect(A.transpose() * A);
    Mat3 V;
    V.col(0) = eig.eigenvectors().col(2);  // eigenvalues come in ascending order
    V.col(1) = eig.eigenvectors().col(1);
    V.col(2) = V.col(0).cross(V.col(1)).normalized();
    Vec3 u0 = A * V.col(0);
    const Real n0 = u0.norm();
    if (!(n0 > 1e-12)) return Mat3::Identity();
    u0 /= n0;
    Vec3 u1 = A * V.col(1);
    u1 -= u0.dot(u1) * u0;
    const Real n1 = u1.norm();
    if (n1 > 1e-9 * n0) {
        u1 /= n1;
    } else {  // rank-1 F: any direction perpendicular to u0 completes the frame
        const Vec3 axis = std::abs(u0.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
        u1 = u0.cross(axis).normalized();
    }
    Mat3 U;
    U.col(0) = u0;
    U.col(1) = u1;
    U.col(2) = u0.cross(u1);
    return U * V.transpose();
}

Real evaluateArap(const Vec3& x0, const Vec3& x1, const Vec3& x2, const Vec3& x3,
                  const Mat3& restInverse, Vec3 grad[4]) {
    Mat3 Ds;
    Ds.col(0) = x1 - x0;
    Ds.col(1) = x2 - x0;
    Ds.col(2) = x3 - x0;
    const Mat3 F = Ds * restInverse;
    const Mat3 D = F - polarRotation(F);
    const Real C = D.norm();
    if (!(C > 1e-12) || !std::isfinite(C)) {
        for (int k = 0; k < 4; ++k) grad[k].setZero();
        return std::isfinite(C) ? C : 0.0;
    }
    const Mat3 G = (D / C) * restInverse.transpose();  // dC/dDs
    grad[1] = G.col(0);
    grad[2] = G.col(1);
    grad[3] = G.col(2);
    grad[0] = -(grad[1] + grad[2] + grad[3]);
    return C;
}

bool arapRestInverse(const Vec3& x0, const Vec3& x1, const Vec3& x2, const Vec3& x3, Mat3& out) {
    Mat3 Dm;
    Dm.col(0) = x1 - x0;
    Dm.col(1) = x2 - x0;
    Dm.col(2) = x3 - x0;
    const Real det = Dm.determinant();
    const Real scale = Dm.norm();
    if (!(std::abs(det) > 1e-12 * scale * scale * scale)) return false;
    out = Dm.inverse();
    return true;
}

}  // namespace sim
