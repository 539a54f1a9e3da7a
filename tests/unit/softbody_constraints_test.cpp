// Tet volume and ARAP constraints: gradients against central finite differences, the
// polar rotation on flat and inverted deformation gradients, and projections that never
// produce NaN.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>
#include <random>

#include "sim/constraints/arap.h"
#include "sim/constraints/distance.h"
#include "sim/constraints/tet_volume.h"
#include "sim/topology/tet_mesh.h"
#include "tests/unit/random_draws.h"

using sim::Mat3;
using sim::randomVec;
using sim::Real;
using sim::Vec3;

namespace {

// Central differences of f against grad, over each coordinate of the four points.
template <class F>
void expectGradient(F&& f, const Vec3 (&pts)[4], const Vec3 (&grad)[4], Real tol) {
    const Real h = 1e-6;
    for (int k = 0; k < 4; ++k)
        for (int d = 0; d < 3; ++d) {
            Vec3 plus[4], minus[4];
            for (int j = 0; j < 4; ++j) plus[j] = minus[j] = pts[j];
            plus[k][d] += h;
            minus[k][d] -= h;
            const Real fd = (f(plus) - f(minus)) / (2 * h);
            EXPECT_NEAR(grad[k][d], fd, tol) << "point " << k << " axis " << d;
        }
}

// A random rest tet that is not too flat (false otherwise) and a random deformation p of it.
bool randomDeformedTet(std::mt19937& rng, Mat3& restInverse, Vec3 (&p)[4]) {
    const Vec3 r[4] = {randomVec(rng), randomVec(rng), randomVec(rng), randomVec(rng)};
    if (!sim::arapRestInverse(r[0], r[1], r[2], r[3], restInverse)) return false;
    if (std::abs(sim::signedTetVolume(r[0], r[1], r[2], r[3])) < 0.02) return false;
    for (int k = 0; k < 4; ++k) p[k] = r[k] + randomVec(rng, 0.3);
    return true;
}

bool isRotation(const Mat3& R) {
    return (R.transpose() * R - Mat3::Identity()).norm() < 1e-9 &&
           std::abs(R.determinant() - 1.0) < 1e-9;
}

}  // namespace

TEST(SoftbodyConstraints, TetVolumeGradient) {
    std::mt19937 rng(11);
    for (int trial = 0; trial < 30; ++trial) {
        Vec3 p[4] = {randomVec(rng), randomVec(rng), randomVec(rng), randomVec(rng)};
        Vec3 g[4];
        const Real rest = 0.05;
        const Real C = sim::evaluateTetVolume(p[0], p[1], p[2], p[3], rest, g);
        EXPECT_NEAR(C, 6 * (sim::signedTetVolume(p[0], p[1], p[2], p[3]) - rest), 1e-12);
        expectGradient(
            [&](const Vec3(&q)[4]) {
                Vec3 t[4];
                return sim::evaluateTetVolume(q[0], q[1], q[2], q[3], rest, t);
            },
            p, g, 1e-6);
    }
}

TEST(SoftbodyConstraints, ArapGradient) {
    std::mt19937 rng(12);
    int checked = 0;
    for (int trial = 0; trial < 40; ++trial) {
        Mat3 restInverse;
        Vec3 p[4];
        if (!randomDeformedTet(rng, restInverse, p)) continue;
        Vec3 g[4];
        const Real C = sim::evaluateArap(p[0], p[1], p[2], p[3], restInverse, g);
        ASSERT_GT(C, 1e-4);
        expectGradient(
            [&](const Vec3(&q)[4]) {
                Vec3 t[4];
                return sim::evaluateArap(q[0], q[1], q[2], q[3], restInverse, t);
            },
            p, g, 2e-5 * (1 + restInverse.norm()));
        ++checked;
    }
    EXPECT_GT(checked, 10);
}

// Row `row` of the six strain rows (all six come from one evaluation).
static Real arapStrainRow(const Vec3 (&p)[4], const Mat3& restInverse, int row, Vec3 (&g)[4]) {
    Real C[6];
    Vec3 grad[6][4];
    sim::evaluateArapStrain(p[0], p[1], p[2], p[3], restInverse, C, grad);
    for (int k = 0; k < 4; ++k) g[k] = grad[row][k];
    return C[row];
}

