// Bad input gets a clear message that names the problem, and nothing crashes or changes.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "app/options.h"
#include "sim/io/obj_loader.h"
#include "sim/scenes/scene_table.h"
#include "sim/world/cloth_builder.h"
#include "sim/world/validation.h"

using namespace sim;

namespace {
bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}
}  // namespace

TEST(BadInput, EmptyMesh) {
    World world;
    std::string error = addCloth(world, TriangleMesh{}, ClothOptions{});
    EXPECT_TRUE(contains(error, "empty mesh")) << error;
    EXPECT_EQ(world.particles.size(), 0);
}

TEST(BadInput, NaNPosition) {
    TriangleMesh mesh = makeGridMesh(GridSpec{});
    mesh.vertices[5].x() = std::numeric_limits<Real>::quiet_NaN();
    World world;
    std::string error = addCloth(world, mesh, ClothOptions{});
    EXPECT_TRUE(contains(error, "vertex 5")) << error;
    EXPECT_EQ(world.particles.size(), 0);
}

TEST(BadInput, ZeroAreaTriangle) {
    TriangleMesh mesh;
    mesh.vertices = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0), Vec3(0, 1, 0)};
    mesh.triangles = {{0, 1, 3}, {0, 1, 2}};
    World world;
    std::string error = addCloth(world, mesh, ClothOptions{});
    EXPECT_TRUE(contains(error, "triangle 1")) << error;
    EXPECT_TRUE(contains(error, "zero area")) << error;
}

// Coordinates of 1e308 are finite, but the area test overflows on them: the message names
// the coordinate, not a zero area.
TEST(BadInput, HugeCoordinateIsNamedNotCalledZeroArea) {
    TriangleMesh mesh;
    mesh.vertices = {Vec3(0, 0, 0), Vec3(1e308, 0, 0), Vec3(0, 1e308, 0)};
    mesh.triangles = {{0, 1, 2}};
    World world;
    const std::string error = addCloth(world, mesh, ClothOptions{});
    EXPECT_TRUE(contains(error, "vertex 1 has a coordinate of 1e+308")) << error;
    EXPECT_FALSE(contains(error, "zero area")) << error;
    EXPECT_EQ(world.particles.size(), 0);
}

TEST(BadInput, NonManifoldObjNamesTheEdge) {
    const std::string obj =
        "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 -1 0\nv 0 0 1\n"
        "f 1 2 3\nf 2 1 4\nf 1 2 5\n";
    ObjResult parsed = parseObj(obj, "fan.obj");
    ASSERT_TRUE(parsed.error.empty()) << parsed.error;
    World world;
    std::string error = addCloth(world, parsed.mesh, ClothOptions{});
    EXPECT_TRUE(contains(error, "non-manifold")) << error;
    EXPECT_TRUE(contains(error, "edge (0, 1)")) << error;
    EXPECT_EQ(world.particles.size(), 0);
}

TEST(BadInput, MissingAndBrokenObj) {
    ObjResult missing = loadObj("/nonexistent/cloth.obj");
    EXPECT_TRUE(contains(missing.error, "/nonexistent/cloth.obj")) << missing.error;
    EXPECT_TRUE(contains(missing.error, "no such file")) << missing.error;

    ObjResult broken = parseObj("v 0 0 0\nv 1 0 0\nf 1 2 7\n", "broken.obj");
    EXPECT_FALSE(broken.error.empty());
    EXPECT_TRUE(contains(broken.error, "broken.obj")) << broken.error;

    ObjResult empty = parseObj("# nothing\n", "empty.obj");
    EXPECT_TRUE(contains(empty.error, "empty mesh")) << empty.error;
}

TEST(BadInput, GoodObjLoads) {
    ObjResult ok = loadObj(std::string(PBD_TEST_DATA_DIR) + "/quad.obj");
    ASSERT_TRUE(ok.error.empty()) << ok.error;
    World world;
    EXPECT_TRUE(addCloth(world, ok.mesh, ClothOptions{}).empty());
    EXPECT_EQ(world.particles.size(), 4);
    EXPECT_EQ(world.constraints.distance.size(), 5u);
    EXPECT_EQ(world.constraints.bending.size(), 1u);
}

