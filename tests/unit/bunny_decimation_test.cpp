// bunny_squash decimates the CGAL bunny to res^2 triangles before TetGen (issue 20: at res
// 20 and 22 the decimated bunny had an edge of four triangles and the scene fell back to
// the capsule without saying so). Needs bunny00.off from scripts/fetch_meshes; skipped
// without it.
#include <gtest/gtest.h>

#include "sim/io/mesh_cache.h"
#include "sim/io/off_loader.h"
#include "sim/scenes/scene_budget.h"
#include "sim/scenes/scenes.h"
#include "sim/topology/closed_surfaces.h"
#include "sim/topology/decimate.h"

using namespace sim;

namespace {

constexpr int kFirstBunnyResolution = 16;  // below it the scene uses the capsule by design

}  // namespace

// The resolutions the scene accepts, --allow-large included, up to the one whose budget
// keeps every triangle (past it the surface is the file's own, checked closed here too):
// every one up to kEveryResolutionUpTo (where the pinched decimations were found), every
// kStrideAbove-th past it. Each decimation starts from the whole file (~0.4 s): all ~250
// took 104 s of the CI's test time.
constexpr int kEveryResolutionUpTo = 64;
constexpr int kStrideAbove = 4;
TEST(BunnyDecimationSlow, ClosedAcrossTheResolutionsTheSceneAccepts) {
    const std::string path = findCachedMesh("bunny00.off");
    if (path.empty())
        GTEST_SKIP() << "bunny00.off not in the mesh cache (run scripts/fetch_meshes)";
    const ObjResult bunny = loadOff(path);
    ASSERT_EQ(bunny.error, "");
    ASSERT_EQ(checkClosedSurface(bunny.mesh), "") << "the file itself";
    const int triangles = static_cast<int>(bunny.mesh.triangles.size());
    int withoutAllowLarge = 0;
    for (int res = kFirstBunnyResolution; res * res < triangles;
         res += res < kEveryResolutionUpTo ? 1 : kStrideAbove) {
        if (estimateScene("bunny_squash", res).bytes <= sceneMemoryLimit()) withoutAllowLarge = res;
        std::string error;
        const TriangleMesh surface = decimateClosedSurface(bunny.mesh, res * res, {}, &error);
        EXPECT_EQ(error, "") << "res " << res;
        EXPECT_EQ(checkClosedSurface(surface), "") << "res " << res;
        // Near the asked budget: the scene's resolution still means what it says.
        EXPECT_NEAR(static_cast<double>(surface.triangles.size()), res * res, 0.1 * res * res + 32)
            << "res " << res;
    }
    EXPECT_GT(withoutAllowLarge, 100);  // the budget admits a range worth checking
}

namespace {

// bunny_squash's own mesh at `res`: TetGen's tets of the decimated bunny, not the capsule.
void expectBunnyTets(int res) {
    SceneParams params;
    params.resolution = res;
    TetMesh rest;
    std::string source;
    ASSERT_EQ(bunnySquashMesh(params, rest, &source), "") << "res " << res;
    EXPECT_EQ(source.rfind("bunny00.off decimated to", 0), 0u) << "res " << res << ": " << source;
    EXPECT_GT(rest.tets.size(), static_cast<size_t>(3 * res * res)) << "res " << res;
}

}  // namespace

// The two resolutions (a pinched decimation: closed at 400 triangles, yet TetGen
// aborts on it) build the bunny, not the capsule.
TEST(BunnyDecimation, Resolutions20And22TetrahedralizeTheBunny) {
    if (findCachedMesh("bunny00.off").empty())
        GTEST_SKIP() << "bunny00.off not in the mesh cache (run scripts/fetch_meshes)";
    expectBunnyTets(20);
    expectBunnyTets(22);
}

// TetGen at every resolution from 16 to 40 (beyond, each run takes seconds).
TEST(BunnyDecimationSlow, SceneTetrahedralizesTheBunnyFrom16To40) {
    if (findCachedMesh("bunny00.off").empty())
        GTEST_SKIP() << "bunny00.off not in the mesh cache (run scripts/fetch_meshes)";
    for (int res = kFirstBunnyResolution; res <= 40; ++res) expectBunnyTets(res);
}
