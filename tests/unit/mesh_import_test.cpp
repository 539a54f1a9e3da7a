// Own meshes in (issue 17): STL in both encodings (welded, NaN refused with its line or
// triangle), OBJ and OFF by extension; a surface becomes a cloth scaled to a 1.5 m box 0.3 m
// above the ground with its top 2% pinned; a closed surface becomes a soft body within its tet
// budget; TetGen can be cancelled; a bad file names itself and leaves the world untouched.
#include "sim/io/mesh_import.h"

#include <gtest/gtest.h>
#include <omp.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <thread>

#include "content_test_util.h"
#include "sim/io/import_job.h"
#include "sim/io/mesh_cache.h"
#include "sim/io/stl_loader.h"
#include "sim/io/tetgen_io.h"
#include "sim/scenes/imported_scene.h"
#include "sim/scenes/scene_table.h"
#include "sim/topology/closed_surfaces.h"
#include "sim/world/metrics.h"
#include "sim/world/state_hash.h"

using namespace sim;

namespace {

const char* kAsciiTetra = R"(solid tetra
facet normal 0 0 -1
  outer loop
    vertex 0 0 0
    vertex 0 1 0
    vertex 1 0 0
  endloop
endfacet
facet normal 0 -1 0
  outer loop
    vertex 0 0 0
    vertex 1 0 0
    vertex 0 0 1
  endloop
endfacet
facet normal -1 0 0
  outer loop
    vertex 0 0 0
    vertex 0 0 1
    vertex 0 1 0
  endloop
endfacet
facet normal 1 1 1
  outer loop
    vertex 1 0 0
    vertex 0 1 0
    vertex 0 0 1
  endloop
endfacet
endsolid tetra
)";

std::string binaryStl(const std::vector<std::array<Vec3, 3>>& tris) {
    std::string b(80, ' ');
    const uint32_t n = static_cast<uint32_t>(tris.size());
    b.append(reinterpret_cast<const char*>(&n), 4);
    for (const auto& t : tris) {
        float rec[12] = {0, 0, 0};
        for (int c = 0; c < 3; ++c)
            for (int k = 0; k < 3; ++k) rec[3 + 3 * c + k] = static_cast<float>(t[c][k]);
        b.append(reinterpret_cast<const char*>(rec), 48);
        b.append(2, '\0');
    }
    return b;
}

std::string writeFile(const std::string& name, const std::string& bytes) {
    const std::string path = content_test::freshDir("_" + name) + "/" + name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

}  // namespace

TEST(StlLoader, AsciiAndBinaryGiveTheSameWeldedMesh) {
    const ObjResult ascii = parseStl(kAsciiTetra, "tetra.stl");
    ASSERT_EQ(ascii.error, "");
    EXPECT_EQ(ascii.mesh.vertices.size(), 4u);  // 12 corners welded
    EXPECT_EQ(ascii.mesh.triangles.size(), 4u);
    EXPECT_EQ(checkClosedSurface(ascii.mesh), "");
    std::vector<std::array<Vec3, 3>> tris;
    for (const auto& t : ascii.mesh.triangles)
        tris.push_back(
            {ascii.mesh.vertices[t[0]], ascii.mesh.vertices[t[1]], ascii.mesh.vertices[t[2]]});
    // A binary file may start with "solid" too: its size decides.
    std::string bin = binaryStl(tris);
    std::memcpy(bin.data(), "solid but binary", 16);
    const ObjResult binary = parseStl(bin, "tetra_bin.stl");
    ASSERT_EQ(binary.error, "");
    EXPECT_EQ(binary.mesh.vertices, ascii.mesh.vertices);
    EXPECT_EQ(binary.mesh.triangles, ascii.mesh.triangles);
    // Cut short, it is named as a binary STL that does not match its count, not an empty mesh.
    const ObjResult cut = parseStl(bin.substr(0, bin.size() - 10), "cut.stl");
    EXPECT_EQ(cut.error,
              "cut.stl: starts with 'solid' but holds binary bytes; as a binary STL its 274 bytes "
              "do not match its triangle count (84 + 50 x 4 = 284 bytes): truncated?");
}