TEST(BadInput, NaNSettingIsRejectedAndWorldKeepsRunning) {
    World world;
    ASSERT_TRUE(loadScene(world, "hanging_cloth", 8).empty());
    for (int f = 0; f < 5; ++f) world.step();
    const auto x = world.particles.x;
    world.settings.frameDt = std::numeric_limits<Real>::quiet_NaN();
    try {
        world.step();
        FAIL() << "a NaN dt must be rejected";
    } catch (const std::invalid_argument& e) {
        EXPECT_TRUE(contains(e.what(), "'dt'")) << e.what();
    }
    EXPECT_EQ(world.particles.x, x);
    world.settings.frameDt = 1.0 / 60;
    world.step();
    EXPECT_TRUE(world.particles.x[10].allFinite());
}

// The check World::step runs after each stage: NaN, either infinity and magnitudes from 1e12
// on fail in any component of any vector; everything finite below it passes (zero, -0,
// subnormals, the largest double under the limit).
TEST(BadInput, BlownUpValuesAreCaughtInEveryComponent) {
    const Real kInf = std::numeric_limits<Real>::infinity();
    const Real below = std::nextafter(kExplodedValue, 0.0);
    const std::vector<Real> bad = {std::numeric_limits<Real>::quiet_NaN(),
                                   -std::numeric_limits<Real>::quiet_NaN(),
                                   kInf,
                                   -kInf,
                                   kExplodedValue,
                                   -kExplodedValue,
                                   std::numeric_limits<Real>::max()};
    const std::vector<Real> good = {0.0,
                                    -0.0,
                                    std::numeric_limits<Real>::denorm_min(),
                                    -std::numeric_limits<Real>::min(),
                                    1.5,
                                    below,
                                    -below};
    EXPECT_TRUE(allBounded({}));
    for (int n : {1, 2, 7}) {  // odd and even lengths: the loop's vector and scalar parts
        for (int at = 0; at < 3 * n; ++at) {
            std::vector<Vec3> v(n, Vec3(0.25, -3.0, 1e11));
            for (Real g : good) {
                v[at / 3][at % 3] = g;
                EXPECT_TRUE(allBounded(v)) << g << " at component " << at;
            }
            for (Real b : bad) {
                v[at / 3][at % 3] = b;
                EXPECT_FALSE(allBounded(v)) << b << " at component " << at;
            }
        }
    }
}

TEST(BadInput, UnknownSceneListsValidOnesAndKeepsWorld) {
    World world;
    ASSERT_TRUE(loadScene(world, "hanging_cloth", 8).empty());
    const int n = world.particles.size();
    std::string error = loadScene(world, "no_such_scene");
    EXPECT_TRUE(contains(error, "no_such_scene")) << error;
    EXPECT_TRUE(contains(error, "hanging_cloth")) << error;
    EXPECT_EQ(world.particles.size(), n);
}

TEST(BadInput, CommandLineOverridesAreValidated) {
    World world;
    ASSERT_TRUE(loadScene(world, "hanging_cloth", 8).empty());
    const Settings before = world.settings;
    app::Options o;
    o.settings.set("iterations", "-3");
    EXPECT_TRUE(contains(app::applyOverrides(o, world), "iterations")) << "negative iterations";
    app::Options p;
    p.settings.set("dt", "nan");
    EXPECT_TRUE(contains(app::applyOverrides(p, world), "dt"));
    app::Options q;
    q.settings.set("mgpbd-pcg-max", "1e400");
    EXPECT_TRUE(contains(app::applyOverrides(q, world), "mgpbd-pcg-max"));
    EXPECT_EQ(world.settings.frameDt, before.frameDt);
    EXPECT_EQ(world.settings.iterations, before.iterations);
}
