// Property tests of whole scenes: pins hold, nothing ends inside a collider, strain falls
// with iterations, no NaN in 1000 frames of any scene, damping keeps rigid motion, solver
// switches keep state.
#include "sim/world/world.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "sim/collision/collider.h"
#include "sim/core/stages.h"
#include "sim/scenes/scene_table.h"
#include "sim/world/metrics.h"

using namespace sim;

namespace {

World scene(const std::string& name, int res = 0) {
    World world;
    std::string error = loadScene(world, name, res);
    EXPECT_TRUE(error.empty()) << error;
    return world;
}

bool allFinite(const World& w) {
    for (int i = 0; i < w.particles.size(); ++i)
        if (!w.particles.x[i].allFinite() || !w.particles.v[i].allFinite()) return false;
    return true;
}

}  // namespace

TEST(World, PinnedParticlesNeverMove) {
    for (SolverKind kind : {SolverKind::PBD, SolverKind::XPBD}) {
        World world = scene("curtain", 16);
        world.setSolver(kind);
        std::vector<std::pair<int, Vec3>> pinned;
        for (int i = 0; i < world.particles.size(); ++i)
            if (world.particles.pinned[i]) pinned.push_back({i, world.particles.x[i]});
        ASSERT_FALSE(pinned.empty());
        for (int f = 0; f < 200; ++f) world.step();
        for (auto& [i, x0] : pinned) EXPECT_EQ(world.particles.x[i], x0) << "particle " << i;
    }
}

TEST(WorldSlow, NothingEndsBelowGroundOrInsideSphere) {
    for (SolverKind kind : {SolverKind::PBD, SolverKind::XPBD}) {
        World world = scene("cloth_on_sphere", 24);
        world.setSolver(kind);
        ASSERT_EQ(world.colliders.size(), 2u);
        for (int f = 0; f < 300; ++f) {
            world.step();
            for (int i = 0; i < world.particles.size(); ++i)
                for (const Collider& c : world.colliders)
                    ASSERT_GE(signedDistance(c, world.particles.x[i], 0.0), -1e-9)
                        << "particle " << i << " frame " << f;
        }
        // The cloth came to rest on the sphere, not the ground, at its centre.
        const int centre = world.particles.size() / 2;
        EXPECT_GT(world.particles.x[centre].y(), 0.9);
    }
}

TEST(WorldSlow, MaxStrainFallsWithIterations) {
    double previous = 1e9;
    for (int iterations : {2, 5, 10, 40}) {
        World world = scene("hanging_cloth", 32);
        world.settings.substeps =
            1;  // as written: frame 200 of the scene's 2 substeps still swings
        world.settings.iterations = iterations;
        for (int f = 0; f < 200; ++f) world.step();
        const double strain = measure(world).maxStrain;
        EXPECT_LT(strain, previous) << iterations << " iterations";
        previous = strain;
    }
}

namespace {
// One test per solver, so that ctest -j runs them side by side (about 50 s each in release).
void everyScene1000FramesWithoutNaN(SolverKind kind) {
    for (const SceneInfo& info : sceneTable()) {
        World world =
            scene(info.name, info.defaultResolution / 2 > 0 ? info.defaultResolution / 2 : 1);
        world.setSolver(kind);
        world.settings.validateEachStage = true;
        for (int f = 0; f < 1000; ++f) ASSERT_NO_THROW(world.step()) << info.name << " frame " << f;
        EXPECT_TRUE(allFinite(world)) << info.name << " with " << solverName(kind);
    }
}
}  // namespace

TEST(WorldSlow, EveryScene1000FramesWithoutNaNUnderPbd) {
    everyScene1000FramesWithoutNaN(SolverKind::PBD);
}

TEST(WorldSlow, EveryScene1000FramesWithoutNaNUnderXpbd) {
    everyScene1000FramesWithoutNaN(SolverKind::XPBD);
}

TEST(WorldSlow, EveryScene1000FramesWithoutNaNUnderHpbd) {
    everyScene1000FramesWithoutNaN(SolverKind::HPBD);
}

TEST(WorldSlow, EveryScene1000FramesWithoutNaNUnderMgpbd) {
    everyScene1000FramesWithoutNaN(SolverKind::MGPBD);
}

