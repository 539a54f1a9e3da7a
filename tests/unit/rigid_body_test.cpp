// Rigid bodies (sim/rigid): mass properties, the generalized inverse mass, the coupling
// constraints' gradients, momentum conservation of particle <-> body contacts on every
// solver, and a stack of three boxes resting without drift.
#include "sim/rigid/rigid_body.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "sim/collision/sdf.h"
#include "sim/collision/self_collision.h"
#include "sim/contact/body_triangle.h"
#include "sim/contact/collision_stage.h"
#include "sim/contact/particle_coupling.h"
#include "sim/io/state_file.h"
#include "sim/scenes/scene_table.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/world/cloth_builder.h"
#include "sim/world/state_hash.h"
#include "sim/world/world.h"
#include "tests/unit/random_draws.h"

using namespace sim;

namespace {

Quat randomRotation(std::mt19937& rng) {
    std::normal_distribution<Real> n(0, 1);
    return drawQuat(n, rng).normalized();
}

// Mass and inertia by summing grid cells inside the body's collider.
void integrate(const RigidBody& body, Real density, Real& mass, Vec3& inertia) {
    const Collider c = body.makeCollider();
    const Real extent =
        body.shape == RigidShape::Box ? body.halfExtents.maxCoeff() : body.radius + body.halfHeight;
    const int n = 120;
    const Real h = 2 * extent / n, dV = h * h * h;
    mass = 0;
    inertia.setZero();
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            for (int k = 0; k < n; ++k) {
                const Vec3 r = Vec3(i + 0.5, j + 0.5, k + 0.5) * h - Vec3::Constant(extent);
                if (signedDistance(c, body.x + r, 0.0) >= 0) continue;
                mass += density * dV;
                inertia += density * dV *
                           Vec3(r.y() * r.y() + r.z() * r.z(), r.x() * r.x() + r.z() * r.z(),
                                r.x() * r.x() + r.y() * r.y());
            }
}

Vec3 totalMomentum(const World& w) {
    Vec3 sum = w.rigid.linearMomentum();
    for (int i = 0; i < w.particles.size(); ++i) sum += w.particles.m[i] * w.particles.v[i];
    return sum;
}

}  // namespace

TEST(RigidBody, MassAndInertiaMatchIntegrationOverTheShape) {
    const Real density = 300;
    for (const RigidBody& body : {RigidBody::box(Vec3::Zero(), Vec3(0.1, 0.2, 0.3), density),
                                  RigidBody::sphere(Vec3::Zero(), 0.25, density),
                                  RigidBody::capsule(Vec3::Zero(), 0.1, 0.2, density)}) {
        Real mass;
        Vec3 inertia;
        integrate(body, density, mass, inertia);
        EXPECT_NEAR(body.mass, mass, 0.01 * mass);
        for (int k = 0; k < 3; ++k)
            EXPECT_NEAR(1 / body.invInertia[k], inertia[k], 0.02 * inertia[k]);
    }
}

// w = 1/m + (r x n)^T I^-1 (r x n) is how far a unit correction along n at lever r moves
// that point along n (to first order).
TEST(RigidBody, GeneralizedInverseMassIsThePointsResponse) {
    std::mt19937 rng(3);
    for (int trial = 0; trial < 20; ++trial) {
        RigidBody b = RigidBody::box(randomVec(rng), Vec3(0.1, 0.25, 0.4), 700);
        b.q = randomRotation(rng);
        const Vec3 point = b.x + randomVec(rng, 0.5);
        const Vec3 n = randomVec(rng).normalized();
        const Vec3 local = b.localPoint(point);
        const Real eps = 1e-7;
        const Real w = b.inverseMass(point - b.x, n);
        b.applyCorrection(eps * n, point - b.x);
        const Real moved = (b.worldPoint(local) - point).dot(n) / eps;
        EXPECT_NEAR(moved, w, 1e-5 * w);
    }
}

