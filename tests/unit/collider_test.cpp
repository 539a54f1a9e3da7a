// Colliders: exact distances of box and capsule, the mesh SDF against the analytic box,
// continuous entry of a segment that passes through a shape, and a collider moving its own
// size per substep that must push a particle instead of tunnelling past it.
#include "sim/collision/collider.h"

#include <gtest/gtest.h>

#include <random>

#include "sim/collision/sdf.h"
#include "sim/contact/collision_stage.h"
#include "sim/io/sdf_file.h"
#include "sim/scenes/scene_table.h"
#include "sim/world/checks.h"
#include "sim/world/world.h"
#include "tests/unit/random_draws.h"

using namespace sim;

TEST(Collider, BoxAndCapsuleDistances) {
    const Mat3 R = Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()).toRotationMatrix();
    Collider box = Collider::box(Vec3(1, 2, 3), Vec3(0.5, 0.25, 1.0), R);
    EXPECT_NEAR(signedDistance(box, Vec3(1, 2, 3), 0), -0.25, 1e-12);
    EXPECT_NEAR(signedDistance(box, Vec3(1, 2, 3) + R * Vec3(0.5 + 0.3, 0, 0), 0), 0.3, 1e-12);
    EXPECT_NEAR(signedDistance(box, Vec3(1, 2, 3) + R * Vec3(0.8, 0.65, 0), 0), 0.5, 1e-12);
    Collider cap = Collider::capsule(Vec3::Zero(), 0.2, 0.5);
    EXPECT_NEAR(signedDistance(cap, Vec3(0.5, 0.3, 0), 0), 0.3, 1e-12);
    EXPECT_NEAR(signedDistance(cap, Vec3(0, 1.0, 0), 0), 0.3, 1e-12);
    EXPECT_NEAR(signedDistance(cap, Vec3(0, 0, 0), 0.05), -0.25, 1e-12);
    // The closest surface point lies on the (inflated) surface for random points.
    std::mt19937 rng(3);
    std::uniform_real_distribution<Real> u(-1.5, 1.5);
    for (int k = 0; k < 200; ++k) {
        const Vec3 x = drawVec3(u, rng);
        for (const Collider* c : {&cap}) {
            const SurfacePoint sp = closestSurfacePoint(*c, x, 0.01);
            EXPECT_NEAR(signedDistance(*c, sp.point, 0.01), 0, 1e-9);
        }
        const SurfacePoint sp = closestSurfacePoint(box, Vec3(1, 2, 3) + 0.3 * drawVec3(u, rng), 0);
        EXPECT_NEAR(signedDistance(box, sp.point, 0), 0, 1e-9);
    }
}

TEST(Collider, SegmentThroughShapeIsCaughtWithBothEndsOutside) {
    for (const Collider& c : {Collider::box(Vec3::Zero(), Vec3(0.1, 0.1, 0.1)),
                              Collider::capsule(Vec3::Zero(), 0.1, 0.2)}) {
        auto hit = segmentEntry(c, Vec3(-1, 0.05, 0), Vec3(1, 0.05, 0), 0.0);
        ASSERT_TRUE(hit.has_value());
        EXPECT_NEAR(hit->point.x(), -0.1, 1e-5);
        EXPECT_NEAR(hit->normal.x(), -1, 1e-6);
        EXPECT_FALSE(segmentEntry(c, Vec3(-1, 0.5, 0), Vec3(1, 0.5, 0), 0.0).has_value());
    }
}

TEST(Collider, MeshSdfOfObjCubeMatchesTheBox) {
    std::string error;
    auto sdf = loadSdfFromObj(PBD_TEST_DATA_DIR "/cube.obj", 0.05, 0.3, &error);
    ASSERT_TRUE(sdf) << error;
    Collider mesh = Collider::mesh(sdf, Vec3(0.2, 0, 0));
    Collider box = Collider::box(Vec3(0.2, 0, 0), Vec3::Constant(0.5));
    std::mt19937 rng(5);
    std::uniform_real_distribution<Real> u(-0.75, 0.75);
    for (int k = 0; k < 500; ++k) {
        const Vec3 x = Vec3(0.2, 0, 0) + drawVec3(u, rng);
        // Trilinear interpolation of the exact distance: error below one cell.
        EXPECT_NEAR(signedDistance(mesh, x, 0), signedDistance(box, x, 0), 0.05) << x.transpose();
    }
    EXPECT_LT(signedDistance(mesh, Vec3(0.2, 0, 0), 0), -0.4);
    auto hit = segmentEntry(mesh, Vec3(-2, 0.1, 0.1), Vec3(2, 0.1, 0.1), 0.0);
    ASSERT_TRUE(hit.has_value());
    EXPECT_NEAR(hit->point.x(), -0.3, 0.03);
    // A bad file names itself.
    auto none = loadSdfFromObj("/no/such/file.obj", 0.05, 0.1, &error);
    EXPECT_FALSE(none);
    EXPECT_NE(error.find("/no/such/file.obj"), std::string::npos) << error;
}

