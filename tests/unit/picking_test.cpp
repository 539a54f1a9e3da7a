// Picking queries (sim/core/picking.h): ray against a triangle from both sides, misses at
// the edges, the nearest hit among several triangles, the nearest vertex of the hit
// triangle, and the drag plane.
#include "sim/core/picking.h"

#include <gtest/gtest.h>

#include "sim/world/world.h"

using namespace sim;

TEST(Picking, RayHitsTriangleFromBothSides) {
    const Vec3 a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
    auto front = intersectTriangle({Vec3(0.25, 0.25, 2), Vec3(0, 0, -1)}, a, b, c);
    auto back = intersectTriangle({Vec3(0.25, 0.25, -3), Vec3(0, 0, 2)}, a, b, c);
    ASSERT_TRUE(front && back);
    EXPECT_NEAR(*front, 2.0, 1e-12);
    EXPECT_NEAR(*back, 1.5, 1e-12);  // t in units of the (unnormalised) direction
}

TEST(Picking, RayMissesOutsideBehindAndParallel) {
    const Vec3 a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
    EXPECT_FALSE(intersectTriangle({Vec3(0.6, 0.6, 1), Vec3(0, 0, -1)}, a, b, c));    // u+v > 1
    EXPECT_FALSE(intersectTriangle({Vec3(-0.01, 0.5, 1), Vec3(0, 0, -1)}, a, b, c));  // u < 0
    EXPECT_FALSE(intersectTriangle({Vec3(0.2, 0.2, 1), Vec3(0, 0, 1)}, a, b, c));     // behind
    EXPECT_FALSE(intersectTriangle({Vec3(0.2, 0.2, 0), Vec3(1, 0, 0)}, a, b, c));     // in plane
}

namespace {
// Two parallel unit squares (two triangles each) at z = 0 and z = -1.
World twoSquares() {
    World w;
    for (double z : {0.0, -1.0}) {
        const int base = w.particles.size();
        w.particles.add(Vec3(0, 0, z), 1);
        w.particles.add(Vec3(1, 0, z), 1);
        w.particles.add(Vec3(1, 1, z), 1);
        w.particles.add(Vec3(0, 1, z), 1);
        w.triangles.push_back({base, base + 1, base + 2});
        w.triangles.push_back({base, base + 2, base + 3});
    }
    return w;
}
}  // namespace

TEST(Picking, NearestTriangleThenNearestVertex) {
    World w = twoSquares();
    // Straight down the z axis near the corner (0.9, 0.1): the z = 0 square is in front.
    auto hit = pickParticle(w.particles.x, w.triangles, {Vec3(0.9, 0.1, 5), Vec3(0, 0, -1)});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->triangle, 0);
    EXPECT_EQ(hit->particle, 1);  // vertex (1, 0, 0)
    EXPECT_NEAR(hit->t, 5.0, 1e-12);
    // From behind, the z = -1 square is hit first; near (0.1, 0.8) the nearest vertex is (0,1).
    hit = pickParticle(w.particles.x, w.triangles, {Vec3(0.1, 0.8, -5), Vec3(0, 0, 1)});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->triangle, 3);
    EXPECT_EQ(hit->particle, 7);
    EXPECT_NEAR(hit->point.z(), -1.0, 1e-12);
    // Beside both squares: nothing.
    EXPECT_FALSE(pickParticle(w.particles.x, w.triangles, {Vec3(2, 2, 5), Vec3(0, 0, -1)}));
}

// A chain has no triangles: its particles are picked inside a narrow cone around the ray,
// the nearest along the ray first, and a triangle in front of them still wins.
TEST(Picking, FreeParticlesArePickedNearTheRay) {
    World w;
    for (int k = 0; k < 3; ++k) w.particles.add(Vec3(0.5 * k, 0, 0), 1.0);
    const Ray down{Vec3(0.5, 0.01, 5), Vec3(0, 0, -1)};  // 1 cm beside particle 1 at t = 5
    auto hit = pickParticle(w.particles.x, w.triangles, down);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->particle, 1);
    EXPECT_EQ(hit->triangle, -1);
    EXPECT_NEAR(hit->t, 5.0, 1e-12);
    EXPECT_FALSE(pickParticle(w.particles.x, w.triangles,
                              {Vec3(0.5, 0.2, 5), Vec3(0, 0, -1)}));  // 0.2 > 0.02 * 5
    // Along the chain: the first particle ahead of the origin.
    hit = pickParticle(w.particles.x, w.triangles, {Vec3(-1, 0, 0), Vec3(1, 0, 0)});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->particle, 0);
    // A triangle between the eye and the chain is hit first.
    const int a = w.particles.add(Vec3(0, -1, 1), 1.0), b = w.particles.add(Vec3(1, -1, 1), 1.0),
              c = w.particles.add(Vec3(0.5, 1, 1), 1.0);
    w.triangles.push_back({a, b, c});
    hit = pickParticle(w.particles.x, w.triangles, down);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->triangle, 0);
}

TEST(Picking, DragPlaneFacingTheCamera) {
    const Ray ray{Vec3(0, 0, 10), Vec3(0.1, 0, -1)};
    auto p = intersectPlane(ray, Vec3(0, 0, 2), Vec3(0, 0, 1));
    ASSERT_TRUE(p);
    EXPECT_NEAR(p->z(), 2.0, 1e-12);
    EXPECT_NEAR(p->x(), 0.8, 1e-12);
    EXPECT_FALSE(intersectPlane(ray, Vec3(0, 0, 20), Vec3(0, 0, 1)));  // behind the eye
}
