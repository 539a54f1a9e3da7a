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

namespace {

// R of F = R S for det F well above zero by Higham's scaled Newton iteration
// X <- (g X + X^-T / g) / 2, g = sqrt(|X^-T|_F / |X|_F), which converges quadratically to R;
// g is left at 1 once the steps are small. Multiplies, one division and (scaled) two square
// roots a step, where the eigensolver waits on acos, cos and sin, so it is the faster of the
// two (docs/notes/soft-bodies.md). False (R untouched) for a tet flat or inverted.
bool newtonPolarRotation(const Mat3& F, Mat3& R) {
    Mat3 X = F;
    bool scaled = true;
    for (int step = 0; step < 12; ++step) {
        Mat3 C;  // the cofactor matrix: X^-T = C / det X
        C.col(0) = X.col(1).cross(X.col(2));
        C.col(1) = X.col(2).cross(X.col(0));
        C.col(2) = X.col(0).cross(X.col(1));
        const Real det = X.col(0).dot(C.col(0));
        Mat3 next;
        if (scaled) {
            const Real xx = X.squaredNorm();
            // det / |X|^3 is 3^-1.5 for a rotation and falls to 0 as the tet flattens.
            if (!(det > 0) || !(det * det > 1e-8 * xx * xx * xx)) return false;
            const Real inv = 1 / det;
            const Real g = std::sqrt(std::sqrt(C.squaredNorm() * inv * inv / xx));
            next = (Real(0.5) * g) * X + (Real(0.5) * inv / g) * C;
        } else {
            if (!(det > 0)) return false;
            next = Real(0.5) * X + (Real(0.5) / det) * C;
        }
        const Real change = (next - X).squaredNorm();
        X = next;
        // The error after a step is about half the change squared: under 1e-14 here.
        if (change < 1e-14) {
            R = X;
            return true;
        }
        scaled = change > 1e-6;
    }
    return false;
}

}  // namespace

Mat3 polarRotation(const Mat3& F) {
    Mat3 R;
    if (newtonPolarRotation(F, R)) return R;
    return polarParts(F).R;
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

void evaluateArapStrain(const Vec3& x0, const Vec3& x1, const Vec3& x2, const Vec3& x3,
                        const Mat3& restInverse, Real C[6], Vec3 grad[6][4]) {
    static constexpr int kPair[6][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}};
    Mat3 Ds;
    Ds.col(0) = x1 - x0;
    Ds.col(1) = x2 - x0;
    Ds.col(2) = x3 - x0;
    const Mat3 F = Ds * restInverse;
    if (!F.allFinite()) {
        for (int r = 0; r < 6; ++r) {
            C[r] = 0;
            for (int k = 0; k < 4; ++k) grad[r][k].setZero();
        }
        return;
    }
    const PolarParts polar = polarParts(F);  // once for all six rows
    const Mat3& V = polar.V;
    const Vec3& s = polar.sigma;
    // 1 / (s_i + s_j), a sum near zero (an inverted tet whose two stretches cancel) held away
    // from zero: the row still pushes, finitely.
    Mat3 inv;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            Real d = s[i] + s[j];
            if (std::abs(d) < 1e-3) d = d < 0 ? -1e-3 : 1e-3;
            inv(i, j) = 1 / (2 * d);
        }
    const Mat3 FV = F * V, DmT = restInverse.transpose();
    for (int r = 0; r < 6; ++r) {
        const int a = kPair[r][0], b = kPair[r][1];
        const Real w = a == b ? 1.0 : std::sqrt(2.0);
        // S = V Sigma V^T; C = w (S_ab - delta_ab).
        C[r] = w * (V.row(a).cwiseProduct(s.transpose()).dot(V.row(b)) - (a == b ? 1 : 0));
        // dS_ab = <2 F K, dF> with K = V M V^T, M_ij = (V_ai V_bj + V_bi V_aj) / (2 (s_i + s_j)).
        Mat3 M;
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                M(i, j) = (V(a, i) * V(b, j) + V(b, i) * V(a, j)) * inv(i, j);
        const Mat3 G = (2 * w) * FV * M * V.transpose() * DmT;  // dC/dDs
        grad[r][1] = G.col(0);
        grad[r][2] = G.col(1);
        grad[r][3] = G.col(2);
        grad[r][0] = -(grad[r][1] + grad[r][2] + grad[r][3]);
    }
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

bool parseArapForm(const std::string& name, ArapForm& out) {
    if (name == "norm")
        out = ArapForm::Norm;
    else if (name == "strain")
        out = ArapForm::StrainRows;
    else
        return false;
    return true;
}

}  // namespace sim