// C = (p - q) . n of a particle against a body point: grad_p = n, translation -n, rotation
// -(r x n) (the point q turns with the body about x).
TEST(RigidBody, ContactGradientsMatchFiniteDifferences) {
    std::mt19937 rng(5);
    for (int trial = 0; trial < 20; ++trial) {
        const Vec3 x = randomVec(rng), p = randomVec(rng), q = randomVec(rng);
        const Vec3 n = randomVec(rng).normalized();
        Vec3 g[3];
        evaluateBodyContact(p, q, n, x, g);
        const Real h = 1e-6;
        for (int d = 0; d < 3; ++d) {
            const Vec3 e = Vec3::Unit(d);
            Vec3 unused[3];
            const Real dp = (evaluateBodyContact(p + h * e, q, n, x, unused) -
                             evaluateBodyContact(p - h * e, q, n, x, unused)) /
                            (2 * h);
            const Real dx = (evaluateBodyContact(p, q + h * e, n, x + h * e, unused) -
                             evaluateBodyContact(p, q - h * e, n, x - h * e, unused)) /
                            (2 * h);
            const Mat3 Rp = Eigen::AngleAxisd(h, e).toRotationMatrix();
            const Mat3 Rm = Eigen::AngleAxisd(-h, e).toRotationMatrix();
            const Real dtheta = (evaluateBodyContact(p, x + Rp * (q - x), n, x, unused) -
                                 evaluateBodyContact(p, x + Rm * (q - x), n, x, unused)) /
                                (2 * h);
            EXPECT_NEAR(g[0][d], dp, 1e-8);
            EXPECT_NEAR(g[1][d], dx, 1e-8);
            EXPECT_NEAR(g[2][d], dtheta, 1e-8);
        }
    }
}

// C = s (f - p1) . n - g with n held fixed: grad_f = s n, and the triangle's gradients
// -s b_k n sum to what moving the whole triangle does, -s n.
TEST(RigidBody, FeatureTriangleGradients) {
    std::mt19937 rng(9);
    for (int trial = 0; trial < 20; ++trial) {
        const Vec3 a = randomVec(rng), b = randomVec(rng), c = randomVec(rng), f = randomVec(rng);
        const Real side = trial % 2 ? 1.0 : -1.0;
        Vec3 n;
        Real bary[3];
        const Real C = evaluateSelfContact(f, a, b, c, side, 0.01, &n, bary);
        const Real h = 1e-6;
        for (int d = 0; d < 3; ++d) {
            const Vec3 e = h * Vec3::Unit(d);
            Vec3 m;
            Real bb[3];
            const Real df = (evaluateSelfContact(f + e, a, b, c, side, 0.01, &m, bb) -
                             evaluateSelfContact(f - e, a, b, c, side, 0.01, &m, bb)) /
                            (2 * h);
            const Real dt = (evaluateSelfContact(f, a + e, b + e, c + e, side, 0.01, &m, bb) -
                             evaluateSelfContact(f, a - e, b - e, c - e, side, 0.01, &m, bb)) /
                            (2 * h);
            EXPECT_NEAR(df, side * n[d], 1e-7);
            EXPECT_NEAR(dt, -side * (bary[0] + bary[1] + bary[2]) * n[d], 1e-7);
        }
        EXPECT_NEAR(C, side * (f - a).dot(n) - 0.01, 1e-12);
    }
}

TEST(RigidBody, FreeFlightFollowsGravityAndKeepsItsSpin) {
    World w;
    RigidBody b = RigidBody::box(Vec3(0, 5, 0), Vec3(0.1, 0.2, 0.3), 500);
    b.v = Vec3(1, 2, 0);
    b.omega = Vec3(0, 3, 0);  // about a principal axis: stays constant
    w.rigid.add(b, w.colliders);
    for (int f = 0; f < 60; ++f) w.step();
    const RigidBody& r = w.rigid.bodies[0];
    // Symplectic Euler: x_n = x_0 + n dt v_0 + n(n+1)/2 dt^2 g.
    const Real dt = w.settings.frameDt, n = 60;
    const Vec3 expected =
        Vec3(0, 5, 0) + n * dt * Vec3(1, 2, 0) + n * (n + 1) / 2 * dt * dt * w.settings.gravity;
    EXPECT_LT((r.x - expected).norm(), 1e-9);
    EXPECT_LT((r.omega - Vec3(0, 3, 0)).norm(), 1e-9);
    EXPECT_NEAR(Eigen::AngleAxisd(r.q).angle(), std::fmod(3.0 * n * dt, 2 * M_PI), 1e-6);
    EXPECT_EQ(w.colliders[r.collider].center, r.x);  // the body drives its collider
}

