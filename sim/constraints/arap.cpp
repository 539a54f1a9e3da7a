#include "sim/constraints/arap.h"

#include <Eigen/SVD>
#include <cmath>

namespace sim {

Mat3 polarRotation(const Mat3& F) {
    Eigen::JacobiSVD<Mat3> svd(F, Eigen::ComputeFullU | Eigen::ComputeFullV);
    Mat3 U = svd.matrixU();
    const Mat3& V = svd.matrixV();
    // Singular values are sorted descending: flip the last column of U if needed.
    if ((U * V.transpose()).determinant() < 0) U.col(2) = -U.col(2);
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