TEST(StlLoader, BadFilesNameTheFileAndWhere) {
    std::string text = kAsciiTetra;
    text.replace(text.find("vertex 0 0 1"), 12, "vertex 0 nan 1");
    EXPECT_EQ(parseStl(text, "n.stl").error, "n.stl:13: coordinate 'nan' is not finite");
    text = kAsciiTetra;
    text.replace(text.find("vertex 0 1 0"), 12, "vertex 0 1");
    EXPECT_EQ(parseStl(text, "short.stl").error.rfind("short.stl:5: expected 'vertex x y z'", 0),
              0u);
    std::vector<std::array<Vec3, 3>> tris(3, {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)});
    tris[2][1].y() = std::numeric_limits<double>::infinity();
    EXPECT_EQ(parseStl(binaryStl(tris), "i.stl").error,
              "i.stl: triangle 2: coordinate is not finite");
    std::string cut = binaryStl(tris);
    cut.resize(cut.size() - 10);
    EXPECT_NE(parseStl(cut, "cut.stl").error.find("does not match its triangle count"),
              std::string::npos);
    EXPECT_NE(parseStl("hello", "x.stl").error.find("not an STL file"), std::string::npos);
    // Collapsed facets are dropped and counted.
    tris = {{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)},
            {Vec3(0, 0, 0), Vec3(0, 0, 0), Vec3(0, 1, 0)}};
    const ObjResult dropped = parseStl(binaryStl(tris), "d.stl");
    EXPECT_EQ(dropped.error, "");
    EXPECT_EQ(dropped.mesh.triangles.size(), 1u);
    EXPECT_NE(dropped.warnings.find("1 degenerate facet(s) dropped"), std::string::npos);
}

TEST(MeshImport, ExtensionPicksTheReader) {
    const std::string stl = writeFile("t.STL", kAsciiTetra);
    EXPECT_EQ(importSurface(stl).error, "");
    const std::string off = writeFile(
        "t.off", "OFF\n4 4 0\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n");
    EXPECT_EQ(importSurface(off).mesh.triangles.size(), 4u);
    const std::string ply = writeFile("t.ply", "ply\n");
    EXPECT_EQ(importSurface(ply).error,
              ply + ": unsupported mesh format '.ply' (use .obj, .off or .stl)");
    EXPECT_EQ(importSurface("/no/such.obj").error, "/no/such.obj: no such file");
}

TEST(MeshImport, ClothIsScaledPlacedAndPinnedAtTheTop) {
    // A 10 x 20 unit sheet standing up: it becomes 0.75 x 1.5 m, lowest point at 0.3 m.
    std::string obj;
    const int n = 10;
    for (int r = 0; r <= n; ++r)
        for (int c = 0; c <= n; ++c)
            obj += "v " + std::to_string(c) + " " + std::to_string(2 * r + 7) + " 5\n";
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const int a = r * (n + 1) + c + 1;
            obj += "f " + std::to_string(a) + " " + std::to_string(a + 1) + " " +
                   std::to_string(a + n + 2) + "\n";
            obj += "f " + std::to_string(a) + " " + std::to_string(a + n + 2) + " " +
                   std::to_string(a + n + 1) + "\n";
        }
    const std::string path = writeFile("sheet.obj", obj);
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 4), "");
    const int before = world.particles.size();
    ImportOptions o;
    o.pinTop = true;
    ImportReport report;
    ASSERT_EQ(addImportedCloth(world, path, o, &report), "");
    EXPECT_NEAR(report.scale, 0.075, 1e-12);
    EXPECT_EQ(world.particles.size(), before + 121);
    Vec3 lo = Vec3::Constant(1e9), hi = -lo;
    for (int i = before; i < world.particles.size(); ++i)
        lo = lo.cwiseMin(world.particles.x[i]), hi = hi.cwiseMax(world.particles.x[i]);
    EXPECT_NEAR(hi.y() - lo.y(), 1.5, 1e-12);
    EXPECT_NEAR(lo.y(), 0.3, 1e-12);
    EXPECT_NEAR(lo.x() + hi.x(), 0, 1e-12);  // centred
    // 2% of 121 vertices rounds to 2, the top row's first two (ties by index).
    EXPECT_EQ(report.pinned, 2);
    EXPECT_TRUE(world.particles.pinned[before + 110]);
    EXPECT_TRUE(world.particles.pinned[before + 111]);
    EXPECT_NEAR(world.particles.x[before + 110].y(), hi.y(), 1e-12);
    // An explicit pin out of range is refused and the world stays as it was.
    const std::string hash = stateHashText(world);
    o.pinTop = false;
    o.pins = {121};
    const std::string error = addImportedCloth(world, path, o);
    EXPECT_EQ(error, path + ": pin index 121 is out of range: the body has 121 vertices");
    EXPECT_EQ(stateHashText(world), hash);
}