namespace {

// Must-show: gravity off, no pins, a box thrown into a free cloth: the total linear momentum
// of cloth + box stays what it was.
void expectMomentumConserved(SolverKind kind) {
    World w;
    GridSpec grid;
    grid.cols = grid.rows = 12;
    grid.width = grid.height = 1.0;
    grid.origin = Vec3(-0.5, 0.0, -0.5);
    ASSERT_EQ(addCloth(w, makeGridMesh(grid), ClothOptions{}), "");
    RigidBody box = RigidBody::box(Vec3(0.05, 0.4, 0.02), Vec3(0.15, 0.1, 0.12), 100);
    box.v = Vec3(0.3, -3.0, 0.1);
    box.omega = Vec3(1.0, 0.5, -2.0);
    w.rigid.add(box, w.colliders);
    w.settings.gravity = Vec3::Zero();
    w.settings.block<sim::MgpbdSettings>().maxIterations = 5;
    w.setSolver(kind);
    const Vec3 start = totalMomentum(w);
    Real worst = 0, clothMomentum = 0;
    for (int f = 0; f < 60; ++f) {
        w.step();
        worst = std::max(worst, (totalMomentum(w) - start).norm());
        clothMomentum =
            std::max(clothMomentum, (totalMomentum(w) - w.rigid.linearMomentum()).norm());
    }
    std::printf("%s: |P - P0| at most %.3g kg m/s (P0 = %.3g), cloth up to %.3g\n",
                solverName(kind), worst, start.norm(), clothMomentum);
    EXPECT_LT(worst, 1e-9) << solverName(kind);
    // It did hit the cloth: the cloth carries a good part of the box's momentum.
    EXPECT_GT(clothMomentum, 0.1 * start.norm()) << solverName(kind);
}

}  // namespace

TEST(RigidCoupling, FreeSpaceCollisionConservesLinearMomentum) {
    // MGPBD lost 0.094 of 4.34 kg m/s while its local sweeps projected the contacts (moving
    // the box) and a rejected sweep then put only the particles back; a rejected sweep now
    // restores the bodies' poses too (2.9e-13).
    for (SolverKind kind : {SolverKind::PBD, SolverKind::XPBD, SolverKind::HPBD, SolverKind::MGPBD})
        expectMomentumConserved(kind);
}

// A particle the solve left inside a body with no contact with it (tearable_cloth: a light
// particle split off by a tear and dragged into the thrown ball by its neighbours, 2 particles
// 2 cm deep at res 27) is pushed out to the inflated surface after the solve, two-way: the
// body takes its share and the momentum of the pair is unchanged. An attached particle,
// which sits on the body's surface, is left alone.
TEST(RigidCoupling, AParticleLeftInsideABodyIsPushedOutTwoWay) {
    World w;
    w.rigid.add(RigidBody::sphere(Vec3(0, 1, 0), 0.2, 100), w.colliders);
    const int inside = w.particles.add(Vec3(0.05, 1.1, 0.02), 0.5);
    const int held = w.particles.add(Vec3(0, 1.2, 0), 0.01);
    w.rigid.attach(w.particles, held, 0, w.particles.x[held]);
    const Vec3 heldBefore = w.particles.p[held];
    const RigidBody& body = w.rigid.bodies[0];
    const Vec3 bodyBefore = body.x;
    const Vec3 insideBefore = w.particles.p[inside];
    const Real h = w.settings.collisionThickness;
    ASSERT_LT(signedDistance(w.colliders[0], insideBefore, h), -0.05);

    resolveRemainingBodyPenetrations(w.context());

    EXPECT_GT(signedDistance(w.colliders[0], w.particles.p[inside], h), -1e-9);
    EXPECT_EQ(w.contacts().bodies.size(), 1u);
    EXPECT_EQ(w.particles.p[held], heldBefore);
    EXPECT_GT((body.x - bodyBefore).norm(), 1e-4) << "the body took no share";
    const Vec3 change = w.particles.m[inside] * (w.particles.p[inside] - insideBefore) +
                        body.mass * (body.x - bodyBefore);
    EXPECT_LT(change.norm(), 1e-12);
}