TEST(World, DampingKeepsRigidMotion) {
    // Particles moving as a rigid body (translation + rotation) are not slowed by §3.5.
    Particles P;
    const Vec3 vcm(0.5, -0.2, 0.1), omega(0.3, 1.1, -0.4);
    for (int i = 0; i < 20; ++i) {
        Vec3 x(std::sin(i * 1.3), std::cos(i * 0.7), 0.1 * i);
        P.add(x, 0.5 + 0.1 * i);
    }
    Vec3 xcm = Vec3::Zero();
    Real m = 0;
    for (int i = 0; i < P.size(); ++i) xcm += P.m[i] * P.x[i], m += P.m[i];
    xcm /= m;
    for (int i = 0; i < P.size(); ++i) P.v[i] = vcm + omega.cross(P.x[i] - xcm);
    Particles rigid = P;
    dampVelocities(P, 1.0);
    for (int i = 0; i < P.size(); ++i) EXPECT_LT((P.v[i] - rigid.v[i]).norm(), 1e-9);
    // A non-rigid deviation is removed completely at k = 1 (every pair's distance stops
    // changing: (v_i - v_j) . (x_i - x_j) = 0), keeping linear and angular momentum (§3.5).
    P.v[3] += Vec3(1, 2, 3);
    auto momenta = [&](Vec3& p, Vec3& L) {
        p.setZero();
        L.setZero();
        for (int i = 0; i < P.size(); ++i) {
            p += P.m[i] * P.v[i];
            L += (P.x[i] - xcm).cross(P.m[i] * P.v[i]);
        }
    };
    Vec3 p0, L0, p1, L1;
    momenta(p0, L0);
    dampVelocities(P, 1.0);
    momenta(p1, L1);
    EXPECT_LT((p1 - p0).norm(), 1e-12);
    EXPECT_LT((L1 - L0).norm(), 1e-12);
    for (int i = 0; i < P.size(); ++i)
        for (int j = 0; j < i; ++j)
            EXPECT_NEAR((P.v[i] - P.v[j]).dot(P.x[i] - P.x[j]), 0.0, 1e-12) << i << " " << j;
}

TEST(WorldSlow, SolverSwitchKeepsState) {
    const SolverKind kinds[] = {SolverKind::PBD, SolverKind::XPBD, SolverKind::HPBD,
                                SolverKind::MGPBD};
    for (SolverKind from : kinds)
        for (SolverKind to : kinds) {
            if (from == to) continue;
            World world = scene("hanging_cloth", 12);
            world.setSolver(from);
            for (int f = 0; f < 20; ++f) world.step();
            const Particles before = world.particles;
            world.setSolver(to);
            // The switch itself touches no particle state...
            EXPECT_EQ(world.particles.x, before.x);
            EXPECT_EQ(world.particles.v, before.v);
            EXPECT_EQ(world.particles.w, before.w);
            EXPECT_EQ(world.particles.pinned, before.pinned);
            // ...and the next steps run the new solver, pins held.
            for (int f = 0; f < 5; ++f) world.step();
            EXPECT_STREQ(world.solver().name(), solverName(to));
            EXPECT_EQ(world.settings.solver, to);
            EXPECT_TRUE(allFinite(world));
            for (int i = 0; i < world.particles.size(); ++i) {
                if (before.pinned[i]) {
                    EXPECT_EQ(world.particles.x[i], before.x[i]);
                }
            }
            EXPECT_NE(world.particles.x, before.x) << solverName(from) << " -> " << solverName(to);
        }
}

