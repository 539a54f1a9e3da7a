// UA-AMG-PCG of the MGPBD solver (sim/solvers/mgpbd): scaling on 2D Poisson, a symmetric
// V-cycle, orthonormal tentative prolongators and Galerkin products against dense ones.
#include <gtest/gtest.h>
#include <omp.h>

#include <Eigen/Dense>
#include <cstdio>
#include <random>
#include <tuple>

#include "sim/core/stages.h"
#include "sim/scenes/scene_table.h"
#include "sim/solvers/mgpbd/amg_hierarchy.h"
#include "sim/solvers/mgpbd/dual_system.h"
#include "sim/solvers/mgpbd/pcg.h"
#include "sim/world/world.h"
#include "tests/unit/mgpbd_test_cloth.h"

namespace sim {
namespace {

// These problems are small: on the shared 2-core test machine their many short OpenMP
// loops are barrier-bound, so the tests run single-threaded (the benches set threads too).
void singleThread() {
    omp_set_num_threads(1);
}

// 5-point Laplacian on an n x n grid with Dirichlet boundary.
CsrMatrix poisson2d(int n) {
    CsrMatrix A;
    A.rows = A.cols = n * n;
    A.rowStart.push_back(0);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            auto add = [&](int r, int c, Real v) {
                if (r < 0 || r >= n || c < 0 || c >= n) return;
                A.col.push_back(r * n + c);
                A.val.push_back(v);
            };
            add(i - 1, j, -1);
            add(i, j - 1, -1);
            add(i, j, 4);
            add(i, j + 1, -1);
            add(i + 1, j, -1);
            A.rowStart.push_back(static_cast<int64_t>(A.col.size()));
        }
    return A;
}

int poissonIterations(int n, AmgOptions s = {}) {
    CsrMatrix A = poisson2d(n);
    s.candidates = MgpbdCandidates::Constant;
    AmgHierarchy amg;
    amg.setup(A, s);
    Vector b(A.rows), x;
    std::mt19937 rng(1);
    std::uniform_real_distribution<Real> u(-1, 1);
    for (Real& v : b) v = u(rng);
    PcgWorkspace work;
    const PcgResult r = pcg(
        A, b, x, [&](const Vector& in, Vector& z) { amg.vcycle(in, z); }, 1e-8, 500, work,
        s.floatVCycle);
    EXPECT_LT(r.relativeResidual, 1e-8);
    return r.iterations;
}

TEST(MgpbdAmg, PoissonIterationsGrowSlowly) {
    singleThread();
    // The issue asks 64^2 -> 512^2; 512^2 is left to `pbd-bench amg-poisson` for time, the
    // test checks 64^2 -> 256^2. Measured: smoothed aggregation 7 -> 8 iterations; plain UA
    // 17 -> 34, which does not meet 1.5x (UA's known energy mismatch); it is only checked
    // to converge here.
    // The smoother is the multigrid smoother (2 + 2 sweeps of Chebyshev degree 3 on
    // [rho/30, 1.1 rho]), not AmgOptions' cloth default (1 + 1 sweep of a higher degree on a
    // wider interval): that one is a strong polynomial preconditioner chosen because on
    // the cloth dual system the coarse correction does not pay (docs/architecture.md, MGPBD),
    // and on Poisson its SA iterations grow 14 -> 21 (64^2 -> 256^2), measured.
    AmgOptions sa;
    sa.smoothedAggregation = true;
    sa.smoothingSweeps = 2;
    sa.chebyshevDegree = 3;
    sa.chebyshevLowerRatio = 1.0 / 30;
    const int small = poissonIterations(64, sa);
    const int large = poissonIterations(256, sa);
    EXPECT_LE(large, 1.5 * small) << small << " -> " << large;
    EXPECT_LT(poissonIterations(256), 60);  // UA converges (measured 34; 22 with the defaults)
}

// The first-iteration dual system of mgpbd_cloth at `res` with positions perturbed, so that
// C and the gradients are not those of the flat rest state.
struct ClothSystem {
    World world;
    DualSystem system;
};

void buildClothSystem(int res, ClothSystem& out) {
    predictedCloth(out.world, res, 0.2, 3);
    out.system.update(out.world.context());
    out.system.assemble(out.world.context(), out.world.settings.substepDt(),
                        Vector(out.system.rows(), 0.0));
}

class MgpbdSmoothers : public ::testing::TestWithParam<std::tuple<MgpbdSmoother, bool>> {};

// <M x, y> = <x, M y> for the V-cycle M. In double to 1e-10 relative. The float V-cycle
// (PCG stays double) is symmetric only up to float rounding: each application carries
// relative errors of a few float epsilons (6e-8) per operation, compared here against
// |M x| |y| (the scale of the sum, whose terms cancel): measured 5e-10 ... 3e-8, bound 1e-6.
TEST_P(MgpbdSmoothers, VCycleIsSymmetric) {
    singleThread();
    const auto [smoother, useFloat] = GetParam();
    ClothSystem cs;
    buildClothSystem(24, cs);
    AmgOptions s;
    s.smoother = smoother;
    s.floatVCycle = useFloat;
    s.coarseSize = 100;
    AmgHierarchy amg;
    amg.setup(cs.system.A, s);
    ASSERT_GE(amg.levelCount(), 2);
    std::mt19937 rng(5);
    std::uniform_real_distribution<Real> u(-1, 1);
    for (int trial = 0; trial < 3; ++trial) {
        Vector x(cs.system.rows()), y(cs.system.rows()), Mx, My;
        for (Real& v : x) v = u(rng);
        for (Real& v : y) v = u(rng);
        amg.vcycle(x, Mx);
        amg.vcycle(y, My);
        const Real a = dot(Mx, y), b = dot(x, My);
        if (useFloat)
            EXPECT_LE(std::abs(a - b), 1e-6 * norm(Mx) * norm(y)) << smootherName(smoother);
        else
            EXPECT_NEAR(a, b, 1e-10 * std::abs(a)) << smootherName(smoother);
        std::printf("%s %s: |a - b| / (|Mx| |y|) = %.2e\n", smootherName(smoother),
                    useFloat ? "float" : "double", std::abs(a - b) / (norm(Mx) * norm(y)));
    }
}

INSTANTIATE_TEST_SUITE_P(All, MgpbdSmoothers,
                         ::testing::Combine(::testing::Values(MgpbdSmoother::Jacobi,
                                                              MgpbdSmoother::Chebyshev,
                                                              MgpbdSmoother::GaussSeidel),
                                            ::testing::Bool()));

TEST(MgpbdAmg, ProlongatorColumnsOrthonormal) {
    singleThread();
    ClothSystem cs;
    buildClothSystem(16, cs);
    AmgOptions s;
    s.coarseSize = 50;
    AmgHierarchy amg;
    amg.setup(cs.system.A, s);
    ASSERT_GE(amg.levelCount(), 2);
    for (int l = 0; l + 1 < amg.levelCount(); ++l) {
        const Eigen::MatrixXd P = dense(amg.prolongator(l));
        const Eigen::MatrixXd PtP = P.transpose() * P;
        EXPECT_LT((PtP - Eigen::MatrixXd::Identity(P.cols(), P.cols())).cwiseAbs().maxCoeff(),
                  1e-10)
            << "level " << l;
    }
}

TEST(MgpbdAmg, GalerkinMatchesDenseProduct) {
    singleThread();
    ClothSystem cs;
    buildClothSystem(12, cs);
    for (bool sa : {false, true}) {
        AmgOptions s;
        s.coarseSize = 30;
        s.smoothedAggregation = sa;
        AmgHierarchy amg;
        amg.setup(cs.system.A, s);
        // Values refreshed from a changed A, with P reused, must follow.
        CsrMatrix A = cs.system.A;
        for (Real& v : A.val) v *= 1.5;
        amg.refresh(A);
        ASSERT_GE(amg.levelCount(), 2);
        for (int l = 0; l + 1 < amg.levelCount(); ++l) {
            const Eigen::MatrixXd P = dense(amg.prolongator(l));
            const Eigen::MatrixXd expected = P.transpose() * dense(amg.op(l)) * P;
            const Eigen::MatrixXd got = dense(amg.op(l + 1));
            EXPECT_LT((got - expected).cwiseAbs().maxCoeff(),
                      1e-10 * expected.cwiseAbs().maxCoeff())
                << "level " << l << (sa ? " (SA)" : " (UA)");
        }
    }
}

// Why the live preset gives cloth dual systems a one-level V-cycle (clothCoarseLevels): on the
// flat mgpbd_cloth sheet the two-grid V-cycle (exact coarse solve) is no better conditioned
// than its Chebyshev smoother alone. Eigenvalues of A^1/2 B A^1/2 (B the V-cycle, dense):
// measured at res 10, both 9.05e-4 ... 1.0, and the two-grid's PCG needs 58 iterations to
// 1e-8 against the smoother's 39. If the hierarchy ever beats its smoother here, the live
// default should be revisited.
TEST(MgpbdAmg, ClothCoarseCorrectionDoesNotImproveTheConditioning) {
    singleThread();
    World world;
    predictedCloth(world, 10, 0.0, 3);  // the flat sheet of a cloth's first frame
    DualSystem system;
    system.update(world.context());
    system.assemble(world.context(), world.settings.substepDt(), Vector(system.rows(), 0.0));
    const int n = system.rows();
    MgpbdLinearSystem live;  // the live smoother
    live.amg.floatVCycle = false;
    live.amg.coarseSize = 60;
    const AmgOptions oneLevel = live.dualAmgOptions(false);
    live.clothCoarseLevels = true;
    const AmgOptions twoGrid = live.dualAmgOptions(false);
    const Eigen::MatrixXd A = dense(system.A);
    const Eigen::MatrixXd root = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(A).operatorSqrt();
    struct Result {
        int levels = 0;
        Real lambdaMin = 0, lambdaMax = 0;
        int pcgIterations = 0;
    };
    const auto measure = [&](const AmgOptions& s) {
        AmgHierarchy amg;
        amg.setup(system.A, s);
        Eigen::MatrixXd B(n, n);
        Vector e(n, 0.0), z;
        for (int j = 0; j < n; ++j) {
            e[j] = 1;
            amg.vcycle(e, z);
            e[j] = 0;
            for (int i = 0; i < n; ++i) B(i, j) = z[i];
        }
        const Eigen::MatrixXd S = root * (0.5 * (B + B.transpose())) * root;
        const auto eig = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(S).eigenvalues();
        PcgWorkspace work;
        Vector x;
        const PcgResult r = pcg(
            system.A, system.b, x, [&](const Vector& in, Vector& out) { amg.vcycle(in, out); },
            1e-8, 10000, work, false);
        return Result{amg.levelCount(), eig.minCoeff(), eig.maxCoeff(), r.iterations};
    };
    const Result one = measure(oneLevel), two = measure(twoGrid);
    std::printf("one level: eig %.3e .. %.3e, %d PCG; two-grid (%d levels): %.3e .. %.3e, %d PCG\n",
                one.lambdaMin, one.lambdaMax, one.pcgIterations, two.levels, two.lambdaMin,
                two.lambdaMax, two.pcgIterations);
    ASSERT_EQ(one.levels, 1);
    ASSERT_GE(two.levels, 2);
    EXPECT_LE(two.lambdaMin, 1.01 * one.lambdaMin);
    EXPECT_GE(two.pcgIterations, one.pcgIterations);
}

}  // namespace
}  // namespace sim