// Must-show: three boxes, each turned against the one below (the middle one by 45 degrees,
// so each box's corners stick out past the other's face), rest on the ground for 600 frames
// without drifting in position or rotation.
TEST(RigidStack, ThreeBoxesRestWithoutDrift) {
    World w;
    w.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    const Real h = 0.15;
    const Real yaw[3] = {0.0, 0.785, 0.3};
    for (int k = 0; k < 3; ++k) {
        RigidBody b = RigidBody::box(Vec3(0.01 * k, h * (2 * k + 1), 0), Vec3::Constant(h), 200);
        b.q = b.qPrev = Quat(Eigen::AngleAxisd(yaw[k], Vec3::UnitY()));
        w.rigid.add(b, w.colliders);
    }
    std::vector<Vec3> start, x0;
    std::vector<Quat> q0;
    for (const RigidBody& b : w.rigid.bodies) start.push_back(b.x);
    // The first frames settle the stack onto its contacts (the Gauss-Seidel passes of the
    // first substep leave ~0.1 mm); after that nothing may move.
    for (int f = 0; f < 60; ++f) w.step();
    for (size_t k = 0; k < start.size(); ++k)
        EXPECT_LT((w.rigid.bodies[k].x - start[k]).norm(), 1e-3);
    for (const RigidBody& b : w.rigid.bodies) x0.push_back(b.x), q0.push_back(b.q);
    Real drift = 0, turn = 0;
    for (int f = 0; f < 600; ++f) {
        w.step();
        for (size_t k = 0; k < x0.size(); ++k) {
            drift = std::max(drift, (w.rigid.bodies[k].x - x0[k]).norm());
            turn = std::max(turn, w.rigid.bodies[k].q.angularDistance(q0[k]));
        }
    }
    std::printf("three-box stack, frames 60-660: drift %.3g m, turn %.3g rad\n", drift, turn);
    // Resting heights and no penetration: each box h above the one below (faces touching,
    // yaw only), the lowest on the ground.
    const auto& B = w.rigid.bodies;
    EXPECT_NEAR(B[0].x.y(), h, 1e-3);
    for (int k = 0; k < 3; ++k) {
        EXPECT_LT(std::abs(B[k].q.toRotationMatrix()(1, 1) - 1), 1e-6);  // still upright
        if (k == 0) continue;
        EXPECT_NEAR(B[k].x.y() - B[k - 1].x.y(), 2 * h, 1e-3);
        EXPECT_GT(B[k].x.y() - B[k - 1].x.y(), 2 * h - 2e-4);  // no overlap
    }
    EXPECT_GT(B[0].x.y(), h - 2e-4);       // not in the ground
    EXPECT_NEAR(B[2].x.y(), 5 * h, 2e-3);  // the stack's height
    EXPECT_LT(drift, 1e-5);                // [m] over 600 frames
    EXPECT_LT(turn, 1e-4);                 // [rad]
    for (const RigidBody& b : w.rigid.bodies) EXPECT_LT(b.v.norm(), 1e-4);
}

// PBD §4.2: particles attached to a body follow it and pull on it. A box hangs from the
// bottom edge of a cloth pinned along its top edge: it neither falls nor leaves its
// particles behind.
TEST(RigidCoupling, AttachedParticlesHoldTheBody) {
    World w;
    GridSpec grid;
    grid.cols = grid.rows = 8;
    grid.width = grid.height = 0.8;
    grid.origin = Vec3(-0.4, 2.0, 0.0);
    grid.uAxis = Vec3::UnitX();
    grid.vAxis = -Vec3::UnitY();
    ASSERT_EQ(addCloth(w, makeGridMesh(grid), ClothOptions{}), "");
    for (int c = 0; c <= grid.cols; ++c) w.particles.setPinned(gridIndex(grid, 0, c), true);
    const int box =
        w.rigid.add(RigidBody::box(Vec3(0, 1.1, 0), Vec3(0.2, 0.1, 0.1), 20), w.colliders);
    std::vector<int> held;
    for (int c = 0; c <= grid.cols; ++c) {
        const int i = gridIndex(grid, grid.rows, c);
        if (std::abs(w.particles.x[i].x()) <= 0.2 + 1e-9) {
            w.rigid.attach(w.particles, i, box, w.particles.x[i]);
            held.push_back(i);
        }
    }
    ASSERT_EQ(held.size(), 5u);
    w.settings.substeps = 4;
    for (int f = 0; f < 300; ++f) w.step();
    const RigidBody& b = w.rigid.bodies[box];
    EXPECT_GT(b.x.y(), 0.8);  // held: free fall would put it 120 m down
    EXPECT_LT(b.v.norm(), 0.05);
    for (const BodyAttachment& a : w.rigid.attachments)
        EXPECT_LT((w.particles.x[a.particle] - b.worldPoint(a.local)).norm(), 2e-3);
}

