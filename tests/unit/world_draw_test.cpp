// The world's draw pass (sim/world/world_draw.h): every collider shape reaches the drawer in
// its current pose, soft bodies show no interior particles or tet edges unless asked,
// chains show their particles, pins and the grab are marked, and the framing bounds cover
// particles, colliders and the ground; every scene has a ground.
#include "sim/world/world_draw.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "sim/collision/collider.h"
#include "sim/scenes/scene_table.h"
#include "sim/topology/triangle_mesh.h"
#include "sim/world/world.h"

using namespace sim;

namespace {

struct CountingDraw : DebugDraw {
    int lines = 0, points = 0, spheres = 0, boxes = 0, capsules = 0, meshes = 0, grounds = 0;
    std::vector<Pose> boxPoses;
    size_t meshTriangles = 0;
    void line(const Vec3&, const Vec3&, DebugColor) override { ++lines; }
    void point(const Vec3&, float, DebugColor) override { ++points; }
    void solidSphere(const Vec3&, Real, DebugColor) override { ++spheres; }
    void solidBox(const Pose& pose, const Vec3&, DebugColor) override {
        ++boxes;
        boxPoses.push_back(pose);
    }
    void solidCapsule(const Pose&, Real, Real, DebugColor) override { ++capsules; }
    void solidMesh(const Pose&, const std::shared_ptr<const TriangleMesh>& mesh,
                   DebugColor) override {
        ++meshes;
        meshTriangles += mesh->triangles.size();
    }
    void ground(const Vec3&) override { ++grounds; }
};

World scene(const std::string& name, int res = 0) {
    World world;
    EXPECT_EQ(loadScene(world, name, {res}), "");
    return world;
}

DrawOptions collidersOnly() {
    DrawOptions o;
    o.pins = o.grab = o.looseParticles = o.solver = false;
    return o;
}

}  // namespace

TEST(WorldDrawSlow, EveryColliderShapeInItsCurrentPose) {
    World barrel = scene("rotating_barrel", 8);
    for (int f = 0; f < 10; ++f) barrel.step();
    CountingDraw d;
    drawWorld(barrel, d, collidersOnly());
    EXPECT_EQ(d.boxes, 14);  // 12 staves and two end plates
    EXPECT_EQ(d.grounds, 1);
    ASSERT_EQ(d.boxPoses.size() + 1, barrel.colliders.size());
    for (size_t k = 0; k < d.boxPoses.size(); ++k) {
        EXPECT_EQ(d.boxPoses[k].position, barrel.colliders[k].center);  // where it has turned to
        EXPECT_EQ(d.boxPoses[k].rotation, barrel.colliders[k].rotation);
    }
    EXPECT_NE(d.boxPoses[0].rotation, Mat3::Identity());

    CountingDraw torus;
    drawWorld(scene("cloth_on_mesh", 8), torus, collidersOnly());
    EXPECT_EQ(torus.meshes, 1);
    EXPECT_EQ(torus.meshTriangles, 32u * 12 * 2);  // the source torus, not a sampled field
    EXPECT_EQ(torus.grounds, 1);

    CountingDraw tear;
    drawWorld(scene("tearable_cloth", 16), tear, collidersOnly());
    EXPECT_EQ(tear.boxes, 1);
    EXPECT_EQ(tear.spheres, 1);

    World shapes;
    shapes.colliders.push_back(Collider::capsule(Vec3(0, 1, 0), 0.1, 0.3));
    shapes.colliders.push_back(Collider::plane(Vec3(0, 0, -1), Vec3(0, 0.5, 1).normalized()));
    CountingDraw c;
    drawWorld(shapes, c, collidersOnly());
    EXPECT_EQ(c.capsules, 1);
    EXPECT_EQ(c.boxes, 1);  // a tilted plane is a finite patch, not the ground
    EXPECT_EQ(c.grounds, 0);
    ASSERT_EQ(c.boxPoses.size(), 1u);
    EXPECT_NEAR((c.boxPoses[0].rotation * Vec3::UnitY() - Vec3(0, 0.5, 1).normalized()).norm(), 0,
                1e-12);
}