// The six strain rows: exact gradients (finite differences, through the Sylvester-equation
// derivative of S) and squares that sum to the norm row's C^2 = ||F - R||^2.
TEST(SoftbodyConstraints, ArapStrainRowsGradientAndEnergy) {
    std::mt19937 rng(14);
    int checked = 0;
    for (int trial = 0; trial < 40; ++trial) {
        Mat3 restInverse;
        Vec3 p[4];
        if (!randomDeformedTet(rng, restInverse, p)) continue;
        Vec3 g[4];
        const Real norm = sim::evaluateArap(p[0], p[1], p[2], p[3], restInverse, g);
        Real sumSquares = 0;
        for (int row = 0; row < 6; ++row) {
            const Real C = arapStrainRow(p, restInverse, row, g);
            sumSquares += C * C;
            expectGradient(
                [&](const Vec3(&q)[4]) {
                    Vec3 t[4];
                    return arapStrainRow(q, restInverse, row, t);
                },
                p, g, 2e-5 * (1 + restInverse.norm()));
        }
        EXPECT_NEAR(sumSquares, norm * norm, 1e-9 * (1 + norm * norm));
        ++checked;
    }
    EXPECT_GT(checked, 10);
}

// At rest the norm row's gradient is zero but the strain rows' gradients span the six
// strain directions: their Gram matrix J J^T (J: 6 x 12 coordinates) is non-singular.
TEST(SoftbodyConstraints, ArapStrainRowsSeeEveryStrainAtRest) {
    const Vec3 r[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    Mat3 restInverse;
    ASSERT_TRUE(sim::arapRestInverse(r[0], r[1], r[2], r[3], restInverse));
    Vec3 g[4];
    sim::evaluateArap(r[0], r[1], r[2], r[3], restInverse, g);
    for (const Vec3& gk : g) EXPECT_EQ(gk.norm(), 0.0);
    Eigen::Matrix<Real, 6, 12> J;
    for (int row = 0; row < 6; ++row) {
        EXPECT_NEAR(arapStrainRow(r, restInverse, row, g), 0.0, 1e-12);
        for (int k = 0; k < 4; ++k) J.block<1, 3>(row, 3 * k) = g[k].transpose();
    }
    const Eigen::Matrix<Real, 6, 6> gram = J * J.transpose();
    Eigen::SelfAdjointEigenSolver<Eigen::Matrix<Real, 6, 6>> eig(gram);
    EXPECT_GT(eig.eigenvalues().minCoeff(), 0.01);
}

TEST(SoftbodyConstraints, ArapIsZeroUnderRigidMotion) {
    const Vec3 r[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    Mat3 restInverse;
    ASSERT_TRUE(sim::arapRestInverse(r[0], r[1], r[2], r[3], restInverse));
    const Mat3 R = Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()).toRotationMatrix();
    Vec3 p[4], g[4];
    for (int k = 0; k < 4; ++k) p[k] = R * r[k] + Vec3(3, -1, 2);
    EXPECT_NEAR(sim::evaluateArap(p[0], p[1], p[2], p[3], restInverse, g), 0.0, 1e-9);
    for (const Vec3& gk : g) EXPECT_TRUE(gk.allFinite());
}

TEST(SoftbodyConstraints, PolarRotationIsProperForFlatAndInvertedF) {
    std::mt19937 rng(13);
    std::vector<Mat3> cases = {Mat3::Zero(),
                               Mat3::Identity(),
                               -Mat3::Identity(),
                               Vec3(1, 1, 0).asDiagonal(),
                               Vec3(1, 0, 0).asDiagonal(),
                               Vec3(1, 1, -1).asDiagonal(),
                               Vec3(2, 1, 1e-17).asDiagonal()};
    for (int k = 0; k < 30; ++k) cases.push_back(Mat3::Random());
    for (const Mat3& F : cases) {
        const Mat3 R = sim::polarRotation(F);
        EXPECT_TRUE(R.allFinite());
        EXPECT_TRUE(isRotation(R)) << "F =\n" << F << "\nR =\n" << R;
    }
    // Against a Jacobi SVD reference R = U diag(1, 1, det(U V^T)) V^T.
    for (int k = 0; k < 200; ++k) {
        const Mat3 F = Mat3::Random();
        Eigen::JacobiSVD<Mat3> svd(F, Eigen::ComputeFullU | Eigen::ComputeFullV);
        Mat3 U = svd.matrixU();
        if ((U * svd.matrixV().transpose()).determinant() < 0) U.col(2) = -U.col(2);
        const Vec3 s = svd.singularValues();
        if (s(1) - s(2) < 1e-3 || s(2) < 1e-3) continue;  // reference itself ill-defined
        EXPECT_LT((sim::polarRotation(F) - U * svd.matrixV().transpose()).norm(), 1e-7) << F;
    }
    const Mat3 Q = Eigen::AngleAxisd(1.1, Vec3(0, 1, 1).normalized()).toRotationMatrix();
    EXPECT_LT((sim::polarRotation(Q * Vec3(2, 3, 0.5).asDiagonal()) - Q).norm(), 1e-9);
}

// polarRotation takes a Newton iteration where det F is well above zero and the eigensolver
// (polarParts) elsewhere: the two agree to rounding on the deformations a soft body sees, and
// the switch between them (a tet compressed to det F ~ 1e-4 |F|^3) is seamless.
TEST(SoftbodyConstraints, PolarRotationNewtonPathMatchesTheEigensolver) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<Real> stretch(0.05, 4.0);
    std::normal_distribution<Real> normal;
    for (int k = 0; k < 2000; ++k) {
        const Mat3 Q = sim::drawQuat(normal, rng).normalized().toRotationMatrix();
        const Mat3 P = sim::drawQuat(normal, rng).normalized().toRotationMatrix();
        const Mat3 F = Q * sim::drawVec3(stretch, rng).asDiagonal() * P;
        const Mat3 R = sim::polarRotation(F);
        EXPECT_LT((R - Q * P).norm(), 1e-11) << F;
        EXPECT_LT((R - sim::polarParts(F).R).norm(), 1e-9) << F;  // its own error reaches 5e-11
        EXPECT_TRUE(isRotation(R));
    }
    // Either side of the switch: sigma_3 shrinking from 1e-2 to 1e-6.
    const Mat3 Q = Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()).toRotationMatrix();
    for (Real s3 = 1e-2; s3 > 1e-6; s3 *= 0.5)
        EXPECT_LT((sim::polarRotation(Q * Vec3(1.5, 0.8, s3).asDiagonal()) - Q).norm(), 1e-9);
}

