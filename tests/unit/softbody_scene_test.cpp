// Soft bodies in a world: masses, boundary surface, the soft-body scenes under the
// available solvers, abuse (flattened and inverted bodies), grab and pin.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "sim/scenes/scene_table.h"
#include "sim/scenes/scenes.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/topology/softbody_metrics.h"
#include "sim/world/checks.h"
#include "sim/world/softbody_builder.h"
#include "sim/world/world.h"

using sim::Real;
using sim::Vec3;

namespace {

bool allFinite(const sim::World& w) {
    for (int i = 0; i < w.particles.size(); ++i)
        if (!w.particles.x[i].allFinite() || !w.particles.v[i].allFinite()) return false;
    return true;
}

sim::World cubeWorld(const sim::SoftBodyOptions& options, sim::SoftBodyHandle* handle = nullptr) {
    sim::World w;
    const sim::TetMesh cube = sim::makeBoxTets(Vec3(0, 0.5, 0), Vec3(0.5, 0.5, 0.5), 3, 3, 3);
    EXPECT_EQ(sim::addSoftBody(w, cube, options, handle), "");
    return w;
}

}  // namespace

TEST(SoftbodyWorld, MassIsDensityTimesVolumeAndSurfaceIsAdded) {
    sim::SoftBodyOptions options;
    options.density = 800;
    options.edges = options.volume = options.arap = true;
    sim::SoftBodyHandle h;
    sim::World w = cubeWorld(options, &h);
    EXPECT_NEAR(w.particles.totalMass(), 800 * 0.125, 1e-9);
    EXPECT_NEAR(h.restVolume, 0.125, 1e-12);
    EXPECT_EQ(w.constraints.arap.size(), 27u * 6);  // one norm row per tet (the default form)
    EXPECT_EQ(w.constraints.tetVolume.size(), 27u * 6);
    EXPECT_EQ(h.triangleCount, 6 * 9 * 2);
    EXPECT_EQ(w.triangles.size(), size_t(h.triangleCount));
}

TEST(SoftbodyWorld, BadInputIsRefusedAndWorldUntouched) {
    sim::World w;
    sim::TetMesh bad = sim::makeBoxTets(Vec3::Zero(), Vec3::Ones(), 1, 1, 1);
    bad.tets[2][1] = 99;
    const std::string e = sim::addSoftBody(w, bad, {});
    EXPECT_NE(e.find("tet 2"), std::string::npos) << e;
    EXPECT_EQ(w.particles.size(), 0);
    sim::SoftBodyOptions none;
    none.arap = false;
    EXPECT_NE(sim::addSoftBody(w, sim::makeBoxTets(Vec3::Zero(), Vec3::Ones(), 1, 1, 1), none), "");
}

// A body squashed flat (every vertex at the same height: all tets flat) or mirrored
// (every tet inverted) never produces NaN, under both projection modes and both models.
TEST(SoftbodyWorld, FlattenedAndInvertedBodiesStayFinite) {
    for (sim::SolverKind kind : {sim::SolverKind::PBD, sim::SolverKind::XPBD})
        for (int model = 0; model < 2; ++model)
            for (int abuse = 0; abuse < 2; ++abuse) {
                sim::SoftBodyOptions options;
                options.arap = model == 0;
                options.volume = model == 1;
                options.edges = model == 1;
                sim::World w = cubeWorld(options);
                for (Vec3& x : w.particles.x) {
                    if (abuse == 0)
                        x.y() = 0.5;
                    else
                        x.x() = -x.x();
                }
                w.settings.arap = sim::Material{1.0, 1e-6};
                w.setSolver(kind);
                w.settings.gravity = Vec3::Zero();
                for (int f = 0; f < 60; ++f) w.step();
                ASSERT_TRUE(allFinite(w))
                    << sim::solverName(kind) << " model " << model << " abuse " << abuse;
            }
}