// The hand follows the cursor where the cloth can follow, and slips (Settings::
// grabSlipStrain) where it would stretch an edge of the held particle past the slip strain
// or pull it past its tethers: a target 3 m away is not reached with the slip, and is
// reached at once without it.
TEST(World, GrabMovesParticleAndReleaseRestoresMass) {
    for (const Real slip : {Real(1), Real(0)}) {
        World world = scene("hanging_cloth", 8);
        world.settings.grabSlipStrain = slip;
        const int i = world.particles.size() - 1;
        const Real w0 = world.particles.w[i];
        const Vec3 x0 = world.particles.x[i], near = x0 + Vec3(0, 0.01, 0);
        world.beginGrab(i, near);
        EXPECT_EQ(world.particles.w[i], 0.0);
        world.step();
        EXPECT_LT((world.particles.x[i] - near).norm(), 1e-12) << "slip " << slip;
        EXPECT_FALSE(world.grab()->slipped);
        const Vec3 far(1, 2, 3);
        world.moveGrab(far);
        world.step();
        if (slip > 0) {
            EXPECT_TRUE(world.grab()->slipped);
            EXPECT_GT((world.particles.x[i] - far).norm(), 1.0);
            EXPECT_LT((world.particles.x[i] - far).norm(), (near - far).norm());  // it moved
            for (const DistanceConstraint& c : world.constraints.distance) {
                if (c.i != i && c.j != i) continue;  // its edges: within the slip (+ the solve)
                EXPECT_LT((world.particles.x[c.i] - world.particles.x[c.j]).norm(),
                          (1 + slip) * c.restLength * 1.05);
            }
        } else {
            EXPECT_LT((world.particles.x[i] - far).norm(), 1e-12);
        }
        world.endGrab();
        EXPECT_EQ(world.particles.w[i], w0);
    }
}

// Issue 54: a hard yank of hanging_cloth's free corner (2 m in 0.1 s, held for 1.3 s) keeps
// every edge within strain 2 at the default slip, at the scene's resolution and twice it;
// pinned to the cursor (slip 0) it stretched one edge over 50x. The gui.hand test yanks the
// same way through the window.
TEST(World, AYankedClothStaysWithinStrainTwo) {
    for (const auto& [slip, res] :
         {std::pair{Settings{}.grabSlipStrain, 32}, std::pair{Settings{}.grabSlipStrain, 64},
          std::pair{Real(0), 32}}) {
        World world = scene("hanging_cloth", res);
        world.settings.grabSlipStrain = slip;
        const int corner = res * (res + 1) + res;
        for (int f = 0; f < 120; ++f) world.step();
        const Vec3 c = world.particles.x[corner];
        const Vec3 pins = 0.5 * (world.particles.x[0] + world.particles.x[res]);
        const Vec3 away = (c - pins).normalized() + Vec3(0, 0.5, 0);
        world.beginGrab(corner, c);
        Real peak = 0;
        for (int f = 0; f < 80; ++f) {
            if (f < 6) world.moveGrab(c + away * (2.0 * (f + 1) / 6));
            world.step();
            peak = std::max(peak, measure(world).maxStrain);
        }
        std::printf("res %d slip %g: max strain while held %.3f\n", res, slip, peak);
        if (slip > 0) {
            EXPECT_LE(peak, 2.0) << "res " << res;
        } else {
            EXPECT_GT(peak, 10.0);  // the yank is hard: without the slip rule it tears the mesh
        }
    }
}

TEST(World, TopologyVersionsAreUniqueAcrossWorlds) {
    World a, b;
    EXPECT_NE(a.topologyVersion(), b.topologyVersion());
    const uint64_t v = a.topologyVersion();
    a.bumpTopology();
    EXPECT_NE(a.topologyVersion(), v);
}

TEST(WorldSlow, StiffBendingAtFewIterationsDoesNotExplode) {
    // Regression: hard bending on hinges stretched far past rest by too few iterations
    // used to fling vertices (kinetic energy 1e19 J). A 0.2 kg cloth must stay sane.
    for (SolverKind kind : {SolverKind::PBD, SolverKind::XPBD}) {
        World world = scene("hanging_cloth", 48);
        world.setSolver(kind);
        world.settings.iterations = 3;
        world.settings.bend = materialFromSlider(1.0, kBendCompliance);
        for (int f = 0; f < 300; ++f) world.step();
        const FrameMetrics m = measure(world);
        std::printf("%s: kinetic energy %.5f J, mean strain %.5f\n", solverName(kind),
                    m.kineticEnergy, m.meanStrain);
        // Measured 0.208 J and 0.0125 under both (rigid stretch and bending: XPBD's zero
        // compliance is PBD's k = 1); bounds 25 % above.
        EXPECT_LT(m.kineticEnergy, 0.26) << solverName(kind);
        EXPECT_LT(m.meanStrain, 0.016) << solverName(kind);
    }
}
