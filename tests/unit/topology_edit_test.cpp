// Tearing and cutting: 200 random tears keep the mesh manifold, every index valid, the
// total mass and rest values unchanged, and every available solver runs on without NaN;
// a knife stroke across hanging_cloth leaves two pieces.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "sim/scenes/scene_table.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/topology/triangle_mesh.h"
#include "sim/world/checks.h"
#include "sim/world/cloth_builder.h"
#include "sim/world/cut.h"
#include "sim/world/softbody_builder.h"
#include "sim/world/tearing.h"
#include "sim/world/validation.h"
#include "sim/world/world.h"

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

TEST(TearingSlow, TwoHundredRandomTearsKeepTheMeshValid) {
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
        std::uniform_int_distribution<int> pick(
            0, static_cast<int>(world.constraints.distance.size()) - 1);
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

    for (SolverKind kind :
         {SolverKind::PBD, SolverKind::XPBD, SolverKind::HPBD, SolverKind::MGPBD}) {
        World copy;
        copy.particles = world.particles;
        copy.constraints = world.constraints;
        copy.triangles = world.triangles;
        copy.colliders = world.colliders;
        copy.settings = world.settings;
        copy.bumpTopology();
        copy.setSolver(kind);
        // MGPBD: a few cheap outer iterations; this checks robustness, not convergence.
        copy.settings.block<sim::MgpbdSettings>().maxIterations = 2;
        copy.settings.block<sim::MgpbdSettings>().system.pcgMaxIterations = 20;
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

// A tear moves no matter and no momentum: each split gives the duplicate the position and
// velocity of the vertex it came from and takes its mass out of that vertex's (inverse
// masses following), so the total
// mass and the momentum sum m v are what they were (to round-off), tear after tear.
TEST(Tearing, SplitConservesMassAndMomentumAndCopiesTheVertexsMotion) {
    World world;
    ASSERT_EQ(loadScene(world, "tearable_cloth", 12), "");
    Particles& P = world.particles;
    std::mt19937 rng(5);
    std::uniform_real_distribution<Real> u(-1, 1);
    for (Vec3& v : P.v) v = Vec3(u(rng), u(rng), u(rng));
    auto momentum = [&] {
        Vec3 sum = Vec3::Zero();
        for (int i = 0; i < P.size(); ++i) sum += P.m[i] * P.v[i];
        return sum;
    };
    const Real mass = P.totalMass();
    const Vec3 momentum0 = momentum();
    int tears = 0;
    for (int attempt = 0; attempt < 400 && tears < 40; ++attempt) {
        const int c = std::uniform_int_distribution<int>(
            0, static_cast<int>(world.constraints.distance.size()) - 1)(rng);
        const int i = world.constraints.distance[c].i, j = world.constraints.distance[c].j;
        const Vec3 vi = P.v[i], vj = P.v[j], xi = P.x[i], xj = P.x[j];
        const Real mi = P.m[i], mj = P.m[j];
        const int d = tearEdge(world, c);
        if (d < 0) continue;
        ++tears;
        // The vertex split is i or j: the one whose mass went down.
        const bool fromI = P.m[i] < mi;
        ASSERT_TRUE(fromI || P.m[j] < mj) << "tear " << tears;
        const int from = fromI ? i : j;
        EXPECT_EQ(P.v[d], fromI ? vi : vj) << "tear " << tears;
        EXPECT_EQ(P.x[d], fromI ? xi : xj) << "tear " << tears;
        EXPECT_EQ(P.v[from], fromI ? vi : vj) << "tear " << tears;
        EXPECT_NEAR(P.m[d] + P.m[from], fromI ? mi : mj, 1e-15) << "tear " << tears;
        EXPECT_GT(P.m[d], 0) << "tear " << tears;
        for (int k : {from, d})  // the solvers read the inverse mass of the new shares
            EXPECT_EQ(P.w[k], P.pinned[k] ? 0.0 : 1.0 / P.m[k]) << "tear " << tears;
    }
    ASSERT_EQ(tears, 40);
    EXPECT_NEAR(P.totalMass(), mass, 1e-12 * mass);
    EXPECT_LT((momentum() - momentum0).norm(), 1e-12 * mass);
    world.bumpTopology();
    expectConsistent(world);
}

TEST(Knife, StrokeAcrossHangingClothLeavesTwoPieces) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 32), "");
    for (int f = 0; f < 120; ++f) world.step();  // let it swing down and hang
    ASSERT_EQ(countComponents(world), 1);
    // Find the hanging sheet's extent and cut horizontally through its middle, as the view
    // ray from a camera in front of it would.
    Real top = -1e9, bottom = 1e9;
    for (const Vec3& x : world.particles.x)
        top = std::max(top, x.y()), bottom = std::min(bottom, x.y());
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