TEST(SoftbodyWorld, SquashedCubeRecoversItsVolumeUnderXpbdArap) {
    sim::SoftBodyOptions options;
    sim::World w = cubeWorld(options);
    const sim::TetMesh rest = sim::makeBoxTets(Vec3(0, 0.5, 0), Vec3(0.5, 0.5, 0.5), 3, 3, 3);
    for (Vec3& x : w.particles.x) x.y() = 0.5 + 0.1 * (x.y() - 0.5);
    w.settings.gravity = Vec3::Zero();
    w.settings.arap = sim::Material{1.0, 1e-6};
    w.settings.frameDt = 0.01;
    w.settings.iterations = 20;
    w.setSolver(sim::SolverKind::XPBD);
    const sim::SoftBodyShape before = sim::measureSoftBody(rest, w.particles.x);
    EXPECT_NEAR(before.volumeRatio, 0.1, 1e-9);
    for (int f = 0; f < 100; ++f) w.step();
    const sim::SoftBodyShape after = sim::measureSoftBody(rest, w.particles.x);
    EXPECT_GT(after.volumeRatio, 0.9);
    EXPECT_LT(after.shapeError, 0.5 * before.shapeError);
}

TEST(SoftbodyWorld, ShapeErrorIgnoresRigidMotion) {
    const sim::TetMesh rest = sim::makeBoxTets(Vec3::Zero(), Vec3(2, 1, 1), 4, 2, 2);
    const sim::Mat3 R = Eigen::AngleAxisd(0.9, Vec3(1, 1, 0).normalized()).toRotationMatrix();
    std::vector<Vec3> moved;
    for (const Vec3& x : rest.vertices) moved.push_back(R * x + Vec3(5, 1, -2));
    const sim::SoftBodyShape s = sim::measureSoftBody(rest, moved);
    EXPECT_NEAR(s.volumeRatio, 1.0, 1e-12);
    EXPECT_NEAR(s.shapeError, 0.0, 1e-12);
}

TEST(SoftbodyWorld, GrabAndPinWorkOnSoftBodies) {
    sim::World w = cubeWorld({});
    w.settings.gravity = Vec3::Zero();
    const int i = w.triangles[0][0];
    const Vec3 target = w.particles.x[i] + Vec3(0, 0.2, 0);
    w.beginGrab(i, target);
    for (int f = 0; f < 10; ++f) w.step();
    EXPECT_LT((w.particles.x[i] - target).norm(), 1e-9);
    w.endGrab();
    const int j = w.triangles[1][1];
    w.pin(j, true);
    w.settings.gravity = Vec3(0, -9.81, 0);
    const Vec3 before = w.particles.x[j];
    for (int f = 0; f < 10; ++f) w.step();
    EXPECT_EQ(w.particles.x[j], before);
}

// Every soft-body scene loads (tetgen included) and runs finite under PBD and XPBD.
TEST(SoftbodyScenes, RunFiniteUnderAvailableSolvers) {
    const std::pair<const char*, int> scenes[] = {{"bunny_squash", 8},
                                                  {"beam", 8},
                                                  {"bar_twist", 10},
                                                  {"ball_drop", 2},
                                                  {"softbody_on_cloth", 16}};
    for (const auto& [name, res] : scenes)
        for (sim::SolverKind kind : {sim::SolverKind::PBD, sim::SolverKind::XPBD,
                                     sim::SolverKind::HPBD, sim::SolverKind::MGPBD}) {
            sim::World w;
            ASSERT_EQ(sim::loadScene(w, name, res), "") << name;
            w.setSolver(kind);
            w.settings.iterations = std::min(w.settings.iterations, 10);
            w.settings.block<sim::MgpbdSettings>().maxIterations = 2;
            w.settings.block<sim::MgpbdSettings>().system.pcgMaxIterations = 20;
            for (int f = 0; f < 15; ++f) w.step();
            EXPECT_TRUE(allFinite(w)) << name << " " << sim::solverName(kind);
            EXPECT_FALSE(w.triangles.empty()) << name;
        }
}

