// The GPU XPBD sweeps (xpbd_kernels.h through GpuXpbd) against their CPU references
// (xpbd_reference.h), which cpu_reference_test.cpp checks against the Gauss-Seidel solver.
// Positions are double on both sides; Jacobi's atomics only reorder sums. Skipped without a GPU.
#include <gtest/gtest.h>

#include "sim/cuda/gpu_xpbd.h"
#include "sim/cuda/xpbd_reference.h"
#include "tests/cuda/gpu_test_util.h"

namespace sim::cuda {
namespace {

using test::FreshRandom;

World copyOf(const World& base) {
    World w;
    w.particles = base.particles;
    w.constraints = base.constraints;
    w.settings = base.settings;
    w.bumpTopology();
    return w;
}

TEST(XpbdKernels, SweepsAndResidualMatchTheCpuReferences) {
    REQUIRE_GPU();
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    World cloth, box;
    test::clothWorld(cloth, 10, random);
    test::boxWorld(box, 3, ArapForm::StrainRows, random);
    for (World* base : {&cloth, &box})
        for (XpbdSweep kind : {XpbdSweep::Jacobi, XpbdSweep::ColouredGaussSeidel}) {
            const bool jacobi = kind == XpbdSweep::Jacobi;
            SCOPED_TRACE(jacobi ? "jacobi" : "coloured");
            const Real dt = base->settings.substepDt();
            World gpu = copyOf(*base), cpu = copyOf(*base);
            GpuXpbd session(kind);
            ASSERT_EQ(session.begin(gpu.context(), dt), "");
            const RowTable table = buildRowTable(cpu.context());
            const auto colours = colourConstraintRows(table);
            const auto degree = rowDegrees(table);
            std::vector<Real> lambda(table.size(), 0.0);
            std::vector<Vec3> dx;
            EXPECT_NEAR(session.residual(), rowDualResidual(cpu.context(), dt, table, lambda),
                        1e-12 * rowDualResidual(cpu.context(), dt, table, lambda));
            EXPECT_EQ(session.colours(), static_cast<int>(colours.size()));
            for (int sweep = 0; sweep < 4; ++sweep) {
                session.sweep();
                if (jacobi)
                    xpbdJacobiSweep(cpu.context(), dt, table, degree, lambda, dx);
                else
                    xpbdColouredSweep(cpu.context(), dt, table, colours, lambda);
            }
            const double expected = rowDualResidual(cpu.context(), dt, table, lambda);
            EXPECT_NEAR(session.residual(), expected, 1e-9 * expected);
            gpu.particles.p.assign(gpu.particles.size(), Vec3::Constant(NAN));
            session.end(gpu.context());
            std::vector<double> moved = test::flatten(gpu.particles.p),
                                wanted = test::flatten(cpu.particles.p);
            const std::vector<double> start = test::flatten(base->particles.p);
            for (size_t k = 0; k < moved.size(); ++k) moved[k] -= start[k], wanted[k] -= start[k];
            EXPECT_LT(test::relativeError(moved, wanted), 1e-10);
        }
}

}  // namespace
}  // namespace sim::cuda