TEST(MeshImport, BadFilesLeaveTheWorldUntouched) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 4), "");
    for (int f = 0; f < 3; ++f) world.step();
    const std::string hash = stateHashText(world);
    const std::string nan = writeFile("nan.off", "OFF\n3 1 0\n0 0 0\n1 nan 0\n0 1 0\n3 0 1 2\n");
    EXPECT_NE(addImportedCloth(world, nan, {}).find("nan.off:4"), std::string::npos);
    const std::string open =
        writeFile("open.stl", binaryStl({{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)}}));
    const std::string e = addImportedSoftBody(world, open, {});
    EXPECT_NE(e.find("open.stl"), std::string::npos) << e;
    EXPECT_NE(e.find("not closed"), std::string::npos) << e;
    EXPECT_NE(e.find("load it as a cloth instead"), std::string::npos) << e;
    const std::string garbage = writeFile("garbage.obj", "f 1 2 3\nv what\n");
    EXPECT_NE(addImportedCloth(world, garbage, {}).find("garbage.obj"), std::string::npos);
    EXPECT_EQ(stateHashText(world), hash);
    EXPECT_EQ(world.frame(), 3);
}

namespace {

// A closed sphere of 1280 triangles as OFF, and a fresh TetGen cache for it.
std::string sphereOff(int subdivisions = 3) {
    const TriangleMesh s = makeIcosphere(Vec3(3, 3, 3), 2.0, subdivisions);
    const std::string dir = content_test::freshDir("_sphere");
    EXPECT_EQ(writeOff(s, dir + "/sphere.off"), "");
    return dir + "/sphere.off";
}

ImportOptions softOptions(int tets) {
    ImportOptions o;
    o.kind = BodyKind::SoftBody;
    o.targetTets = tets;
    o.tetgen.cacheDir = content_test::freshDir("_cache");
    return o;
}

}  // namespace

TEST(MeshImportSlow, SoftBodyIsDecimatedToItsTetBudget) {
    const std::string path = sphereOff();
    for (int budget : {800, 3000}) {
        const PreparedImport p = prepareImport(path, softOptions(budget));
        ASSERT_EQ(p.error, "") << budget;
        EXPECT_LE(p.report.tets, 1.1 * budget) << p.report.text();
        EXPECT_GE(p.report.tets, 0.3 * budget) << p.report.text();
        EXPECT_LT(p.report.triangles, 1280) << "decimated";
        EXPECT_NEAR(p.report.extent.maxCoeff(), 1.5, 1e-9);
        World world;
        std::array<PreparedImport, 1> bodies{p};
        ASSERT_EQ(buildImportedScene(world, bodies), "");
        EXPECT_EQ(world.constraints.arap.size() + world.constraints.arapStrain.size(),
                  size_t(p.report.tets));
        Real lowest = 1e9;
        for (const Vec3& x : world.particles.x) lowest = std::min(lowest, x.y());
        EXPECT_NEAR(lowest, 0.3, 0.02);  // decimation moves the surface a little
        EXPECT_EQ(world.settings.solver, SolverKind::XPBD);
        // The iterations fit the step's work budget (issue 54: an imported mesh stays real
        // time), down to the floor; a small body keeps the soft-body default.
        const int its = world.settings.iterations;
        const double rows = 6.0 * p.report.tets + double(world.constraints.tetVolume.size());
        EXPECT_TRUE(its == kImportedMinIterations || rows * its <= kImportedWorkPerStep) << its;
        if (budget == 800) {
            EXPECT_EQ(its, 20);
        }
        Real ever = 1e9;  // falls 0.3 m, lands on the ground and bounces (mu = 1e6 Pa jelly)
        for (int f = 0; f < 60; ++f) {
            world.step();
            for (const Vec3& x : world.particles.x) ever = std::min(ever, x.y());
        }
        EXPECT_LT(ever, 0.01);
        EXPECT_GT(ever, -0.001);
    }
}