TEST(WorldDraw, SoftBodiesShowNoInnerStructureUnlessAsked) {
    World balls = scene("ball_drop", 2);
    CountingDraw plain;
    drawWorld(balls, plain, DrawOptions{});
    EXPECT_EQ(plain.points, 0);  // no interior particles
    EXPECT_EQ(plain.lines, 0);

    // The beam's tets carry six strain rows each (ArapStrainConstraint): its interior
    // particles are tet vertices too, so only its pins are dots.
    World beam = scene("beam", 16);
    CountingDraw beamDots;
    drawWorld(beam, beamDots, DrawOptions{});
    const auto& pinned = beam.particles.pinned;
    EXPECT_EQ(beamDots.points, std::count(pinned.begin(), pinned.end(), 1));
    EXPECT_EQ(beamDots.lines, 0);

    DrawOptions inner;
    inner.tetEdges = inner.particles = true;
    CountingDraw full;
    drawWorld(balls, full, inner);
    EXPECT_EQ(full.points, balls.particles.size());
    EXPECT_GT(full.lines, balls.particles.size());

    // The ball on the cloth: four pins, no hedgehog of tet edges.
    CountingDraw ball;
    drawWorld(scene("softbody_on_cloth", 8), ball, DrawOptions{});
    EXPECT_EQ(ball.points, 4);
    EXPECT_EQ(ball.lines, 0);
}

// Every scene shows a ground under it (issue 54): a person judges heights and falls by it.
TEST(WorldDrawSlow, EverySceneShowsAGround) {
    for (const SceneInfo& info : sceneTable()) {
        CountingDraw d;
        drawWorld(scene(info.name), d, collidersOnly());
        EXPECT_EQ(d.grounds, 1) << info.name;
    }
}

TEST(WorldDraw, ChainsShowTheirParticlesAndPinsAndGrabAreMarked) {
    World chain = scene("pendulum_chain");
    CountingDraw d;
    DrawOptions o;
    o.pins = false;
    drawWorld(chain, d, o);
    EXPECT_EQ(d.points, chain.particles.size());
    EXPECT_EQ(d.lines, static_cast<int>(chain.constraints.distance.size()));

    World cloth = scene("hanging_cloth", 8);
    cloth.beginGrab(80, cloth.particles.x[80]);
    CountingDraw marks;
    DrawOptions m;
    m.colliders = false;
    drawWorld(cloth, marks, m);
    EXPECT_EQ(marks.points, 3);  // two pins and the grabbed particle
    EXPECT_EQ(marks.lines, 1);   // from the grabbed particle to its target
}

TEST(WorldDraw, ContactsOnlyWhenAsked) {
    World cloth = scene("cloth_on_sphere", 8);
    for (int f = 0; f < 90; ++f) cloth.step();
    ASSERT_FALSE(cloth.contacts().colliders.empty());
    CountingDraw plain, asked;
    DrawOptions o = collidersOnly();
    o.colliders = false;
    drawWorld(cloth, plain, o);
    o.contacts = true;
    drawWorld(cloth, asked, o);
    EXPECT_EQ(plain.points, 0);
    EXPECT_EQ(asked.points,
              static_cast<int>(cloth.contacts().colliders.size()));  // a point and its normal each
    EXPECT_EQ(asked.lines, static_cast<int>(cloth.contacts().colliders.size()));
}

TEST(WorldDraw, BoundsCoverParticlesCollidersAndGround) {
    World barrel = scene("rotating_barrel", 8);
    const Bounds b = sceneBounds(barrel);
    // The barrel's staves reach 0.6 + 0.1 m around its axis at y = 0.8; the cloth is inside.
    EXPECT_LT(b.lo.y(), 0.8 - 0.65);
    EXPECT_GT(b.hi.y(), 0.8 + 0.65);
    EXPECT_GT(b.hi.z(), 0.5);
    const Bounds cloth = subjectBounds(barrel);
    EXPECT_GT(cloth.lo.y(), b.lo.y());
    EXPECT_LT(cloth.hi.z(), b.hi.z());

    World hanging = scene("hanging_cloth", 8);
    EXPECT_EQ(sceneBounds(hanging).lo.y(), 0.0);  // down to the ground
    EXPECT_GT(subjectBounds(hanging).lo.y(), 1.0);
}

// The followed subject leaves out pieces under a tenth of the largest (a scrap the ball
// carries off tearable_cloth), but keeps the grabbed particle whatever its piece.
TEST(WorldDraw, SubjectLeavesOutSmallPieces) {
    World hanging = scene("hanging_cloth", 8);
    const Bounds sheet = subjectBounds(hanging);
    const int scrap = hanging.particles.add(Vec3(50, 1, 0), 0.01);
    const Bounds with = subjectBounds(hanging);
    EXPECT_EQ(with.lo, sheet.lo);
    EXPECT_EQ(with.hi, sheet.hi);
    hanging.beginGrab(scrap, hanging.particles.x[scrap]);
    EXPECT_EQ(subjectBounds(hanging).hi.x(), 50);
}
