// The device V-cycle (device_amg.h) against AmgHierarchy::vcycle from the same setup, and
// the device MGPCG (device_pcg.h) against pcg.cpp. These compose many kernels (a degree-16
// Chebyshev per level, a dense coarsest inverse against an LDL^T solve), so their bounds
// are looser than one kernel's: double 1e-9, float 1e-4 for the V-cycle; the PCG
// solutions agree to their tolerance. Skipped without a GPU.
#include <gtest/gtest.h>

#include <cstring>

#include "sim/cuda/device_amg.h"
#include "sim/cuda/device_pcg.h"
#include "sim/solvers/mgpbd/amg_hierarchy.h"
#include "sim/solvers/mgpbd/dual_system.h"
#include "sim/solvers/mgpbd/pcg.h"
#include "tests/cuda/gpu_test_util.h"

namespace sim::cuda {
namespace {

using test::DeviceCsr;
using test::FreshRandom;

struct Problem {
    CsrMatrix A;
    Vector b;
    DeviceBuffer<int> diag;
};

void makeProblem(Problem& out, int res, FreshRandom& random) {
    World world;
    test::clothWorld(world, res, random, 1e-9);
    DualSystem system;
    system.update(world.context());
    system.assemble(world.context(), world.settings.substepDt(), Vector(system.rows(), 0.0));
    out.A = system.A;
    out.b.resize(out.A.rows);
    for (Real& v : out.b) v = random.uniform(-1, 1);
    std::vector<int> diag(out.A.rows);
    for (int i = 0; i < out.A.rows; ++i) diag[i] = static_cast<int>(out.A.find(i, i));
    out.diag.upload(diag, nullptr);
    CUDA_CHECK(cudaDeviceSynchronize());
}

// ||A (x - y)|| / ||b||: two solutions of A x = b to relative residual tol differ by at most
// 2 tol in this measure, whatever A's condition number does to x - y itself.
double residualGap(const CsrMatrix& A, const std::vector<double>& x, const Vector& y,
                   const Vector& b) {
    Vector d(x.size()), Ad;
    for (size_t i = 0; i < x.size(); ++i) d[i] = x[i] - y[i];
    multiply(A, d, Ad);
    return norm(Ad) / norm(b);
}

AmgOptions amgSettings(bool floatCycle, MgpbdSmoother smoother) {
    AmgOptions s;
    s.coarseSize = 60;  // several levels on a small cloth
    s.floatVCycle = floatCycle;
    s.smoother = smoother;
    if (smoother == MgpbdSmoother::Jacobi) s.smoothingSweeps = 2;
    return s;
}

template <class T>
class AmgPcg : public ::testing::Test {};
using Precisions = ::testing::Types<float, double>;
TYPED_TEST_SUITE(AmgPcg, Precisions);

TYPED_TEST(AmgPcg, VcycleMatchesAmgHierarchy) {
    using T = TypeParam;
    REQUIRE_GPU();
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    Problem problem;
    makeProblem(problem, 16, random);
    const CsrMatrix& A = problem.A;
    for (MgpbdSmoother smoother : {MgpbdSmoother::Chebyshev, MgpbdSmoother::Jacobi}) {
        const AmgOptions settings = amgSettings(std::is_same_v<T, float>, smoother);
        AmgHierarchy amg;
        amg.setup(A, settings);
        amg.refresh(A);
        ASSERT_GE(amg.levelCount(), 3);
        Vector z;
        amg.vcycle(problem.b, z);

        DeviceCsr<double> dA(A);
        DeviceAmg<T> damg;
        ASSERT_EQ(damg.upload(amg, settings, dA.view(), problem.diag.data(), nullptr), "");
        damg.refresh(nullptr);
        EXPECT_TRUE(damg.coarseDirect());
        DeviceBuffer<double> r = test::upload(problem.b), dz;
        dz.resize(A.rows);
        dz.poison(nullptr);
        damg.vcycle(r.data(), dz.data(), nullptr);
        const double tol = std::is_same_v<T, float> ? 1e-4 : 1e-9;
        EXPECT_LT(test::relativeError(dz.toHost(nullptr), z), tol) << smootherName(smoother);
    }
}

TYPED_TEST(AmgPcg, PcgMatchesCpuPcgAndBatchingChangesNothing) {
    using T = TypeParam;
    REQUIRE_GPU();
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    Problem problem;
    makeProblem(problem, 16, random);
    const CsrMatrix& A = problem.A;
    const bool floatCycle = std::is_same_v<T, float>;
    const AmgOptions settings = amgSettings(floatCycle, MgpbdSmoother::Chebyshev);
    const double tolerance = floatCycle ? 1e-8 : 1e-10;
    AmgHierarchy amg;
    amg.setup(A, settings);
    amg.refresh(A);
    PcgWorkspace work;
    Vector x;
    const PcgResult cpu = pcg(
        A, problem.b, x, [&](const Vector& r, Vector& z) { amg.vcycle(r, z); }, tolerance, 500,
        work, floatCycle);
    ASSERT_LE(cpu.relativeResidual, tolerance);

    DeviceCsr<double> dA(A);
    DeviceAmg<T> damg;
    ASSERT_EQ(damg.upload(amg, settings, dA.view(), problem.diag.data(), nullptr), "");
    damg.refresh(nullptr);
    DeviceBuffer<double> b = test::upload(problem.b), dx;
    dx.resize(A.rows);
    std::vector<double> runs[3];
    const struct {
        int interval;
        bool graph;
    } modes[3] = {{4, true}, {4, false}, {1, false}};
    for (int m = 0; m < 3; ++m) {
        DevicePcg<T> solver;
        dx.poison(nullptr);
        const DevicePcgResult gpu =
            solver.solve(dA.view(), problem.diag.data(), b.data(), dx.data(), &damg, tolerance, 500,
                         floatCycle, modes[m].interval, modes[m].graph, nullptr);
        EXPECT_LE(gpu.relativeResidual, tolerance);
        EXPECT_NEAR(gpu.iterations, cpu.iterations, floatCycle ? 2 : 1);
        EXPECT_LE(gpu.batches, gpu.iterations / modes[m].interval + 1);
        runs[m] = dx.toHost(nullptr);
        EXPECT_LE(residualGap(A, runs[m], x, problem.b), 2.5 * tolerance);
    }
    // Iterations past convergence inside a batch change nothing, graph or not.
    EXPECT_EQ(runs[0], runs[1]);
    EXPECT_EQ(runs[1], runs[2]);
}

TEST(AmgPcg, JacobiPcgMatchesCpuJacobiPcg) {
    REQUIRE_GPU();
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    Problem problem;
    makeProblem(problem, 12, random);
    const CsrMatrix& A = problem.A;
    Vector d;
    diagonal(A, d);
    PcgWorkspace work;
    Vector x;
    const PcgResult cpu = pcg(
        A, problem.b, x,
        [&](const Vector& r, Vector& z) {
            z.resize(r.size());
            for (size_t i = 0; i < r.size(); ++i) z[i] = r[i] / d[i];
        },
        1e-10, 5000, work);
    DeviceCsr<double> dA(A);
    DeviceBuffer<double> b = test::upload(problem.b), dx;
    dx.resize(A.rows);
    dx.poison(nullptr);
    DevicePcg<double> solver;
    const DevicePcgResult gpu = solver.solve(dA.view(), problem.diag.data(), b.data(), dx.data(),
                                             nullptr, 1e-10, 5000, false, 8, true, nullptr);
    EXPECT_LE(gpu.relativeResidual, 1e-10);
    // Unpreconditioned-like CG counts drift with rounding over hundreds of iterations.
    EXPECT_NEAR(gpu.iterations, cpu.iterations, 0.02 * cpu.iterations + 2);
    EXPECT_LE(residualGap(A, dx.toHost(nullptr), x, problem.b), 2.5e-10);
}

}  // namespace
}  // namespace sim::cuda
