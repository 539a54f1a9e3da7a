// The Jacobi XPBD solver (sim/solvers/jacobi): its compliance against Hooke's law (the mass
// split keeps positions and lambda consistent, so a compliant link stretches by alpha times
// its load, as under Gauss-Seidel XPBD), its independence of the constraint order (every
// constraint reads the same positions), the way it converges (more iterations, less stretch;
// slower than Gauss-Seidel per iteration). The all-solver soak (soak_test.cpp) runs every
// scene under it with grabs, pins and cuts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "sim/scenes/scene_table.h"
#include "sim/world/metrics.h"
#include "sim/world/world.h"
#include "tests/unit/hanging_chain.h"

namespace sim {
namespace {

TEST(JacobiSolver, CompliantChainStretchesByAlphaTimesItsLoad) {
    const test::HangingChain chain;
    World world;
    world.settings.solver = SolverKind::JACOBI;
    world.settings.iterations = 100;
    chain.build(world);
    for (int frame = 0; frame < 900; ++frame) world.step();  // at rest
    for (int k = 1; k <= chain.links; ++k) {
        const Real expected = chain.expectedStretch(k, 9.81);
        EXPECT_NEAR(chain.stretch(world, k), expected, 1e-3 * expected) << "link " << k;
    }
    EXPECT_STREQ(world.solver().name(), "jacobi");
}

// The cloth after `frames` frames of hanging_cloth at resolution `res` under `kind`.
World hangingCloth(SolverKind kind, int iterations, int frames, bool reversed = false) {
    World world;
    EXPECT_EQ(loadScene(world, "hanging_cloth", 16), "");
    if (reversed)
        std::reverse(world.constraints.distance.begin(), world.constraints.distance.end());
    world.bumpTopology();
    world.settings.solver = kind;
    world.settings.iterations = iterations;
    for (int frame = 0; frame < frames; ++frame) world.step();
    return world;
}

TEST(JacobiSolver, ConstraintOrderDoesNotMatter) {
    const World forward = hangingCloth(SolverKind::JACOBI, 10, 60);
    const World backward = hangingCloth(SolverKind::JACOBI, 10, 60, true);
    Real largest = 0;
    for (size_t i = 0; i < forward.particles.x.size(); ++i)
        largest = std::max(largest, (forward.particles.x[i] - backward.particles.x[i]).norm());
    // Only the summation order of the corrections differs (rounding).
    EXPECT_LT(largest, 1e-9);
    // Gauss-Seidel's order is felt.
    const World gsForward = hangingCloth(SolverKind::XPBD, 10, 60);
    const World gsBackward = hangingCloth(SolverKind::XPBD, 10, 60, true);
    Real gsLargest = 0;
    for (size_t i = 0; i < gsForward.particles.x.size(); ++i)
        gsLargest =
            std::max(gsLargest, (gsForward.particles.x[i] - gsBackward.particles.x[i]).norm());
    EXPECT_GT(gsLargest, 1e-6);
}

TEST(JacobiSolver, MoreIterationsLessStretchButGaussSeidelConvergesFaster) {
    const Real few = measure(hangingCloth(SolverKind::JACOBI, 5, 60)).maxStrain;
    const Real many = measure(hangingCloth(SolverKind::JACOBI, 40, 60)).maxStrain;
    const Real gaussSeidel = measure(hangingCloth(SolverKind::XPBD, 5, 60)).maxStrain;
    EXPECT_LT(many, few);
    EXPECT_LT(gaussSeidel, few);
}

}  // namespace
}  // namespace sim
