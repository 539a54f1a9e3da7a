// The GPU solvers as Solvers: one MGPBD outer iteration equals the CPU's (issue 19: to
// 1e-6), whole frames follow the CPU solver, contacts hold, settings without a GPU version
// fall back to the CPU solver exactly, and XPBD on the GPU keeps the pins. Skipped without
// a GPU.
#include <gtest/gtest.h>

#include "sim/cuda/gpu_mgpbd.h"
#include "sim/cuda/gpu_xpbd.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/solvers/mgpbd/mgpbd_solver.h"
#include "tests/cuda/gpu_test_util.h"

namespace sim::cuda {
namespace {

using test::FreshRandom;

World copyOf(const World& base) {
    World w;
    w.particles = base.particles;
    w.constraints = base.constraints;
    w.colliders = base.colliders;
    w.contacts() = base.contacts();
    w.triangles = base.triangles;
    w.settings = base.settings;
    w.bumpTopology();
    return w;
}

// max |p_a - p_b| over max |p_b - x|: the difference relative to the step taken.
double stepError(const World& a, const World& b) {
    double diff = 0, step = 0;
    for (int i = 0; i < a.particles.size(); ++i) {
        diff = std::max(diff, (a.particles.p[i] - b.particles.p[i]).norm());
        step = std::max(step, (b.particles.p[i] - b.particles.x[i]).norm());
    }
    return step > 0 ? diff / step : diff;
}

TEST(GpuMgpbd, OneOuterIterationEqualsTheCpuSolvers) {
    REQUIRE_GPU();
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    // Double V-cycle, float V-cycle, and the line search from omega = 1 (its halvings too).
    for (int variant = 0; variant < 3; ++variant) {
        const bool floatCycle = variant == 1, lineSearch = variant == 2;
        SCOPED_TRACE(variant == 0   ? "double V-cycle"
                     : variant == 1 ? "float V-cycle"
                                    : "line search");
        // Compliance 1e-6: the converged step's sensitivity to PCG's residual is
        // ~sqrt(w) / (2 sqrt(alpha~)) ~ 300 here, so tolerance 1e-11 (1e-10 flexible) keeps
        // both solvers' steps within 1e-7 of the exact one.
        World base;
        test::clothWorld(base, 16, random, 1e-6);
        MgpbdSettings& s = base.settings.block<sim::MgpbdSettings>();
        s.maxIterations = 1;
        s.atol = 0;
        s.relaxation = lineSearch ? 1.0 : random.uniform(0.25, 1.0);
        s.step.lineSearch = lineSearch;
        s.pcgTolerance = floatCycle ? 1e-10 : 1e-11;
        s.system.pcgMaxIterations = 1000;
        s.system.amg.coarseSize = 60;
        s.system.amg.floatVCycle = floatCycle;
        World cpu = copyOf(base), gpu = copyOf(base);
        const Real dt = base.settings.substepDt();
        MgpbdSolver cpuSolver;
        GpuMgpbdSolver gpuSolver;
        cpuSolver.solve(cpu.context(), dt);
        gpuSolver.solve(gpu.context(), dt);
        ASSERT_TRUE(gpuSolver.ranOnDevice());
        ASSERT_EQ(gpuSolver.stats().residualHistory.size(), 2u);
        EXPECT_LT(stepError(gpu, cpu), 1e-6);
        const double rCpu = cpuSolver.stats().residualHistory[1],
                     rGpu = gpuSolver.stats().residualHistory[1];
        EXPECT_NEAR(rGpu, rCpu, 1e-6 * cpuSolver.stats().residualHistory[0]);
        EXPECT_NEAR(gpuSolver.stats().residualHistory[0], cpuSolver.stats().residualHistory[0],
                    1e-12 * cpuSolver.stats().residualHistory[0]);
    }
}

// Twenty frames of the paper's cloth (N = 16, default settings, lazy setup every 20
// frames): the GPU's frames follow the CPU's to within the PCG tolerance's effect.
TEST(GpuMgpbd, FramesFollowTheCpuSolver) {
    REQUIRE_GPU();
    World cpu, gpu;
    ASSERT_EQ(loadScene(cpu, "mgpbd_cloth", 16), "");
    ASSERT_EQ(loadScene(gpu, "mgpbd_cloth", 16), "");
    cpu.setSolver(SolverKind::MGPBD);
    ASSERT_EQ(useDevice(Device::Cuda, gpu), "");
    ASSERT_EQ(gpu.settings.solver, SolverKind::MGPBD);
    for (int f = 0; f < 20; ++f) {
        cpu.step();
        gpu.step();
        ASSERT_TRUE(gpu.solver().stats().device) << "frame " << f;
    }
    double diff = 0;
    for (int i = 0; i < cpu.particles.size(); ++i)
        diff = std::max(diff, (cpu.particles.x[i] - gpu.particles.x[i]).norm());
    EXPECT_LT(diff, 1e-3);  // [m] on a 1 m sheet
    EXPECT_NEAR(gpu.solver().stats().residual, cpu.solver().stats().residual,
                0.5 * cpu.solver().stats().residual + 1e-6);
}

// A sheet dropped on the ground plane and a sphere: contacts projected on the device keep
// every particle outside the colliders.
TEST(GpuMgpbd, ContactsKeepTheClothOutOfTheColliders) {
    REQUIRE_GPU();
    World world;
    ASSERT_EQ(loadScene(world, "mgpbd_cloth", 12), "");
    for (int i = 0; i < world.particles.size(); ++i) world.particles.setPinned(i, false);
    world.colliders.push_back(Collider::plane(Vec3(0, 0.9, 0), Vec3::UnitY()));
    world.colliders.push_back(Collider::sphere(Vec3(0, 0.9, 0.15), 0.1));
    world.settings.frameDt = 1.0 / 60;
    world.setSolver(SolverKind::MGPBD);
    ASSERT_EQ(useDevice(Device::Cuda, world), "");
    for (int f = 0; f < 90; ++f) world.step();
    for (int i = 0; i < world.particles.size(); ++i) {
        const Vec3& x = world.particles.x[i];
        EXPECT_GT(x.y(), 0.9 - 1e-6) << "particle " << i;
        EXPECT_GT((x - Vec3(0, 0.9, 0.15)).norm(), 0.1 - 1e-6) << "particle " << i;
    }
}

TEST(GpuMgpbd, SettingsWithoutAGpuVersionRunTheCpuSolver) {
    REQUIRE_GPU();
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    World base;
    test::clothWorld(base, 8, random);
    base.settings.block<sim::MgpbdSettings>().system.primalResidual = true;
    World cpu = copyOf(base), gpu = copyOf(base);
    MgpbdSolver cpuSolver;
    GpuMgpbdSolver gpuSolver;
    cpuSolver.solve(cpu.context(), base.settings.substepDt());
    gpuSolver.solve(gpu.context(), base.settings.substepDt());
    EXPECT_FALSE(gpuSolver.ranOnDevice());
    for (int i = 0; i < cpu.particles.size(); ++i)
        EXPECT_EQ(cpu.particles.p[i], gpu.particles.p[i]);
}

// XPBD on the GPU: pins stay, the sheet hangs and stretches no more than the CPU solver's.
TEST(GpuXpbd, HangingClothKeepsPinsAndStretchesLikeTheCpuSolver) {
    REQUIRE_GPU();
    World cpu, gpu;
    ASSERT_EQ(loadScene(cpu, "mgpbd_cloth", 16), "");
    ASSERT_EQ(loadScene(gpu, "mgpbd_cloth", 16), "");
    for (World* w : {&cpu, &gpu}) {
        w->settings.stretch = Material{1.0, 1e-6};
        w->settings.iterations = 50;
        w->setSolver(SolverKind::XPBD);
    }
    ASSERT_EQ(useDevice(Device::Cuda, gpu), "");
    const std::vector<Vec3> start = gpu.particles.x;
    for (int f = 0; f < 60; ++f) {
        cpu.step();
        gpu.step();
    }
    auto maxStrain = [](const World& w) {
        double strain = 0;
        for (const DistanceConstraint& c : w.constraints.distance)
            strain = std::max(strain,
                              (w.particles.x[c.i] - w.particles.x[c.j]).norm() / c.restLength - 1);
        return strain;
    };
    for (int i = 0; i < gpu.particles.size(); ++i) {
        if (gpu.particles.w[i] == 0) {
            EXPECT_EQ(gpu.particles.x[i], start[i]);
        }
    }
    double lowCpu = 1e9, lowGpu = 1e9;
    for (int i = 0; i < cpu.particles.size(); ++i) {
        lowCpu = std::min(lowCpu, cpu.particles.x[i].y());
        lowGpu = std::min(lowGpu, gpu.particles.x[i].y());
    }
    EXPECT_NEAR(lowGpu, lowCpu, 0.05);
    EXPECT_LT(maxStrain(gpu), 1.5 * maxStrain(cpu) + 1e-3);
}

}  // namespace
}  // namespace sim::cuda