// A free particle at rest in the path of a collider that moves its own size (diameter or
// box width) per substep must end up in front of it, never behind or inside.
TEST(Collider, FastColliderDoesNotTunnel) {
    for (int shape = 0; shape < 3; ++shape) {
        World world;
        world.settings.gravity.setZero();
        world.settings.substeps = 1;
        world.particles.add(Vec3(0, 0, 0), 0.01);
        Collider c = shape == 0   ? Collider::sphere(Vec3(0, 0, -0.35), 0.2)
                     : shape == 1 ? Collider::box(Vec3(0, 0, -0.35), Vec3::Constant(0.2))
                                  : Collider::capsule(Vec3(0, 0, -0.35), 0.2, 0.1);
        const Real speed = 0.4 / world.settings.frameDt;  // its size per frame
        world.colliders.push_back(c);
        world.animate = [speed](World& w, Real t) {
            Collider& col = w.colliders[0];
            col.velocity = Vec3(0, 0, speed);
            col.center = Vec3(0, 0, -0.35 + speed * (t + w.settings.substepDt()));
        };
        for (int f = 0; f < 6; ++f) {
            world.step();
            EXPECT_GE(signedDistance(world.colliders[0], world.particles.x[0], 0), -1e-9)
                << "shape " << shape << " frame " << f;
            EXPECT_GT(world.particles.x[0].z(), world.colliders[0].center.z())
                << "shape " << shape << " frame " << f << ": tunnelled";
        }
    }
}

TEST(ColliderSlow, CollisionScenesHaveNoPenetrations) {
    for (const char* name : {"cloth_on_sphere", "cloth_on_mesh", "rotating_barrel", "moving_sphere",
                             "self_collision_fold", "tearable_cloth"}) {
        World world;
        const SceneInfo* info = findScene(name);
        ASSERT_TRUE(info) << name;
        ASSERT_EQ(loadScene(world, name, info->defaultResolution / 3), "");
        int worst = 0;
        for (int f = 0; f < 150; ++f) {
            world.step();
            worst = std::max(worst, countPenetrations(world));
        }
        EXPECT_EQ(worst, 0) << name;
    }
}

TEST(Collider, WithinReachCountsBothSpeedsAndSkipsPins) {
    // A particle 0.1 m above a unit sphere, thickness 0.005, horizon 1/60 s: out of reach at
    // rest; in reach when the sphere comes at 6 m/s (0.1 m in the horizon) or when another
    // particle moves that fast; never when the particle is pinned.
    Particles P;
    P.add(Vec3(0, 1.1, 0), 1.0);
    P.add(Vec3(5, 5, 5), 1.0);
    std::vector<Collider> colliders = {Collider::sphere(Vec3::Zero(), 1.0)};
    const Real h = 0.005, horizon = 1.0 / 60;
    EXPECT_FALSE(colliderWithinReach(P, colliders, h, horizon));
    colliders[0].velocity = Vec3(0, 6, 0);
    EXPECT_TRUE(colliderWithinReach(P, colliders, h, horizon));
    colliders[0].velocity = Vec3(0, 5, 0);  // 0.083 + 0.005 short of 0.1
    EXPECT_FALSE(colliderWithinReach(P, colliders, h, horizon));
    P.v[1] = Vec3(1.5, 0, 0);  // the fastest particle closes the rest
    EXPECT_TRUE(colliderWithinReach(P, colliders, h, horizon));
    P.w[0] = 0;
    EXPECT_FALSE(colliderWithinReach(P, colliders, h, horizon));
}
