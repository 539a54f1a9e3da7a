// Chebyshev acceleration of Gauss-Seidel sweeps (solvers/chebyshev_sweeps.h): off it changes
// nothing, on a model problem it converges faster than the plain sweeps and never moves a
// pinned particle, and on the hanging cloth it lowers MGPBD's strain (issue 14, line 1).
#include "sim/sweeps/chebyshev_sweeps.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "sim/scenes/scene_table.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/solvers/mgpbd/mgpbd_solver.h"
#include "sim/world/metrics.h"
#include "sim/world/world.h"
#include "tests/unit/mgpbd_test_cloth.h"

using namespace sim;

namespace {

// A string of n particles on x, particle 0 pinned at 0: the model problem is the discrete
// Laplacian x_i = (x_i-1 + x_i+1) / 2 with x_n-1 free at the end (x_n-1 = x_n-2), whose
// solution is x = 0. One sweep over it: Gauss-Seidel (in place) or Jacobi.
void sweep(Particles& P, bool jacobi = false) {
    static std::vector<Vec3> old;
    old = P.p;
    const std::vector<Vec3>& from = jacobi ? old : P.p;
    const int n = P.size();
    for (int i = 1; i < n; ++i) {
        const Real right = i + 1 < n ? from[i + 1].x() : from[i - 1].x();
        P.p[i].x() = 0.5 * (from[i - 1].x() + right);
    }
}

Real maxAbsX(const Particles& P) {
    Real e = 0;
    for (int i = 0; i < P.size(); ++i) e = std::max(e, std::abs(P.p[i].x()));
    return e;
}

Particles string(int n) {
    Particles P;
    for (int i = 0; i < n; ++i) P.add(Vec3(1.0 + 0.01 * i, 0, 0), 1.0);
    P.w[0] = 0;
    P.p[0].setZero();
    return P;
}

Real runSweeps(Real rho, int count, Particles& P, bool jacobi = false) {
    ChebyshevSweeps chebyshev;
    chebyshev.begin(rho, 4, P);
    for (int k = 0; k < count; ++k) {
        sweep(P, jacobi);
        chebyshev.afterSweep(k, P);
    }
    return maxAbsX(P);
}

}  // namespace

TEST(ChebyshevSweeps, OffLeavesTheSweepsAlone) {
    Particles a = string(12), b = string(12);
    for (int k = 0; k < 10; ++k) sweep(a);
    runSweeps(0, 10, b);
    for (int i = 0; i < a.size(); ++i) EXPECT_EQ(a.p[i], b.p[i]);
}

TEST(ChebyshevSweeps, ConvergesFasterThanThePlainSweepsAndKeepsPins) {
    const int n = 20, sweeps = 60;
    // Jacobi, the case of the theory (a symmetric iteration, eigenvalues in [-rho, rho]):
    // with rho its spectral radius cos(pi / (2 n)), 60 sweeps leave 0.0069 of the error
    // where the plain ones leave 1.10 (a Python model of the same problem). The restart
    // guard mistakes one transient rise of the Chebyshev correction for divergence and
    // restarts once, which leaves 0.046: the price of catching real divergence early.
    {
        Particles plain = string(n), fast = string(n);
        const Real rho = std::cos(3.14159265358979 / (2 * n));
        const Real errorPlain = runSweeps(0, sweeps, plain, true);
        const Real errorFast = runSweeps(rho, sweeps, fast, true);
        EXPECT_LT(errorFast, 0.06 * errorPlain) << "plain " << errorPlain;
        EXPECT_EQ(fast.p[0], Vec3::Zero());
    }
    // Gauss-Seidel, as MGPBD uses it, with rho below the sweep's spectral radius (0.994
    // here; at it the iteration diverged, 14.6): 0.153 against 0.892 at rho 0.98.
    {
        Particles plain = string(n), fast = string(n);
        const Real errorPlain = runSweeps(0, sweeps, plain),
                   errorFast = runSweeps(0.98, sweeps, fast);
        EXPECT_LT(errorFast, 0.25 * errorPlain) << "plain " << errorPlain;
        EXPECT_EQ(fast.p[0], Vec3::Zero());
        for (int i = 0; i < n; ++i) EXPECT_TRUE(fast.p[i].allFinite());
    }
}

