// Determinism (Box2D's test_determinism): every scene under every solver, run twice from a
// fresh load with the same inputs and one thread, reaches the same state hash — positions
// and velocities bit for bit, topology included (tearing scenes tear the same way).
#include <gtest/gtest.h>
#include <omp.h>

#include "sim/scenes/scene_table.h"
#include "sim/world/state_hash.h"
#include "sim/world/world.h"

using namespace sim;

namespace {

uint64_t run(const SceneInfo& info, SolverKind kind, int frames) {
    World world;
    const int res = info.defaultResolution / 2 > 0 ? info.defaultResolution / 2 : 1;
    EXPECT_EQ(loadScene(world, info.name, res), "");
    world.setSolver(kind);
    for (int f = 0; f < frames; ++f) world.step();
    return stateHash(world);
}

}  // namespace

TEST(DeterminismSlow, EverySceneAndSolverRepeatsItsStateHash) {
    omp_set_num_threads(1);
    for (const SceneInfo& info : sceneTable())
        for (SolverKind kind :
             {SolverKind::PBD, SolverKind::XPBD, SolverKind::HPBD, SolverKind::MGPBD}) {
            const uint64_t first = run(info, kind, 20), second = run(info, kind, 20);
            EXPECT_EQ(first, second) << info.name << " under " << solverName(kind);
        }
}

TEST(Determinism, HashSeesPositionsVelocitiesAndTopology) {
    World world;
    ASSERT_EQ(loadScene(world, "hanging_cloth", 4), "");
    const uint64_t h = stateHash(world);
    World moved;
    ASSERT_EQ(loadScene(moved, "hanging_cloth", 4), "");
    moved.particles.x[3].x() += 1e-15;
    EXPECT_NE(stateHash(moved), h);
    World faster;
    ASSERT_EQ(loadScene(faster, "hanging_cloth", 4), "");
    faster.particles.v[3].y() = 1e-300;
    EXPECT_NE(stateHash(faster), h);
    World torn;
    ASSERT_EQ(loadScene(torn, "hanging_cloth", 4), "");
    std::swap(torn.triangles[0][0], torn.triangles[0][1]);
    EXPECT_NE(stateHash(torn), h);
}
