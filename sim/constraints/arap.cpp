#include "sim/constraints/arap.h"

#include <Eigen/Eigenvalues>
#include <cmath>

namespace sim {

PolarParts polarParts(const Mat3& F) {
    // F^T F = V Sigma^2 V^T by the closed-form symmetric 3x3 eigensolver (several times
    // cheaper than a Jacobi SVD, and this runs once per tet per iteration). Then
    // u_k = F v_k / sigma_k for the two largest singular values and u_3 = u_1 x u_2, so U
    // and V are proper rotations and any reflection lands on the smallest singular value.
    const Real scale = F.cwiseAbs().maxCoeff();
    PolarParts out;
    if (!(scale > 0) || !std::isfinite(scale)) return out;
    const Mat3 A = F / scale;  // keeps A^T A far from under- and overflow
    Eigen::SelfAdjointEigenSolver<Mat3> eig;
    eig.computeDirect(A.transpose() * A);
    Mat3 V;
    V.col(0) = eig.eigenvectors().col(2);  // eigenvalues come in ascending order
    V.col(1) = eig.eigenvectors().col(1);
    V.col(2) = V.col(0).cross(V.col(1)).normalized();
    Vec3 u0 = A * V.col(0);
    const Real n0 = u0.norm();
    if (!(n0 > 1e-12)) return out;
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
    out.R = U * V.transpose();
    out.V = V;
    for (int k = 0; k < 3; ++k) out.sigma[k] = U.col(k).dot(F * V.col(k));
    return out;
}

Mat3 polarRotation(const Mat3& F) { return polarParts(F).R; }

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

Real evaluateArapRow(const Vec3& x0, const Vec3& x1, const Vec3& x2, const Vec3& x3,
                     const Mat3& restInverse, int row, Vec3 grad[4]) {
    static constexpr int kPair[6][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}};
    const int a = kPair[row][0], b = kPair[row][1];
    const Real w = a == b ? 1.0 : std::sqrt(2.0);
    Mat3 Ds;
    Ds.col(0) = x1 - x0;
    Ds.col(1) = x2 - x0;
    Ds.col(2) = x3 - x0;
    const Mat3 F = Ds * restInverse;
    if (!F.allFinite()) {
        for (int k = 0; k < 4; ++k) grad[k].setZero();
        return 0;
    }
    const PolarParts polar = polarParts(F);
    // S = V Sigma V^T; C = w (S_ab - delta_ab).
    const Mat3& V = polar.V;
    const Vec3& s = polar.sigma;
    const Real C = w * (V.row(a).cwiseProduct(s.transpose()).dot(V.row(b)) - (a == b ? 1 : 0));
    // dS from S dS + dS S = dF^T F + F^T dF: in S's eigenbasis dS~_ij = dQ~_ij / (s_i + s_j),
    // so dS_ab = <K, dF^T F + F^T dF> = <2 F K, dF> with K = V M V^T,
    // M_ij = (V_ai V_bj + V_bi V_aj) / (2 (s_i + s_j)). A sum near zero (an inverted tet
    // whose two stretches cancel) is held away from zero: the row still pushes, finitely.
    Mat3 M;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            Real d = s[i] + s[j];
            if (std::abs(d) < 1e-3) d = d < 0 ? -1e-3 : 1e-3;
            M(i, j) = (V(a, i) * V(b, j) + V(b, i) * V(a, j)) / (2 * d);
        }
    const Mat3 G = (2 * w) * F * (V * M * V.transpose()) * restInverse.transpose();  // dC/dDs
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