// A knife stroke through a cloth and a soft slab lying side by side, then each solver runs
// on. Every constraint type follows the split by its rule (constraint_traits.h): the slab's
// tets move to the duplicates on their side, so no soft-body particle is left without a tet
// (before, tet volume and ARAP kept pointing at the original particle: the duplicates had
// no tet, and the tets bridged the cut) and both bodies come apart into two pieces each.
TEST(KnifeSlow, StrokeThroughClothAndSoftBodySplitsEveryConstraintType) {
    World world;
    GridSpec grid;
    grid.cols = grid.rows = 12;
    grid.width = grid.height = 1.0;
    grid.origin = Vec3(-0.5, 1.5, -1.5);
    ASSERT_EQ(addCloth(world, makeGridMesh(grid), ClothOptions{}), "");
    world.pin(gridIndex(grid, 0, 0), true);
    world.pin(gridIndex(grid, 0, 12), true);
    SoftBodyOptions options;
    options.edges = options.volume = options.arap = true;
    SoftBodyHandle slab;
    ASSERT_EQ(addSoftBody(world, makeBoxTets(Vec3(-0.5, 1.0, 0.5), Vec3(1.0, 0.1, 0.5), 8, 1, 4),
                          options, &slab),
              "");
    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    world.settings.solver = SolverKind::XPBD;
    world.step();
    ASSERT_EQ(countComponents(world), 2);

    const Real x0 = 0.013, mass = world.particles.totalMass();
    KnifeStroke stroke{Vec3(x0, 4, 0), Vec3(x0, 0, -5), Vec3(x0, 0, 5)};  // the plane x = x0
    ASSERT_GT(cutAlongStroke(world, stroke), 0);
    expectConsistent(world);
    EXPECT_NEAR(world.particles.totalMass(), mass, 1e-9);
    EXPECT_EQ(countComponents(world), 4);
    // Every particle descended from the slab's is still in a tet.
    std::vector<char> inTet(world.particles.size(), 0);
    for (const auto& t : world.constraints.tetVolume)
        for (int k : t.i) inTet[k] = 1;
    const int end = slab.firstParticle + slab.particleCount;
    for (int i = 0; i < world.particles.size(); ++i) {
        const int o = world.particles.origin[i];
        if (o >= slab.firstParticle && o < end) {
            EXPECT_TRUE(inTet[i]) << "particle " << i;
        }
    }
    for (SolverKind kind :
         {SolverKind::PBD, SolverKind::XPBD, SolverKind::HPBD, SolverKind::MGPBD}) {
        World copy;
        copy.particles = world.particles;
        copy.constraints = world.constraints;
        copy.triangles = world.triangles;
        copy.colliders = world.colliders;
        copy.settings = world.settings;
        copy.bumpTopology();
        copy.setSolver(kind);
        // Robustness, not convergence, is checked here
        copy.settings.block<sim::MgpbdSettings>().maxIterations = 3;
        for (int f = 0; f < 60; ++f) copy.step();
        EXPECT_TRUE(finite(copy)) << solverName(kind);
        EXPECT_EQ(countComponents(copy), 4) << solverName(kind);
        EXPECT_EQ(validateWorld(copy), "") << solverName(kind);
    }
}
