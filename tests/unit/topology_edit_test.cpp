// Tearing and cutting: 200 random tears keep the mesh manifold, every index valid, the
// total mass and rest values unchanged, and every available solver runs on without NaN;
// a knife stroke across hanging_cloth leaves two pieces.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "sim/core/checks.h"
#include "sim/core/validation.h"
#include "sim/core/world.h"
#include "sim/scenes/scene_table.h"
#include "sim/topology/cut.h"
#include "sim/topology/tearing.h"
#include "sim/topology/triangle_mesh.h"

using namespace sim;

namespace {

void expectConsistent(const World& world) {
    const int n = world.particles.size();
    TriangleMesh mesh;
    mesh.vertices = world.particles.x;
    for (const Triangle& t : world.triangles) {
        for (int k : t) ASSERT_TRUE(k >= 0 && k < n);
        mesh.triangles.push_back(t);
    }
    EXPECT_EQ(buildEdges(mesh).error, "");  // every edge has at most two triangles
    for (const auto& d : world.constraints.distance) ASSERT_TRUE(d.i < n && d.j < n && d.i != d.j);
    for (const auto& b : world.constraints.bending)
        ASSERT_TRUE(b.i1 < n && b.i2 < n && b.i3 < n && b.i4 < n);
    EXPECT_EQ(validateWorld(world), "");
}

bool finite(const World& w) {
    for (int i = 0; i < w.particles.size(); ++i)
        if (!w.particles.x[i].allFinite() || !w.particles.v[i].allFinite()) return false;
    return true;
}

}  // namespace

TEST(Tearing, TwoHundredRandomTearsKeepTheMeshValid) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 24), "");
    for (int f = 0; f < 30; ++f) world.step();
    const Real mass = world.particles.totalMass();
    std::vector<Real> rest;
    for (const auto& d : world.constraints.distance) rest.push_back(d.restLength);
    std::sort(rest.begin(), rest.end());
    const uint64_t version = world.topologyVersion();
    std::mt19937 rng(11);
    int tears = 0, attempts = 0;
    while (tears < 200 && attempts < 20000) {
        ++attempts;
        std::uniform_int_distribution<int> pick(0, static_cast<int>(world.constraints.distance.size()) - 1);
        if (tearEdge(world, pick(rng)) >= 0) ++tears;
    }
    world.bumpTopology();
    ASSERT_EQ(tears, 200);
    EXPECT_NE(world.topologyVersion(), version);
    expectConsistent(world);
    EXPECT_NEAR(world.particles.totalMass(), mass, 1e-9);
    // Rest lengths are kept: every original rest length is still there (doubled edges add).
    std::vector<Real> now;
    for (const auto& d : world.constraints.distance) now.push_back(d.restLength);
    std::sort(now.begin(), now.end());
    EXPECT_TRUE(std::includes(now.begin(), now.end(), rest.begin(), rest.end()));
    EXPECT_EQ(world.particles.size(), 25 * 25 + 200);

    for (SolverKind kind : {SolverKind::PBD, SolverKind::XPBD, SolverKind::HPBD, SolverKind::MGPBD}) {
        World copy;
        copy.particles = world.particles;
        copy.constraints = world.constraints;
        copy.triangles = world.triangles;
        copy.colliders = world.colliders;
        copy.settings = world.settings;
        copy.bumpTopology();
        copy.setSolver(kind);
        // MGPBD: a few cheap outer iterations; this checks robustness, not convergence.
        copy.settings.mgpbd.maxIterations = 2;
        copy.settings.mgpbd.pcgMaxIterations = 20;
        for (int f = 0; f < 300; ++f) copy.step();
        EXPECT_TRUE(finite(copy)) << solverName(kind);
    }
}

TEST(Tearing, OverstrainedCurtainTearsDuringTheStep) {
    World world;
    ASSERT_EQ(loadScene(world, "tearable_cloth", 27), "");
    const Real mass = world.particles.totalMass();
    const int before = world.particles.size();
    for (int f = 0; f < 400; ++f) world.step();
    EXPECT_GT(world.particles.size(), before);  // the cube tore it
    EXPECT_NEAR(world.particles.totalMass(), mass, 1e-9);
    expectConsistent(world);
    EXPECT_TRUE(finite(world));
}

TEST(Knife, StrokeAcrossHangingClothLeavesTwoPieces) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 32), "");
    for (int f = 0; f < 120; ++f) world.step();  // let it swing down and hang
    ASSERT_EQ(countComponents(world), 1);
    // Find the hanging sheet's extent and cut horizontally through its middle, as the view
    // ray from a camera in front of it would.
    Real top = -1e9, bottom = 1e9;
    for (const Vec3& x : world.particles.x) top = std::max(top, x.y()), bottom = std::min(bottom, x.y());
    const Real y = 0.5 * (top + bottom);
    KnifeStroke stroke;
    stroke.eye = Vec3(0, y, 5);
    stroke.a = Vec3(-2, y, 0);
    stroke.b = Vec3(2, y, 0);
    EXPECT_GT(countCutEdges(world, stroke), 10);
    const Real mass = world.particles.totalMass();
    EXPECT_GT(cutAlongStroke(world, stroke), 0);
    EXPECT_EQ(countComponents(world), 2);
    EXPECT_NEAR(world.particles.totalMass(), mass, 1e-9);
    expectConsistent(world);
    for (int f = 0; f < 60; ++f) world.step();
    EXPECT_TRUE(finite(world));
    EXPECT_EQ(countComponents(world), 2);
}