TEST(ChebyshevSweeps, ARhoAboveTheSweepsRadiusRestartsInsteadOfDiverging) {
    // Gauss-Seidel on the string has spectral radius 0.994 at n = 20; a rho above it
    // extrapolates past the slowest mode, as a rho measured on a coarser cloth does on a
    // finer one. The growing corrections restart the acceleration: the run ends below where
    // it began and never worse than several times the plain sweeps' error.
    const int n = 20, sweeps = 200;
    Particles plain = string(n), fast = string(n);
    const Real start = maxAbsX(fast);
    const Real errorPlain = runSweeps(0, sweeps, plain);
    ChebyshevSweeps chebyshev;
    chebyshev.begin(0.9995, 4, fast);
    for (int k = 0; k < sweeps; ++k) {
        sweep(fast);
        chebyshev.afterSweep(k, fast);
    }
    EXPECT_GT(chebyshev.restarts(), 0);
    for (int i = 0; i < n; ++i) EXPECT_TRUE(fast.p[i].allFinite());
    EXPECT_LT(maxAbsX(fast), start);
    EXPECT_LT(maxAbsX(fast), 4 * errorPlain) << "plain " << errorPlain;
    EXPECT_EQ(fast.p[0], Vec3::Zero());
}

TEST(ChebyshevSweeps, LowerMgpbdStrainOnTheHangingCloth) {
    // MGPBD's defaults on hanging_cloth are budget sweeps (a free cloth), line sweeps,
    // 14 a substep. 300 frames measured: peak max strain 0.0061 with the acceleration
    // (rho 0.97), 0.0197 without; the first 40 frames hold the first swing's peak.
    const Real without =
        hangingClothPeakStrain(40, [](MgpbdSettings& s) { s.sweeps.chebyshevRho = 0; });
    const Real with = hangingClothPeakStrain(40, [](MgpbdSettings&) {});  // the defaults
    EXPECT_LT(with, 0.6 * without) << "without " << without << ", with " << with;
}

TEST(ChebyshevSweeps, WaitForAColliderWithinAFramesReach) {
    // A ball 3 cm under the middle of the hanging cloth (falling from a horizontal sheet at
    // y = 1.5): still, it is out of reach and the budget sweeps are accelerated; coming up at
    // 3 m/s (5 cm a frame) it could touch within the frame, and they are the contact sweeps
    // (moving_sphere's curtain switched between the two substep by substep without this).
    for (const Real speed : {0.0, 3.0}) {
        World world;
        ASSERT_EQ(loadScene(world, "hanging_cloth", 32), "");
        world.setSolver(SolverKind::MGPBD);
        Collider ball = Collider::sphere(Vec3(0, 1.5 - 0.2 - 0.03, 0), 0.2);
        ball.velocity = Vec3(0, speed, 0);
        world.colliders.push_back(ball);
        for (int f = 0; f < 3; ++f) world.step();
        ASSERT_TRUE(world.contacts().empty());
        const MgpbdStats& st = static_cast<const MgpbdSolver&>(world.solver()).mgpbdStats();
        EXPECT_EQ(st.lineSweeps, speed == 0) << "ball at " << speed << " m/s";
        EXPECT_GT(st.budgetSweeps, 0);
    }
}

TEST(ChebyshevSweeps, MoreBudgetNeverRaisesTheFreeClothStrain) {
    // A free cloth under a budget is solved by accelerated sweeps alone. When a 24 ms budget
    // held a truncated global step, hanging_cloth's peak strain over 40 frames was 0.126
    // against 0.0061 at 12 ms (no global step fitting there): more budget, 20x the strain.
    const auto peakAt = [](Real budgetMs, bool lines) {
        return hangingClothPeakStrain(40, [&](MgpbdSettings& s) {
            s.budget.frameMs = budgetMs;
            s.sweeps.lines = lines;
        });
    };
    const Real at12 = peakAt(12, true), at24 = peakAt(24, true);
    EXPECT_LE(at24, at12) << "12 ms " << at12 << ", 24 ms " << at24;
    // With sweeps.lines off the 24 ms budget takes its global step, as before.
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 32), "");
    world.setSolver(SolverKind::MGPBD);
    world.settings.block<sim::MgpbdSettings>().budget.frameMs = 24;
    world.settings.block<sim::MgpbdSettings>().sweeps.lines = false;
    world.step();
    EXPECT_GT(world.solver().stats().iterations, 0);
    EXPECT_GT(peakAt(24, false), 5 * at24);
}

// Issue 14, line 1 (the strain half; the time half is measured by the benchmark, not here):
// hanging_cloth under MGPBD's defaults has at most a tenth of PBD's peak max strain over 300
// frames (measured 0.0061 against 0.068).
TEST(ChebyshevSweepsSlow, HangingClothUnderMgpbdHasATenthOfPbdsStrain) {
    Real peak[2] = {0, 0};
    for (int k = 0; k < 2; ++k) {
        World world;
        ASSERT_EQ(loadScene(world, "hanging_cloth", 32), "");
        world.setSolver(k == 0 ? SolverKind::PBD : SolverKind::MGPBD);
        for (int f = 0; f < 300; ++f) {
            world.step();
            peak[k] = std::max(peak[k], measure(world).maxStrain);
        }
    }
    EXPECT_LE(peak[1], 0.1 * peak[0]) << "PBD " << peak[0] << ", MGPBD " << peak[1];
}