TEST(SoftbodyScenes, BeamKeepsItsPinnedEndAndBallRestsOnCloth) {
    sim::World beam;
    ASSERT_EQ(sim::loadScene(beam, "beam"), "");
    std::vector<int> pinned;
    for (int i = 0; i < beam.particles.size(); ++i)
        if (beam.particles.pinned[i]) pinned.push_back(i);
    ASSERT_EQ(pinned.size(), 9u);  // (2+1) x (2+1) at x = 0
    std::vector<Vec3> start;
    for (int i : pinned) start.push_back(beam.particles.x[i]);
    for (int f = 0; f < 20; ++f) beam.step();
    for (size_t k = 0; k < pinned.size(); ++k) EXPECT_EQ(beam.particles.x[pinned[k]], start[k]);

    sim::World w;
    ASSERT_EQ(sim::loadScene(w, "softbody_on_cloth", 16), "");
    bool touched = false;
    for (int f = 0; f < 90; ++f) {  // 1.5 s: the ball has landed
        w.step();
        touched = touched || !w.contacts().self.empty();
    }
    Real lowestBall = 1e9;
    const int clothCount = 17 * 17;
    for (int i = clothCount; i < w.particles.size(); ++i)
        lowestBall = std::min(lowestBall, w.particles.x[i].y());
    EXPECT_GT(lowestBall, 0.3) << "the ball fell through the cloth";
    // Held by the contacts between pieces (Settings::bodyContacts).
    EXPECT_TRUE(touched);
}

// Issue 18: the ball meets the cloth through the vertex-triangle contacts between pieces
// alone, under every solver: no vertex crosses a triangle (resolution 16; the default
// resolution, 600 frames, is cli.softbody_on_cloth_600_frames_crossings). Under the scene's
// XPBD the ball comes to rest in the cloth; under HPBD's stiffer sheet it bounces off and
// rolls away (seen in the window), so there only the landing is checked. Contacts are not
// topology: MGPBD keeps its setup while they change.
TEST(SoftbodyScenesSlow, BodyContactsHoldTheBallOnTheClothUnderEverySolver) {
    omp_set_num_threads(1);
    for (sim::SolverKind kind : {sim::SolverKind::PBD, sim::SolverKind::XPBD, sim::SolverKind::HPBD,
                                 sim::SolverKind::MGPBD}) {
        SCOPED_TRACE(sim::solverName(kind));
        sim::World w;
        ASSERT_EQ(sim::loadScene(w, "softbody_on_cloth", 16), "");
        w.setSolver(kind);
        const uint64_t version = w.topologyVersion();
        sim::CrossingMonitor crossings;
        crossings.update(w);
        int total = 0, framesWithContacts = 0;
        for (int f = 0; f < 300; ++f) {  // lands at about frame 20, bounces, settles
            w.step();
            total += crossings.update(w);
            framesWithContacts += !w.contacts().self.empty();
        }
        EXPECT_EQ(total, 0);
        EXPECT_GT(framesWithContacts, 20) << "the ball should land on the cloth";
        EXPECT_EQ(w.topologyVersion(), version);
        Real lowestBall = 1e9;
        for (int i = 17 * 17; i < w.particles.size(); ++i)
            lowestBall = std::min(lowestBall, w.particles.x[i].y());
        if (kind == sim::SolverKind::XPBD) {
            EXPECT_GT(framesWithContacts, 200) << "the ball should rest on the cloth";
            EXPECT_GT(lowestBall, 0.3) << "the ball fell through the cloth";
        }
        EXPECT_TRUE(allFinite(w));
        std::printf("%s: contact frames %d, lowest ball vertex %.3f m\n", sim::solverName(kind),
                    framesWithContacts, lowestBall);
    }
}