// Issue 54: the imported scene's iterations shrink with the mesh so that a step's work stays
// under kImportedWorkPerStep; a small mesh keeps the settings' count, a huge one the floor.
TEST(MeshImport, ImportedIterationsFitTheWorkBudget) {
    World world;
    world.settings.iterations = 20;
    world.settings.substeps = 1;
    auto iterationsWithTets = [&](int tets) {
        world.constraints.arap.assign(size_t(tets), ArapConstraint{});
        return importedIterations(world);
    };
    EXPECT_EQ(iterationsWithTets(100), 20);
    EXPECT_EQ(iterationsWithTets(5000), int(kImportedWorkPerStep / (6 * 5000)));
    EXPECT_EQ(iterationsWithTets(1'000'000), kImportedMinIterations);
    world.settings.substeps = 4;  // cloth: rows x substeps
    world.constraints.arap.clear();
    world.constraints.distance.assign(12'000, DistanceConstraint{});
    EXPECT_EQ(importedIterations(world), kImportedMinIterations);
    world.constraints.distance.assign(2'000, DistanceConstraint{});
    EXPECT_EQ(importedIterations(world), 20);
}

TEST(MeshImport, CancelKillsTetgenAndReportsCancelled) {
    omp_set_num_threads(1);
    // Quality refinement of a 20k-triangle sphere down to tiny tets takes TetGen seconds.
    const std::string path = sphereOff(5);
    ImportOptions o = softOptions(2'000'000);
    o.tetgen.maxVolume = 1e-6;
    std::atomic<bool> cancel{false};
    ImportControl control;
    control.cancel = &cancel;
    std::string lastStage;
    control.progress = [&](const ImportProgress& p) { lastStage = p.stage; };
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        cancel = true;
    });
    const PreparedImport p = prepareImport(path, o, control);
    stopper.join();
    // "cancelled" comes only from the cancel flag, seen while TetGen ran.
    EXPECT_EQ(p.error, "cancelled");
    EXPECT_EQ(lastStage, "tetrahedralizing");
}

TEST(MeshImport, ImportJobPreparesOffTheCallingThread) {
    ImportJob job(sphereOff(), softOptions(1000));
    for (int i = 0; i < 600 && !job.done(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ASSERT_TRUE(job.done());
    std::optional<PreparedImport> p = job.take();
    ASSERT_TRUE(p);
    EXPECT_EQ(p->error, "");
    EXPECT_GT(p->report.tets, 0);
    EXPECT_EQ(job.progress().stage, "done");
    EXPECT_FALSE(job.take()) << "taken once";
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 4), "");
    const int before = world.particles.size();
    ASSERT_EQ(applyImport(world, *p), "");  // added to a running scene
    EXPECT_EQ(world.particles.size(), before + int(p->tets.vertices.size()));
}

// The issue's must-show: a CGAL mesh from outside the project (scripts/fetch_meshes),
// decimated, as a soft body and as a cloth, 600 frames without NaN.
TEST(MeshImportSlow, ElephantAsSoftBodyAndAsCloth600Frames) {
    const std::string path = findCachedMesh("elephant.off");
    if (path.empty())
        GTEST_SKIP() << "elephant.off not in the mesh cache (run scripts/fetch_meshes)";
    for (BodyKind kind : {BodyKind::SoftBody, BodyKind::Cloth}) {
        ImportOptions o;
        o.kind = kind;
        o.pinTop = kind == BodyKind::Cloth;
        o.maxTriangles = 2000;
        const PreparedImport p = prepareImport(path, o);
        ASSERT_EQ(p.error, "");
        EXPECT_LT(p.report.triangles, p.report.sourceTriangles) << "decimated";
        World world;
        std::array<PreparedImport, 1> bodies{p};
        ASSERT_EQ(buildImportedScene(world, bodies), "");
        Real lowest = 1e9;
        for (int f = 0; f < 600; ++f) {
            world.step();
            for (const Vec3& x : world.particles.x) lowest = std::min(lowest, x.y());
        }
        const FrameMetrics m = measure(world);
        EXPECT_TRUE(std::isfinite(m.kineticEnergy)) << p.report.text();
        EXPECT_GT(lowest, -0.02) << "stays above the ground";
        if (kind == BodyKind::SoftBody) {
            EXPECT_LT(lowest, 0.02) << "fell onto it";
        }
    }
}
