// XPBD's compliance against an answer the code did not produce. A chain of particles of mass
// m hangs from a pinned one, each link a distance constraint of compliance alpha [m/N]. At
// rest the link with k particles below it carries k m g, so it is longer than its rest length
// by alpha k m g (Hooke's law with stiffness 1 / alpha), whatever the time step: XPBD scales
// alpha by 1 / dt^2 (paper 001 eq. 4) exactly so that the stretch does not depend on dt or the
// substeps. The same holds for MGPBD, the global solve of the same equations. And Coulomb
// friction against its textbook answer: a particle sliding on the ground at v0 decelerates
// at mu g and stops after v0^2 / (2 mu g).
#include <gtest/gtest.h>

#include "sim/collision/collider.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/world/world.h"
#include "tests/unit/hanging_chain.h"

namespace sim {
namespace {

const test::HangingChain kChain;
constexpr Real kGravity = 9.81;  // [m/s^2]

// The chain at rest length under `solver`.
void buildChain(World& world, SolverKind solver, int substeps) {
    world.settings.solver = solver;
    world.settings.substeps = substeps;
    world.settings.iterations = 100;  // Gauss-Seidel converged on three links
    world.settings.gravity = Vec3(0, -kGravity, 0);
    // Converged global solves, no sweeps
    world.settings.block<sim::MgpbdSettings>().budget.frameMs = 0;
    kChain.build(world);
}

// The stretch of link k (from the top, 1-based) after the chain has come to rest.
std::vector<Real> restingStretches(SolverKind solver, int substeps) {
    World world;
    buildChain(world, solver, substeps);
    for (int frame = 0; frame < 900; ++frame) world.step();
    std::vector<Real> stretch(kChain.links + 1, 0);
    for (int k = 1; k <= kChain.links; ++k) stretch[k] = kChain.stretch(world, k);
    return stretch;
}

void expectHookesLaw(SolverKind solver) {
    for (int substeps : {1, 8}) {
        const std::vector<Real> stretch = restingStretches(solver, substeps);
        for (int k = 1; k <= kChain.links; ++k) {
            const Real expected = kChain.expectedStretch(k, kGravity);
            EXPECT_NEAR(stretch[k], expected, 1e-3 * expected)
                << solverName(solver) << ", " << substeps << " substeps, link " << k;
        }
    }
}

TEST(AnalyticCompliance, XpbdChainStretchesByAlphaTimesItsLoad) {
    expectHookesLaw(SolverKind::XPBD);
}

TEST(AnalyticCompliance, MgpbdChainStretchesByAlphaTimesItsLoad) {
    expectHookesLaw(SolverKind::MGPBD);
}

// The friction of the velocity update (PBD line 16): the tangential speed drops by mu times
// the normal speed change each substep, which for a particle resting on the ground is g dt.
// The discrete slide is longer than v0^2 / (2 mu g) by about v0 dt / 2 (the first substep
// moves at full speed); 2 % covers it at 2 and 4 substeps.
TEST(AnalyticFriction, SlidingParticleStopsAfterVSquaredOverTwoMuG) {
    for (int substeps : {2, 4}) {
        World world;
        world.settings.substeps = substeps;
        world.settings.friction = 0.3;
        world.settings.staticFriction = 0.3;
        world.settings.restitution = 0;
        world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
        world.particles.add(Vec3(0, 0.01, 0), 0.1);
        for (int frame = 0; frame < 60; ++frame) world.step();  // lands and rests
        ASSERT_LT(world.particles.v[0].norm(), 1e-6);
        const Real v0 = 2.0;
        const Real x0 = world.particles.x[0].x();
        world.particles.v[0] = Vec3(v0, 0, 0);
        for (int frame = 0; frame < 120; ++frame) world.step();  // 1 s: stops after 0.68 s
        const Real slid = world.particles.x[0].x() - x0;
        const Real expected = v0 * v0 / (2 * world.settings.friction * kGravity);
        EXPECT_NEAR(slid, expected, 0.02 * expected) << substeps << " substeps";
        EXPECT_LT(std::abs(world.particles.v[0].x()), 1e-9) << substeps << " substeps";
    }
}

}  // namespace
}  // namespace sim
