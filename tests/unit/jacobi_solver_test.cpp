// The Jacobi XPBD solver (sim/solvers/jacobi): its compliance against Hooke's law (the mass
// split keeps positions and lambda consistent, so a compliant link stretches by alpha times
// its load, as under Gauss-Seidel XPBD), its independence of the constraint order (every
// constraint reads the same positions), the way it converges (more iterations, less stretch;
// slower than Gauss-Seidel per iteration). The all-solver soak (soak_test.cpp) runs every
// scene under it with grabs, pins and cuts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "sim/constraints/distance.h"
#include "sim/scenes/scene_table.h"
#include "sim/world/metrics.h"
#include "sim/world/world.h"

namespace sim {
namespace {

constexpr int kLinks = 3;
constexpr Real kMass = 0.1;    // [kg] each hanging particle
constexpr Real kAlpha = 1e-2;  // [m/N]: a 100 N/m spring
constexpr Real kRest = 0.2;    // [m]

// A chain of kLinks compliant links hanging from a pinned particle, at rest after 900 frames.
World restingChain(int iterations) {
    World world;
    world.settings.solver = SolverKind::JACOBI;
    world.settings.iterations = iterations;
    world.settings.stretch.compliance = kAlpha;
    world.settings.damping = 0.05;
    world.settings.tethers = false;
    world.particles.add(Vec3::Zero(), kMass);
    world.particles.setPinned(0, true);
    for (int k = 1; k <= kLinks; ++k) {
        world.particles.add(Vec3(0, -kRest * k, 0), kMass);
        DistanceConstraint c;
        c.i = k - 1;
        c.j = k;
        c.restLength = kRest;
        world.constraints.distance.push_back(c);
    }
    world.bumpTopology();
    for (int frame = 0; frame < 900; ++frame) world.step();
    return world;
}

TEST(JacobiSolver, CompliantChainStretchesByAlphaTimesItsLoad) {
    const World world = restingChain(100);
    for (int k = 1; k <= kLinks; ++k) {
        const Real stretch = (world.particles.x[k] - world.particles.x[k - 1]).norm() - kRest;
        const Real expected = kAlpha * (kLinks - k + 1) * kMass * 9.81;
        EXPECT_NEAR(stretch, expected, 1e-3 * expected) << "link " << k;
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