// Repeatedly projecting an inverted or flat tet with the XPBD rule at compliance 0 (unit
// masses) restores its orientation and never writes NaN.
TEST(SoftbodyConstraints, InvertedAndFlatTetsRecoverWithoutNaN) {
    const Vec3 r[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    Mat3 restInverse;
    ASSERT_TRUE(sim::arapRestInverse(r[0], r[1], r[2], r[3], restInverse));
    const Real v0 = sim::signedTetVolume(r[0], r[1], r[2], r[3]);
    const std::vector<std::array<Vec3, 4>> starts = {
        {r[0], r[1], r[2], Vec3(0, 0, -1)},                   // inverted
        {r[0], r[1], r[2], Vec3(0.3, 0.3, 0)},                // flat
        {r[0], Vec3(1, 0, 0), Vec3(2, 0, 0), Vec3(3, 0, 0)},  // collinear
        {r[0], r[0], r[0], r[0]}};                            // collapsed to a point
    for (int model = 0; model < 2; ++model)
        for (const auto& start : starts) {
            Vec3 p[4] = {start[0], start[1], start[2], start[3]};
            for (int it = 0; it < 200; ++it) {
                Vec3 g[4];
                const Real C = model == 0
                                   ? sim::evaluateArap(p[0], p[1], p[2], p[3], restInverse, g)
                                   : sim::evaluateTetVolume(p[0], p[1], p[2], p[3], v0, g);
                Real sum = 0;
                for (const Vec3& gk : g) sum += gk.squaredNorm();
                if (sum < 1e-12) break;
                for (int k = 0; k < 4; ++k) p[k] += (-C / sum) * g[k];
            }
            for (const Vec3& pk : p) ASSERT_TRUE(pk.allFinite());
            const Real v = sim::signedTetVolume(p[0], p[1], p[2], p[3]);
            const bool degenerate = start[1] == start[0];
            if (model == 0 && !degenerate) {
                EXPECT_NEAR(v, v0, 1e-3 * v0);
            }
            if (model == 1 && !degenerate && start[2] != Vec3(2, 0, 0)) {
                EXPECT_NEAR(v, v0, 1e-6);
            }
        }
}

TEST(SoftbodyConstraints, SeparationActsOnlyWhenTooClose) {
    Vec3 g[2];
    EXPECT_LT(sim::evaluateDistance(Vec3(0, 0, 0), Vec3(0.01, 0, 0), 0.05, g), 0.0);
    EXPECT_GT(sim::evaluateDistance(Vec3(0, 0, 0), Vec3(0.10, 0, 0), 0.05, g), 0.0);
}
