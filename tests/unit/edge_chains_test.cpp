// Line sweeps (solvers/edge_chains.h): which edges form chains, that one block step solves a
// chain's linearised rows exactly and conserves momentum, and what they do for MGPBD's
// strain on the hanging cloth.
#include "sim/sweeps/edge_chains.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "sim/scenes/scene_table.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/world/cloth_builder.h"
#include "sim/world/metrics.h"
#include "sim/world/world.h"
#include "tests/unit/mgpbd_test_cloth.h"

using namespace sim;

namespace {

// A straight chain of n particles along x with unit rest spacing.
Particles straightChain(int n, std::vector<DistanceConstraint>& edges) {
    Particles P;
    for (int k = 0; k < n; ++k) P.add(Vec3(k, 0, 0), 1.0);
    edges.clear();
    for (int k = 0; k + 1 < n; ++k) edges.push_back({k, k + 1, 1.0, 1.0});
    return P;
}

Real maxError(const Particles& P, const std::vector<DistanceConstraint>& edges) {
    Real e = 0;
    for (const DistanceConstraint& d : edges)
        e = std::max(e, std::abs((P.p[d.i] - P.p[d.j]).norm() - d.restLength));
    return e;
}

}  // namespace

TEST(EdgeChains, GridClothChainsAreItsStraightLines) {
    World world;
    GridSpec grid;
    grid.cols = grid.rows = 8;
    ASSERT_EQ(addCloth(world, makeGridMesh(grid), ClothOptions{}), "");
    const auto& D = world.constraints.distance;
    const Particles& P = world.particles;
    EdgeChains chains;
    chains.update(world.context());
    int fullRows = 0;
    size_t chained = 0;
    for (size_t c = 0; c < chains.count(); ++c) {
        const auto e = chains.edges(c);
        const auto q = chains.particles(c);
        ASSERT_GE(e.size(), 2u);
        ASSERT_EQ(q.size(), e.size() + 1);
        EXPECT_EQ(std::set<int>(q.begin(), q.end()).size(), q.size());  // a simple path
        const Vec3 dir = (P.rest[q.back()] - P.rest[q.front()]).normalized();
        for (size_t k = 0; k < e.size(); ++k) {
            const DistanceConstraint& d = D[e[k]];
            EXPECT_TRUE((d.i == q[k] && d.j == q[k + 1]) || (d.j == q[k] && d.i == q[k + 1]));
            const Vec3 step = (P.rest[q[k + 1]] - P.rest[q[k]]).normalized();
            EXPECT_GT(step.dot(dir), 1 - 1e-9);  // straight at rest
            EXPECT_TRUE(chains.contains(e[k]));
        }
        chained += e.size();
        if (e.size() == 8) ++fullRows;
    }
    // 9 rows and 9 columns of 8 edges, and the main diagonal (of 8) whichever way the
    // quads are split; only the two single-edge diagonals at the corners stay out.
    EXPECT_GE(fullRows, 19);
    EXPECT_GE(chained, D.size() - 2);
}

TEST(EdgeChains, OneBlockStepSolvesAStraightChainExactly) {
    // Axial errors only: the chain's rows are linear in the axial moves, so the block step
    // (a tridiagonal solve) removes them all at once, pin or no pin.
    std::mt19937 rng(3);
    std::uniform_real_distribution<Real> u(-0.2, 0.2);
    for (bool pinned : {false, true}) {
        std::vector<DistanceConstraint> edges;
        Particles P = straightChain(7, edges);
        if (pinned) P.w[0] = 0;
        for (int k = 1; k < 7; ++k) P.p[k].x() += u(rng);
        EdgeChains chains;
        chains.build(P, edges);
        ASSERT_EQ(chains.count(), 1u);
        std::vector<Real> lambda(edges.size(), 0);
        const ProjectionParams params{ProjectionMode::Compliance, 1.0, 0.0};
        const Real before = maxError(P, edges);
        ASSERT_GT(before, 0.05);
        chains.project(0, P, edges, params, lambda.data());
        EXPECT_LT(maxError(P, edges), 1e-12) << "pinned " << pinned;
        if (pinned) {
            EXPECT_EQ(P.p[0], Vec3::Zero());
        }
    }
}

TEST(EdgeChains, BlockStepConservesMomentumAndLowersTheError) {
    // A bent, stretched chain of unequal masses: internal rows move no momentum (PBD eq. 1),
    // and the Newton step lowers the error even where the rows are nonlinear.
    std::mt19937 rng(11);
    std::uniform_real_distribution<Real> u(-0.15, 0.15), mass(0.3, 3);
    std::vector<DistanceConstraint> edges;
    Particles P = straightChain(9, edges);
    for (int k = 0; k < 9; ++k) {
        P.m[k] = mass(rng);
        P.w[k] = 1 / P.m[k];
        P.p[k] += Vec3(u(rng), u(rng), u(rng));
    }
    EdgeChains chains;
    chains.build(P, edges);
    ASSERT_EQ(chains.count(), 1u);
    const std::vector<Vec3> before = P.p;
    const Real error = maxError(P, edges);
    std::vector<Real> lambda(edges.size(), 0);
    chains.project(0, P, edges, {ProjectionMode::Compliance, 1.0, 0.0}, lambda.data());
    Vec3 momentum = Vec3::Zero();
    for (int k = 0; k < 9; ++k) momentum += P.m[k] * (P.p[k] - before[k]);
    EXPECT_LT(momentum.norm(), 1e-12);
    EXPECT_LT(maxError(P, edges), 0.2 * error);
}

TEST(EdgeChains, LineSweepsLowerMgpbdStrainOnTheHangingCloth) {
    // MGPBD's defaults on hanging_cloth are sweeps (no global step fits the budget). 300
    // frames measured, without the Chebyshev acceleration: peak max strain 0.064 with point
    // sweeps (10 a substep), 0.0197 with line sweeps (14: the count of the accelerated
    // sweeps); the first 40 frames hold the first swing's peak.
    // Lines alone: the acceleration has its own test (chebyshev_sweeps_test.cpp).
    auto peak = [](bool lines) {
        return hangingClothPeakStrain(40, [&](MgpbdSettings& s) {
            s.sweeps.lines = lines;
            s.sweeps.chebyshevRho = 0;
        });
    };
    const Real point = peak(false), lines = peak(true);
    EXPECT_LT(lines, 0.6 * point) << "point " << point << ", lines " << lines;
}
