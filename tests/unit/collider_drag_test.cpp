// Moving colliders with the mouse (issue 17): a ray picks the nearest collider, and a box
// dragged quickly (6 m/s, its own thickness per frame) through a hanging curtain pushes the
// cloth ahead of it — no particle inside the box, none crossing through it — because the drag
// gives the collider its velocity. The same move as a teleport (no velocity) lets the cloth
// through: the check can fail. Data-driven motion moves colliders by time.
#include "sim/collision/collider_drag.h"

#include <gtest/gtest.h>
#include <omp.h>

#include "sim/world/cloth_builder.h"
#include "sim/world/world.h"

using namespace sim;

namespace {

constexpr Real kHalfDepth = 0.05;
const Vec3 kStart(0, 1.0, -0.3);

// A 1 m curtain in the plane z = 0, top edge pinned at y = 1.5, and a box in front of it.
World curtainAndBox() {
    World w;
    GridSpec grid;
    grid.cols = grid.rows = 20;
    grid.origin = Vec3(-0.5, 1.5, 0);
    grid.vAxis = -Vec3::UnitY();
    EXPECT_EQ(addCloth(w, makeGridMesh(grid), ClothOptions{}), "");
    for (int c = 0; c <= grid.cols; ++c) w.pin(gridIndex(grid, 0, c), true);
    w.colliders.push_back(Collider::box(kStart, Vec3(0.2, 0.2, kHalfDepth)));
    return w;
}

struct Outcome {
    int inside = 0;     // particle-frames found inside the box
    int crossings = 0;  // particles seen in front of the box, then behind it, within its outline
    Real pushed = 0;    // how far the cloth was pushed along +z [m]
};

// Moves the box 0.1 m a frame (6 m/s, its own thickness a frame) along +z, by dragging it or
// by teleporting it, and watches every particle within the box's outline (x, y): one that is
// in front of the box (+z) one frame and behind it the next went through it.
Outcome sweep(bool drag, int frames, int substeps) {
    omp_set_num_threads(1);
    World w = curtainAndBox();
    w.settings.substeps = substeps;
    for (int f = 0; f < 10; ++f) w.step();  // settle
    Outcome out;
    const Vec3 picked = kStart - Vec3(0, 0, kHalfDepth);  // a point on its front face
    if (drag) w.beginColliderDrag(0, picked);
    std::vector<int> side(w.particles.size(), 0);
    for (int f = 1; f <= frames; ++f) {
        if (drag)
            w.moveColliderDrag(picked + Vec3(0, 0, 0.1 * f));
        else
            w.colliders[0].center = kStart + Vec3(0, 0, 0.1 * f);
        w.step();
        const Collider& box = w.colliders[0];
        for (int i = 0; i < w.particles.size(); ++i) {
            const Vec3& x = w.particles.x[i];
            if (signedDistance(box, x, 0) < -1e-6) ++out.inside;
            const Vec3 q = x - box.center;
            if (std::abs(q.x()) >= box.halfExtents.x() || std::abs(q.y()) >= box.halfExtents.y()) {
                side[i] = 0;
                continue;
            }
            const int now = q.z() > 0 ? 1 : -1;
            if (side[i] == 1 && now == -1) ++out.crossings;
            side[i] = now;
        }
    }
    if (drag) w.endColliderDrag();
    EXPECT_NEAR(w.colliders[0].center.z(), kStart.z() + 0.1 * frames, 1e-12);
    for (const Vec3& x : w.particles.x) out.pushed = std::max(out.pushed, x.z());
    return out;
}

}  // namespace

TEST(ColliderDrag, PickFindsTheNearestColliderAlongTheRay) {
    std::vector<Collider> c = {Collider::plane(Vec3::Zero(), Vec3::UnitY()),
                               Collider::box(Vec3(0, 1, 0), Vec3(0.2, 0.2, 0.2)),
                               Collider::sphere(Vec3(0, 1, 2), 0.3),
                               Collider::capsule(Vec3(3, 1, 0), 0.1, 0.5)};
    const Ray ray{Vec3(0, 1, -5), Vec3(0, 0, 2)};  // not unit: t in its units
    auto hit = pickCollider(c, ray);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->collider, 1);
    EXPECT_NEAR(hit->point.z(), -0.2, 1e-9);
    EXPECT_NEAR(hit->t, 2.4, 1e-9);
    hit = pickCollider(c, Ray{Vec3(0, 1, 5), Vec3(0, 0, -1)});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->collider, 2);
    EXPECT_NEAR(hit->point.z(), 2.3, 1e-9);
    hit = pickCollider(c, Ray{Vec3(3, 1, -5), Vec3(0, 0, 1)});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->collider, 3);
    EXPECT_NEAR(hit->point.z(), -0.1, 1e-5);
    hit = pickCollider(c, Ray{Vec3(1, 5, 0), Vec3(0, -1, 0)});
    EXPECT_FALSE(hit) << "the ground is left out unless asked for";
    hit = pickCollider(c, Ray{Vec3(1, 5, 0), Vec3(0, -1, 0)}, true);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->collider, 0);
    EXPECT_FALSE(pickCollider(c, Ray{Vec3(0, 1, -5), Vec3(0, 1, 0)}));
    Collider rotated = Collider::box(Vec3::Zero(), Vec3(1, 0.1, 0.1),
                                     Eigen::AngleAxisd(M_PI / 2, Vec3::UnitZ()).toRotationMatrix());
    ASSERT_TRUE(
        intersectCollider(rotated, Ray{Vec3(0, 0.5, -5), Vec3(0, 0, 1)}));  // long side along y
    EXPECT_FALSE(intersectCollider(rotated, Ray{Vec3(0.5, 0, -5), Vec3(0, 0, 1)}));
}

