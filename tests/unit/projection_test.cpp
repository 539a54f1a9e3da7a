// Projection properties of PBD §3.3: internal constraints conserve linear and angular
// momentum (eq. 1-2), and k' makes the remaining error (1-k) whatever n_s is.
#include "sim/constraints/projection.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "sim/constraints/bending.h"
#include "sim/constraints/distance.h"
#include "tests/unit/random_draws.h"

using namespace sim;

namespace {

template <int N>
void projectOnce(Vec3 (&p)[N], const Real (&w)[N], Real C, const Vec3 (&g)[N],
                 const ProjectionParams& params, Real& lambda, Vec3 (&dp)[N]) {
    Real sum = 0;
    for (int k = 0; k < N; ++k) sum += w[k] * g[k].squaredNorm();
    const Real s = projectionScale(C, sum, params, 1.0, lambda);
    for (int k = 0; k < N; ++k) {
        dp[k] = s * w[k] * g[k];
        p[k] += dp[k];
    }
}

template <int N>
void expectMomentumConserved(const Vec3 (&p)[N], const Real (&w)[N], const Vec3 (&dp)[N]) {
    Vec3 linear = Vec3::Zero(), angular = Vec3::Zero();
    Vec3 center = Vec3(0.3, -0.2, 0.7);  // any common rotation centre (eq. 2)
    for (int k = 0; k < N; ++k) {
        const Real m = 1.0 / w[k];
        linear += m * dp[k];
        angular += (p[k] - center).cross(m * dp[k]);
    }
    EXPECT_LT(linear.norm(), 1e-10);
    EXPECT_LT(angular.norm(), 1e-9);
}

}  // namespace

TEST(Projection, InternalConstraintsConserveMomentum) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<Real> u(-1, 1), mass(0.2, 3.0);
    for (ProjectionMode mode : {ProjectionMode::Stiffness, ProjectionMode::Compliance}) {
        ProjectionParams params{mode, 0.7, 0.01};
        for (int trial = 0; trial < 20; ++trial) {
            Vec3 p2[2] = {drawVec3(u, rng), drawVec3(u, rng)};
            Real w2[2] = {1 / mass(rng), 1 / mass(rng)};
            Vec3 g2[2], dp2[2];
            Real lambda = 0;
            Real C = evaluateDistance(p2[0], p2[1], 0.5, g2);
            Vec3 before2[2] = {p2[0], p2[1]};
            projectOnce<2>(p2, w2, C, g2, params, lambda, dp2);
            expectMomentumConserved<2>(before2, w2, dp2);

            Vec3 p4[4];
            for (Vec3& q : p4) q = drawVec3(u, rng);
            Real w4[4] = {1 / mass(rng), 1 / mass(rng), 1 / mass(rng), 1 / mass(rng)};
            Vec3 g4[4], dp4[4];
            lambda = 0;
            C = evaluateBending(p4[0], p4[1], p4[2], p4[3], 0.4, g4);
            Vec3 before4[4] = {p4[0], p4[1], p4[2], p4[3]};
            projectOnce<4>(p4, w4, C, g4, params, lambda, dp4);
            expectMomentumConserved<4>(before4, w4, dp4);
        }
    }
}

TEST(Projection, StiffnessPerIterationLeavesOneMinusK) {
    // One stretched distance constraint, projected n_s times with k' = 1-(1-k)^(1/n_s):
    // the error left is (1-k) of the initial one, for any n_s.
    const Real k = 0.6, rest = 1.0;
    for (int ns : {1, 4, 16}) {
        Vec3 p[2] = {Vec3(0, 0, 0), Vec3(1.5, 0, 0)};
        const Real w[2] = {1.0, 1.0};
        const Real initial = 0.5;
        ProjectionParams params{ProjectionMode::Stiffness, stiffnessPerIteration(k, ns), 0};
        for (int it = 0; it < ns; ++it) {
            Vec3 g[2], dp[2];
            Real lambda = 0;
            Real C = evaluateDistance(p[0], p[1], rest, g);
            projectOnce<2>(p, w, C, g, params, lambda, dp);
        }
        const Real error = (p[1] - p[0]).norm() - rest;
        EXPECT_NEAR(error, (1 - k) * initial, 1e-12) << "n_s = " << ns;
    }
}

TEST(Projection, XpbdComplianceSoftensAndZeroIsHard) {
    Vec3 p[2] = {Vec3(0, 0, 0), Vec3(1.5, 0, 0)};
    const Real w[2] = {1.0, 1.0};
    Vec3 g[2], dp[2];
    Real lambda = 0;
    Real C = evaluateDistance(p[0], p[1], 1.0, g);
    projectOnce<2>(p, w, C, g, ProjectionParams{ProjectionMode::Compliance, 1, 0.0}, lambda, dp);
    EXPECT_NEAR((p[1] - p[0]).norm(), 1.0, 1e-12);

    Vec3 q[2] = {Vec3(0, 0, 0), Vec3(1.5, 0, 0)};
    lambda = 0;
    C = evaluateDistance(q[0], q[1], 1.0, g);
    projectOnce<2>(q, w, C, g, ProjectionParams{ProjectionMode::Compliance, 1, 2.0}, lambda, dp);
    // alpha~ = 2, sum w|g|^2 = 2: half the error is corrected.
    EXPECT_NEAR((q[1] - q[0]).norm(), 1.25, 1e-12);
}