// PBD §4.2: a body smaller than the cloth's triangles does not fall through between the
// vertices; its centre is kept off the triangles (body_triangle.h).
TEST(RigidCoupling, SmallBodyDoesNotFallThroughLargeTriangles) {
    for (bool sphere : {true, false}) {
        World w;
        GridSpec grid;
        grid.cols = grid.rows = 4;
        grid.width = grid.height = 1.0;  // 0.25 m quads
        grid.origin = Vec3(-0.5, 1.0, -0.5);
        ASSERT_EQ(addCloth(w, makeGridMesh(grid), ClothOptions{}), "");
        for (int r : {0, grid.rows})
            for (int c : {0, grid.cols}) w.particles.setPinned(gridIndex(grid, r, c), true);
        const Vec3 start(0.07, 1.4, 0.11);
        w.rigid.add(sphere ? RigidBody::sphere(start, 0.05, 100)
                           : RigidBody::box(start, Vec3(0.04, 0.04, 0.04), 100),
                    w.colliders);
        w.settings.substeps = 2;
        Real lowestCloth = 1e9;
        for (int f = 0; f < 180; ++f) w.step();
        for (const Vec3& x : w.particles.x) lowestCloth = std::min(lowestCloth, x.y());
        EXPECT_GT(w.rigid.bodies[0].x.y(), lowestCloth) << (sphere ? "sphere" : "box");
        std::printf("%s on 0.25 m quads: centre %.3f m, lowest cloth %.3f m, speed %.3f m/s\n",
                    sphere ? "sphere" : "box", w.rigid.bodies[0].x.y(), lowestCloth,
                    w.rigid.bodies[0].v.norm());
        if (!sphere) {
            EXPECT_LT(w.rigid.bodies[0].v.norm(), 0.1);  // (the ball may still roll)
        }
    }
}

// collider_drag.h: a rigid body dragged by the mouse follows the drag as a kinematic body
// (it pushes the cloth, the cloth does not push it back) and keeps the drag's velocity when
// released.
TEST(RigidCoupling, DraggedBodyFollowsTheMouseAndKeepsItsThrow) {
    World w;
    w.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    const int box =
        w.rigid.add(RigidBody::box(Vec3(0, 0.1, 0), Vec3::Constant(0.1), 200), w.colliders);
    for (int f = 0; f < 10; ++f) w.step();  // resting on the ground
    const int collider = w.rigid.bodies[box].collider;
    const Vec3 picked = w.rigid.bodies[box].x + Vec3(0, 0.1, 0);
    w.beginColliderDrag(collider, picked);
    const Vec3 perFrame(0.02, 0.03, 0);  // up and sideways: 1.2 m/s, 1.8 m/s at 60 Hz
    for (int f = 1; f <= 20; ++f) {
        w.moveColliderDrag(picked + Real(f) * perFrame);
        w.step();
    }
    const RigidBody& b = w.rigid.bodies[box];
    EXPECT_LT((b.x - (Vec3(0, 0.1, 0) + 20.0 * perFrame)).norm(), 1e-9);  // exactly where dragged
    EXPECT_GT(b.invMass, 0);  // its mass is back after each substep
    w.endColliderDrag();
    const Vec3 thrown = w.rigid.bodies[box].v;
    EXPECT_LT((thrown - perFrame / w.settings.frameDt).norm(), 1e-6);
    w.step();  // free again: gravity acts on it
    EXPECT_LT(w.rigid.bodies[box].v.y(), thrown.y() - 0.1);
}

// State files keep the bodies' motion (sim/io/state_file.h): rigid_stack saved at frame 40 (the
// hammock's box in flight) and resumed ends where the straight run ends, bit for bit, and a
// file with another body count is refused by name.
TEST(RigidState, StateFileResumesBitExactly) {
    World straight;
    ASSERT_EQ(loadScene(straight, "rigid_stack", 8), "");
    for (int f = 0; f < 40; ++f) straight.step();
    const std::string path = ::testing::TempDir() + "rigid_stack_state.json";
    ASSERT_EQ(saveState(straight, path), "");
    for (int f = 0; f < 30; ++f) straight.step();
    World resumed;
    ASSERT_EQ(loadScene(resumed, "rigid_stack", 8), "");
    ASSERT_EQ(loadState(resumed, path), "");
    EXPECT_EQ(resumed.frame(), 40);
    for (int f = 0; f < 30; ++f) resumed.step();
    EXPECT_EQ(stateHashText(straight), stateHashText(resumed));
    for (size_t k = 0; k < straight.rigid.bodies.size(); ++k)
        EXPECT_EQ(straight.rigid.bodies[k].x, resumed.rigid.bodies[k].x) << "body " << k;
    World other;
    ASSERT_EQ(loadScene(other, "hanging_cloth", 8), "");
    const std::string error = loadState(other, path);
    EXPECT_NE(error.find("rigid_bodies"), std::string::npos) << error;
}
