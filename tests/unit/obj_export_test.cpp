// Mesh export (issue 17): one OBJ per frame, named by the frame, re-read with the OBJ reader
// (sim::loadObj) and, where the build has it, with an independent one (tinyobjloader, the
// reader Blender-bound users' tools resemble): every file has World::triangles' face count
// of its frame — the topology after tears and cuts — and a vertex per particle on a
// triangle, at its position.
#include "sim/io/obj_export.h"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#ifdef PBD_HAVE_TINYOBJLOADER
#include <tiny_obj_loader.h>
#endif

#include "content_test_util.h"
#include "sim/core/picking.h"
#include "sim/io/obj_loader.h"
#include "sim/scenes/scene_table.h"
#include "sim/world/cut.h"

using namespace sim;

namespace {

#ifdef PBD_HAVE_TINYOBJLOADER
// Faces and vertices of an OBJ file as tinyobjloader reads it ({-1, -1} when it cannot).
std::pair<int, int> tinyobjCounts(const std::string& path) {
    tinyobj::ObjReader reader;
    tinyobj::ObjReaderConfig config;
    config.triangulate = false;  // the export writes triangles; count what is in the file
    if (!reader.ParseFromFile(path, config)) return {-1, -1};
    int faces = 0;
    for (const tinyobj::shape_t& shape : reader.GetShapes())
        faces += static_cast<int>(shape.mesh.num_face_vertices.size());
    return {faces, static_cast<int>(reader.GetAttrib().vertices.size() / 3)};
}
#endif

int onTriangles(const World& w) {
    int n = 0;
    for (char c : particlesOnTriangles(w.particles.size(), w.triangles)) n += c;
    return n;
}

}  // namespace

TEST(ObjExport, TearingClothWritesOneFilePerFrameWithItsTopology) {
    omp_set_num_threads(1);
    World world;
    ASSERT_EQ(loadScene(world, "tearable_cloth", 27), "");
    for (int f = 0; f < 120; ++f) world.step();
    const std::string dir = content_test::freshDir() + "/frames";
    ObjSequenceExporter exporter;
    ASSERT_EQ(exporter.start(dir), "");
    const int initial = world.particles.size();
    std::vector<std::pair<long, std::pair<int, int>>> expected;  // frame -> faces, vertices
    for (int f = 0; f < 60; ++f) {
        world.step();
        ASSERT_EQ(exporter.writeFrame(world), "");
        expected.push_back({world.frame(), {int(world.triangles.size()), onTriangles(world)}});
    }
    exporter.stop();
    ASSERT_GT(world.particles.size(), initial)
        << "no tear in the exported frames: the test needs one";
    EXPECT_EQ(exporter.framesWritten(), 60);
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 60);
    for (const auto& [frame, counts] : expected) {
        const std::string path = dir + "/" + exportFrameName(frame);
        const ObjResult obj = loadObj(path);
        ASSERT_EQ(obj.error, "") << path;
        EXPECT_EQ(int(obj.mesh.triangles.size()), counts.first) << path;
        EXPECT_EQ(int(obj.mesh.vertices.size()), counts.second) << path;
#ifdef PBD_HAVE_TINYOBJLOADER
        EXPECT_EQ(tinyobjCounts(path), counts) << path << " read by tinyobjloader";
#endif
    }
    // The last file is the world as it is now: same positions (9 digits), same faces.
    const ObjResult last = loadObj(dir + "/" + exportFrameName(world.frame()));
    std::vector<int> vertexOf(world.particles.size(), -1);
    int next = 0;
    const std::vector<char> used = particlesOnTriangles(world.particles.size(), world.triangles);
    for (int i = 0; i < world.particles.size(); ++i)
        if (used[i]) vertexOf[i] = next++;
    for (size_t t = 0; t < world.triangles.size(); ++t)
        for (int k = 0; k < 3; ++k) {
            const int i = world.triangles[t][k];
            ASSERT_EQ(last.mesh.triangles[t][k], vertexOf[i]);
            EXPECT_LT((last.mesh.vertices[vertexOf[i]] - world.particles.x[i]).norm(), 1e-6);
        }
}

TEST(ObjExport, KnifeCutShowsInTheNextFile) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 16), "");
    for (int f = 0; f < 60; ++f) world.step();
    const std::string dir = content_test::freshDir();
    ObjSequenceExporter exporter;
    ASSERT_EQ(exporter.start(dir), "");
    ASSERT_EQ(exporter.writeFrame(world), "");
    const int before = world.particles.size();
    Real low = 1e9, high = -1e9;  // a horizontal cut halfway down the cloth, wherever it swung
    for (const Vec3& x : world.particles.x)
        low = std::min(low, x.y()), high = std::max(high, x.y());
    const Real y = 0.5 * (low + high);
    ASSERT_GT(cutAlongStroke(world, {Vec3(0, y, 5), Vec3(-2, y, -2), Vec3(2, y, -2)}), 0);
    world.step();
    ASSERT_EQ(exporter.writeFrame(world), "");
    const ObjResult a = loadObj(dir + "/" + exportFrameName(60)),
                    b = loadObj(dir + "/" + exportFrameName(61));
    ASSERT_EQ(a.error, "");
    ASSERT_EQ(b.error, "");
    EXPECT_EQ(a.mesh.triangles.size(),
              b.mesh.triangles.size());  // a cut splits vertices, keeps faces
    EXPECT_EQ(int(b.mesh.vertices.size()) - int(a.mesh.vertices.size()),
              world.particles.size() - before);
}

TEST(ObjExport, SoftBodyExportsItsSurfaceOnly) {
    World world;
    ASSERT_EQ(loadScene(world, "beam", 2), "");
    const std::string path = content_test::freshDir() + "/beam.obj";
    ASSERT_EQ(writeSurfaceObj(world, path), "");
    const ObjResult obj = loadObj(path);
    ASSERT_EQ(obj.error, "");
    EXPECT_EQ(obj.mesh.triangles.size(), world.triangles.size());
    EXPECT_EQ(int(obj.mesh.vertices.size()), onTriangles(world));
}

TEST(ObjExport, UnwritableFolderIsAnError) {
    const std::string file = content_test::freshDir() + "/plain";
    { std::ofstream(file) << "x"; }
    ObjSequenceExporter exporter;
    EXPECT_NE(exporter.start(file + "/sub").find("cannot create"), std::string::npos);
    EXPECT_FALSE(exporter.active());
}
