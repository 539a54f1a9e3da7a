// Issue 20: the mesh parsers bound what they allocate by the file's size, reject values that
// are not finite numbers with the line, and triangulate polygons in linear time.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "sim/io/obj_loader.h"
#include "sim/io/off_loader.h"
#include "sim/io/tetgen_io.h"

using namespace sim;

namespace {
bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}
}  // namespace

TEST(MeshInput, ObjNonFiniteCoordinatesNameTheLine) {
    const std::string tail = "v 1 0 0\nv 0 1 0\nf 1 2 3\n";
    ObjResult r = parseObj("# nan\nv nan 0 0\n" + tail, "n.obj");
    EXPECT_TRUE(has(r.error, "n.obj:2: vertex x 'nan' is not finite")) << r.error;
    r = parseObj("v 0 inf 0\n" + tail, "i.obj");
    EXPECT_TRUE(has(r.error, "i.obj:1: vertex y 'inf' is not finite")) << r.error;
    r = parseObj("v 0 0 1e400\n" + tail, "o.obj");
    EXPECT_TRUE(has(r.error, "o.obj:1: vertex z '1e400' is out of range")) << r.error;
    r = parseObj("v 0 0\n" + tail, "m.obj");
    EXPECT_TRUE(has(r.error, "m.obj:1: vertex z is missing")) << r.error;
    EXPECT_TRUE(r.mesh.vertices.empty());
}

TEST(MeshInput, ObjFaceIndexFormsAndErrors) {
    const std::string verts = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvn 0 0 1\n";
    ObjResult r = parseObj(verts + "f 1/1/1 2//1 3/1 -1\n", "q.obj");
    ASSERT_EQ(r.error, "");
    ASSERT_EQ(r.mesh.triangles.size(), 2u);
    EXPECT_EQ(r.mesh.triangles[1], (std::array<int, 3>{0, 2, 3}));
    r = parseObj(verts + "f 1 2 0\n", "z.obj");
    EXPECT_TRUE(has(r.error, "z.obj:7: face refers to vertex 0")) << r.error;
    r = parseObj(verts + "f 1 2 99999999999999999999\n", "b.obj");
    EXPECT_TRUE(has(r.error, "b.obj:7:")) << r.error;
    EXPECT_TRUE(has(r.error, "out of range")) << r.error;
    r = parseObj(verts + "f 1 2\n", "t.obj");
    EXPECT_TRUE(has(r.error, "t.obj:7: a face needs at least 3 corners")) << r.error;
}

TEST(MeshInput, ObjPolygonOf200000CornersIsTriangulatedInLinearTime) {
    // tinyobjloader's ear clipping took over 60 s on this polygon.
    const int n = 200000;
    std::string text;
    text.reserve(n * 40);
    char line[96];
    for (int k = 0; k < n; ++k) {
        std::snprintf(line, sizeof line, "v %.9f 0 %.9f\n", std::cos(2 * M_PI * k / n),
                      std::sin(2 * M_PI * k / n));
        text += line;
    }
    text += "f";
    for (int k = 1; k <= n; ++k) {
        text += ' ';
        text += std::to_string(k);
    }
    text += "\n";
    ObjResult r = parseObj(text, "disc.obj");
    EXPECT_EQ(r.error, "");
    ASSERT_EQ(r.mesh.triangles.size(), size_t(n - 2));
    // A fan from the first corner (linear work), not an ear clipping (quadratic): every
    // triangle is (0, k, k + 1). How long it takes is a bench's figure, not a test's.
    for (int k = 0; k < n - 2; k += 9973)
        EXPECT_EQ(r.mesh.triangles[k], (std::array<int, 3>{0, k + 1, k + 2})) << k;
}

TEST(MeshInput, OffFaceCornerCountIsBoundedBeforeAllocation) {
    const std::string head = "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n";
    ObjResult r = parseOff(head + "3000000000 0 1 2\n", "big.off");  // used to allocate 12 GB
    EXPECT_TRUE(
        has(r.error, "big.off:6: face corner count 3000000000 must be >= 3 and fit on its line"))
        << r.error;
    r = parseOff(head + "1e12 0 1 2\n", "e.off");  // used to throw bad_alloc
    EXPECT_TRUE(has(r.error, "e.off:6: face corner count '1e12' is not a number")) << r.error;
    r = parseOff(head + "3 0 1 nan\n", "n.off");
    EXPECT_TRUE(has(r.error, "n.off:6: face corner 2 of 3 'nan' is not a number")) << r.error;
    r = parseOff("OFF\n3 1 0\nnan 0 0\n1 0 0\n0 1 0\n3 0 1 2\n", "v.off");
    EXPECT_TRUE(has(r.error, "v.off:3: coordinate 'nan' is not finite")) << r.error;
}

TEST(MeshInput, OffAndTetGenHeaderCountsAreBoundedByFileSize) {
    ObjResult r = parseOff("OFF\n2000000000 2000000000 0\n0 0 0\n", "h.off");
    EXPECT_TRUE(
        has(r.error,
            "h.off:2: header says 2000000000 vertices and 2000000000 faces, more than the 6 bytes"))
        << r.error;
    const std::string node = "4 3\n0 0 0 0\n1 1 0 0\n2 0 1 0\n3 0 0 1\n";
    TetMeshResult t = parseTetGen("900000000 3\n0 0 0 0\n", "1 4\n0 0 1 2 3\n", "h.node", "h.ele");
    EXPECT_TRUE(has(t.error, "h.node:1: header says 900000000 nodes, more than the 8 bytes"))
        << t.error;
    t = parseTetGen(node, "4000000000 4\n0 0 1 2 3\n", "h.node", "h.ele");
    EXPECT_TRUE(has(t.error, "h.ele:1: header says 4000000000 tets, more than the 10 bytes"))
        << t.error;
    t = parseTetGen("4 3\n0 0 0 0\n1 1 0 0\n2 0 inf 0\n3 0 0 1\n", "1 4\n0 0 1 2 3\n", "i.node",
                    "i.ele");
    EXPECT_TRUE(has(t.error, "i.node:4: coordinate 'inf' is not finite")) << t.error;
}

TEST(MeshInput, LoadersRefuseFilesLargerThanTheyAccept) {
    // A sparse 2 GiB file: its size is read, its bytes never are.
    const std::string path = testing::TempDir() + "/huge.obj";
    { std::ofstream out(path); }
    std::filesystem::resize_file(path, std::uintmax_t(2) << 30);
    ObjResult r = loadObj(path);
    EXPECT_TRUE(has(
        r.error, "huge.obj: file is 2147483648 bytes, more than the 1073741824 the loaders accept"))
        << r.error;
    r = loadOff(path);
    EXPECT_TRUE(has(r.error, "more than the 1073741824")) << r.error;
    std::filesystem::remove(path);
}
