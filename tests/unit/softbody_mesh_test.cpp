// Tet meshes, procedural closed surfaces, TetGen file reading and the tetgen runner.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "sim/io/off_loader.h"
#include "sim/io/tetgen_io.h"
#include "sim/io/tetgen_runner.h"
#include "sim/topology/closed_surfaces.h"
#include "sim/topology/decimate.h"
#include "sim/topology/tet_mesh.h"

using sim::Real;
using sim::Vec3;

namespace {

// Volume enclosed by an outward-wound closed surface (divergence theorem).
Real enclosedVolume(const sim::TriangleMesh& m) {
    Real v = 0;
    for (const auto& t : m.triangles)
        v += m.vertices[t[0]].dot(m.vertices[t[1]].cross(m.vertices[t[2]])) / 6.0;
    return v;
}

std::string tempDir(const std::string& name) {
    auto dir = std::filesystem::temp_directory_path() /
               ("pbd_softbody_test_" + name + "_" +
                std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir.string();
}

}  // namespace

TEST(SoftbodyMesh, ProceduralSurfacesAreClosedAndOutward) {
    const Real pi = 3.14159265358979323846;
    struct Case {
        const char* name;
        sim::TriangleMesh mesh;
        Real volume;
        Real tol;
    };
    const Case cases[] = {
        {"box", sim::makeBoxSurface(Vec3(1, 2, 3), Vec3(2, 1, 0.5), 4, 3, 2), 1.0, 1e-9},
        {"icosphere", sim::makeIcosphere(Vec3(0, 1, 0), 0.5, 3), 4.0 / 3 * pi * 0.125, 0.02},
        {"torus", sim::makeTorus(Vec3::Zero(), 1.0, 0.25, 48, 24), 2 * pi * pi * 1.0 * 0.0625,
         0.02},
        {"capsule", sim::makeCapsule(Vec3::Zero(), 0.3, 0.4, 32, 8),
         pi * 0.09 * 0.8 + 4.0 / 3 * pi * 0.027, 0.02},
    };
    for (const Case& c : cases) {
        EXPECT_EQ(sim::checkClosedSurface(c.mesh), "") << c.name;
        EXPECT_NEAR(enclosedVolume(c.mesh), c.volume, c.tol * c.volume) << c.name;
    }
}

TEST(SoftbodyMesh, OpenSurfaceIsNamed) {
    sim::TriangleMesh open = sim::makeIcosphere(Vec3::Zero(), 1.0, 1);
    open.triangles.pop_back();
    const std::string e = sim::checkClosedSurface(open);
    EXPECT_NE(e.find("not closed"), std::string::npos) << e;
    EXPECT_NE(e.find("edge ("), std::string::npos) << e;
}

TEST(SoftbodyMesh, BoxTetsFillTheBoxAndHaveAClosedBoundary) {
    const sim::TetMesh m = sim::makeBoxTets(Vec3(0, 0, 0), Vec3(2, 1, 1), 4, 2, 3);
    EXPECT_EQ(m.tets.size(), 4u * 2 * 3 * 6);
    EXPECT_EQ(sim::checkTetMesh(m), "");
    EXPECT_NEAR(sim::totalVolume(m, m.vertices), 2.0, 1e-12);
    for (const auto& t : m.tets)
        EXPECT_GT(sim::signedTetVolume(m.vertices[t[0]], m.vertices[t[1]], m.vertices[t[2]],
                                       m.vertices[t[3]]),
                  0);
    sim::TriangleMesh boundary{m.vertices, sim::boundaryTriangles(m)};
    EXPECT_EQ(boundary.triangles.size(), 2u * 2 * (4 * 2 + 2 * 3 + 4 * 3));
    EXPECT_NEAR(enclosedVolume(boundary), 2.0, 1e-12);  // outward wound
    EXPECT_EQ(sim::tetEdges(sim::makeBoxTets(Vec3::Zero(), Vec3::Ones(), 1, 1, 1)).size(), 19u);
}

TEST(SoftbodyMesh, TetGenFilesParseWithEitherIndexBase) {
    const std::string node1 = "# comment\n4 3 0 0\n1 0 0 0\n2 1 0 0\n3 0 1 0\n4 0 0 1\n";
    const std::string ele1 = "1 4 0\n1 1 2 3 4\n";
    auto r = sim::parseTetGen(node1, ele1, "a.node", "a.ele");
    ASSERT_EQ(r.error, "");
    EXPECT_EQ(r.mesh.tets[0], (sim::Tet{0, 1, 2, 3}));
    const std::string node0 = "4 3\n0 0 0 0\n1 1 0 0\n2 0 1 0\n3 0 0 1\n";
    r = sim::parseTetGen(node0, "1 4\n0 0 1 2 3\n", "b.node", "b.ele");
    EXPECT_EQ(r.error, "");
}

TEST(SoftbodyMesh, TetGenErrorsNameFileAndLine) {
    const std::string node = "4 3\n0 0 0 0\n1 1 0 0\n2 0 1 0\n3 0 0 1\n";
    auto r = sim::parseTetGen(node, "1 4\n0 0 1 2 9\n", "m.node", "m.ele");
    EXPECT_NE(r.error.find("m.ele:2:"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("out of range"), std::string::npos) << r.error;
    r = sim::parseTetGen("4 3\n0 0 0 0\n1 1 zero 0\n2 0 1 0\n3 0 0 1\n", "1 4\n0 0 1 2 3\n",
                         "m.node", "m.ele");
    EXPECT_NE(r.error.find("m.node:3:"), std::string::npos) << r.error;
    r = sim::parseTetGen("4 2\n", "", "m.node", "m.ele");
    EXPECT_NE(r.error.find("m.node:1: bad header"), std::string::npos) << r.error;
    r = sim::readTetGen("/nonexistent/x.node", "/nonexistent/x.ele");
    EXPECT_NE(r.error.find("x.node: no such file"), std::string::npos) << r.error;
}

TEST(SoftbodyMesh, TetgenTetrahedralizesAndCaches) {
    sim::TetgenOptions options;
    options.cacheDir = tempDir("cache");
    const sim::TriangleMesh sphere = sim::makeIcosphere(Vec3::Zero(), 1.0, 2);
    const sim::TetgenResult first = sim::tetrahedralize(sphere, options);
    ASSERT_EQ(first.error, "");
    EXPECT_FALSE(first.fromCache);
    EXPECT_EQ(sim::checkTetMesh(first.mesh, 0.0), "");
    EXPECT_NEAR(std::abs(sim::totalVolume(first.mesh, first.mesh.vertices)), enclosedVolume(sphere),
                1e-6);
    const sim::TetgenResult second = sim::tetrahedralize(sphere, options);
    ASSERT_EQ(second.error, "");
    EXPECT_TRUE(second.fromCache);
    EXPECT_EQ(second.mesh.tets, first.mesh.tets);
    options.maxVolume = 0.01;  // other flags, other key
    const sim::TetgenResult finer = sim::tetrahedralize(sphere, options);
    ASSERT_EQ(finer.error, "");
    EXPECT_FALSE(finer.fromCache);
    EXPECT_GT(finer.mesh.tets.size(), first.mesh.tets.size());
    std::filesystem::remove_all(options.cacheDir);
}

TEST(SoftbodyMesh, TetgenRefusesOpenSurfacesAndReportsFailures) {
    sim::TetgenOptions options;
    options.cacheDir = tempDir("errors");
    sim::TriangleMesh open = sim::makeIcosphere(Vec3::Zero(), 1.0, 1);
    open.triangles.pop_back();
    auto r = sim::tetrahedralize(open, options);
    EXPECT_NE(r.error.find("not closed"), std::string::npos) << r.error;
    options.program = "pbd-no-such-tetgen";
    r = sim::tetrahedralize(sim::makeIcosphere(Vec3::Zero(), 1.0, 1), options);
    EXPECT_NE(r.error.find("not found"), std::string::npos) << r.error;
    options.program = "tetgen";
    options.quality = 0.5;
    r = sim::tetrahedralize(sim::makeIcosphere(Vec3::Zero(), 1.0, 1), options);
    EXPECT_NE(r.error.find("quality 0.5"), std::string::npos) << r.error;
    // Two interpenetrating closed spheres: tetgen aborts; the message says so and carries
    // tetgen -d's report.
    options.quality = 1.414;
    sim::TriangleMesh a = sim::makeIcosphere(Vec3::Zero(), 1.0, 1);
    const sim::TriangleMesh b = sim::makeIcosphere(Vec3(0.5, 0.1, 0.05), 1.0, 1);
    const int base = static_cast<int>(a.vertices.size());
    a.vertices.insert(a.vertices.end(), b.vertices.begin(), b.vertices.end());
    for (auto t : b.triangles) a.triangles.push_back({t[0] + base, t[1] + base, t[2] + base});
    r = sim::tetrahedralize(a, options);
    EXPECT_NE(r.error.find("tetgen"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("tetgen -d"), std::string::npos) << r.error;
    std::filesystem::remove_all(options.cacheDir);
}

TEST(SoftbodyMesh, OffFilesParseAndErrorsNameTheLine) {
    auto r = sim::parseOff(
        "OFF\n4 4 0\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n", "t.off");
    ASSERT_EQ(r.error, "");
    EXPECT_EQ(sim::checkClosedSurface(r.mesh), "");
    r = sim::parseOff("OFF\n4 1 0\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n4 0 1 2 7\n", "q.off");
    EXPECT_NE(r.error.find("q.off:7: vertex index 7 out of range"), std::string::npos) << r.error;
    r = sim::parseOff("PLY\n", "p.off");
    EXPECT_NE(r.error.find("p.off:1: expected 'OFF'"), std::string::npos) << r.error;
}

TEST(SoftbodyMesh, DecimationReachesTheBudgetAndKeepsASphereClosed) {
    const sim::TriangleMesh fine = sim::makeIcosphere(Vec3::Zero(), 1.0, 4);
    const sim::TriangleMesh coarse = sim::decimateSurface(fine, 500);
    EXPECT_LE(coarse.triangles.size(), 500u);
    EXPECT_GT(coarse.triangles.size(), 200u);
    EXPECT_EQ(sim::checkClosedSurface(coarse), "");
    EXPECT_NEAR(enclosedVolume(coarse), enclosedVolume(fine), 0.1 * enclosedVolume(fine));
}