TEST(ColliderDrag, FastDraggedBoxPushesTheCurtainAndDoesNotTunnel) {
    // One substep (the default): the box crosses the cloth's plane and pushes it 0.3 m on.
    const Outcome dragged = sweep(true, 6, 1);
    EXPECT_EQ(dragged.inside, 0);
    EXPECT_EQ(dragged.crossings, 0);
    EXPECT_GT(dragged.pushed, 0.3);
    // The same motion without velocity (a teleport each frame) goes through the cloth: the
    // checks above can fail.
    const Outcome teleported = sweep(false, 6, 1);
    EXPECT_GT(teleported.crossings, 10);
    EXPECT_LT(teleported.pushed, 0.2);
}

TEST(ColliderDrag, FourSubstepsPushTheCurtainHalfAMetre) {
    // Pushed further, the stretched cloth pulls back hard; with one substep it is pulled
    // through the 0.1 m box from about 0.4 m on (measured), with four it holds to 0.5 m.
    const Outcome dragged = sweep(true, 8, 4);
    EXPECT_EQ(dragged.inside, 0);
    EXPECT_EQ(dragged.crossings, 0);
    EXPECT_GT(dragged.pushed, 0.5);
    EXPECT_GT(sweep(false, 8, 4).crossings, 10);
}

TEST(ColliderDrag, DragSetsVelocityAndReleaseStops) {
    World w = curtainAndBox();
    w.beginColliderDrag(0, kStart);
    w.moveColliderDrag(kStart + Vec3(0.06, 0, 0));
    w.settings.substeps = 3;
    w.step();
    EXPECT_NEAR((w.colliders[0].velocity - Vec3(0.06 * 60, 0, 0)).norm(), 0, 1e-9);
    EXPECT_NEAR((w.colliders[0].center - kStart - Vec3(0.06, 0, 0)).norm(), 0, 1e-12);
    w.step();  // the target did not move: no velocity
    EXPECT_NEAR(w.colliders[0].velocity.norm(), 0, 1e-12);
    w.endColliderDrag();
    EXPECT_FALSE(w.colliderDrag());
    w.step();
    EXPECT_NEAR((w.colliders[0].center - kStart - Vec3(0.06, 0, 0)).norm(), 0, 1e-12);
}

TEST(ColliderMotion, LinearAndRotationFollowTime) {
    World w;
    Collider box = Collider::box(Vec3(1, 0, 0), Vec3::Constant(0.1));
    box.motion = ColliderMotion::linear(box, Vec3(0, 0, 2));
    Collider turning = Collider::box(Vec3(1, 0, 0), Vec3::Constant(0.1));
    turning.motion = ColliderMotion::rotation(turning, Vec3::UnitY(), M_PI, Vec3::Zero());
    w.colliders = {box, turning};
    w.settings.substeps = 4;
    for (int f = 0; f < 30; ++f) w.step();  // 0.5 s
    EXPECT_NEAR((w.colliders[0].center - Vec3(1, 0, 1)).norm(), 0, 1e-12);
    EXPECT_NEAR((w.colliders[0].velocity - Vec3(0, 0, 2)).norm(), 0, 1e-12);
    // Half a turn a second about y through the origin: a quarter turn in 0.5 s.
    EXPECT_NEAR((w.colliders[1].center - Vec3(0, 0, -1)).norm(), 0, 1e-9);
    EXPECT_NEAR((w.colliders[1].angularVelocity - Vec3(0, M_PI, 0)).norm(), 0, 1e-12);
    EXPECT_NEAR(w.colliders[1].velocity.norm(), M_PI, 1e-9);
    // Dragging a moving collider shifts its motion: it carries on from where it was put.
    w.beginColliderDrag(0, w.colliders[0].center);
    w.moveColliderDrag(w.colliders[0].center + Vec3(0, 1, 0));
    w.step();
    w.endColliderDrag();
    w.step();
    EXPECT_NEAR(w.colliders[0].center.y(), 1.0, 1e-12);
    EXPECT_NEAR(w.colliders[0].center.z(), 1 + 2 * 2.0 / 60, 1e-9);
}
