// rigid_stack — rigid bodies with two-way coupling (PBD §4.2, Fig. 8): three boxes stacked
// on the ground, each turned a little against the one below, a capsule lying beside them and
// a ball dropped next to them, and a slack cloth hammock pinned along its two long edges onto
// which a box is dropped: the hammock gives, throws the box back up and holds it.
// Resolution = hammock quads along its length. Default 26: the finest hammock whose frame
// stays under 16 ms on one core under PBD (docs/notes/constraints.md).
#include <algorithm>
#include <cmath>

#include "sim/scenes/scenes.h"
#include "sim/world/cloth_builder.h"

namespace sim {

namespace {

constexpr Real kStackHalf = 0.15;  // [m]
constexpr Real kDensity = 200;     // [kg/m^3]: a 0.3 m box weighs 5.4 kg
constexpr Real kLight = 40;        // the hammock's load: a 0.58 kg box (the cloth: 0.38 kg)

// The angle theta of a circular arc whose length is `ratio` times its chord:
// theta / (2 sin(theta/2)) = ratio, by bisection on (0, 2 pi).
Real arcAngle(Real ratio) {
    Real lo = 1e-6, hi = 6.28;
    for (int it = 0; it < 60; ++it) {
        const Real mid = 0.5 * (lo + hi);
        (mid / (2 * std::sin(mid / 2)) < ratio ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

std::string build(World& world, const SceneParams& params) {
    const int res = params.resolution;
    if (res < 2) return "rigid_stack needs at least 2 hammock quads along its length";
    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    for (int k = 0; k < 3; ++k) {
        RigidBody box = RigidBody::box(Vec3(-1.2, kStackHalf * (2 * k + 1), 0.0),
                                       Vec3::Constant(kStackHalf), kDensity);
        box.q = Quat(Eigen::AngleAxisd(0.15 * k, Vec3::UnitY()));
        box.qPrev = box.q;
        world.rigid.add(box, world.colliders);
    }
    RigidBody capsule = RigidBody::capsule(Vec3(-1.2, 0.1, 0.7), 0.1, 0.25, kDensity);
    capsule.q = Quat(Eigen::AngleAxisd(1.5707963267948966, Vec3::UnitZ()));  // lying along x
    capsule.qPrev = capsule.q;
    world.rigid.add(capsule, world.colliders);
    world.rigid.add(RigidBody::sphere(Vec3(-0.6, 0.8, 0.6), 0.12, kDensity), world.colliders);

    // The hammock: 1.2 m of cloth hung between pins 0.9 m apart, built already sagging (a
    // circular arc across z), so it is a hammock rather than a drum, which throws the box off.
    GridSpec grid;
    grid.cols = res;
    grid.rows = std::max(2, res * 3 / 4);
    grid.width = 1.6;
    grid.height = 1.2;
    grid.origin = Vec3(0.0, 1.0, -0.6);
    grid.diagonal = GridDiagonal::Alternating;  // no shear bias to walk the box along
    TriangleMesh mesh = makeGridMesh(grid);
    const Real theta = arcAngle(grid.height / 0.9), R = grid.height / theta;
    for (Vec3& v : mesh.vertices) {
        const Real phi = (v.z() - grid.origin.z()) / R - theta / 2;
        v.z() = R * std::sin(phi);
        v.y() = grid.origin.y() - R * (std::cos(phi) - std::cos(theta / 2));
    }
    if (std::string e = addCloth(world, mesh, ClothOptions{}); !e.empty()) return e;
    // Every other particle of the two long edges is pinned: no constraint joins two pinned
    // particles (MGPBD's dual system gets a zero row from one, and diverges).
    for (int c = 0; c <= grid.cols; c += 2)
        for (int r : {0, grid.rows}) world.particles.setPinned(gridIndex(grid, r, c), true);
    world.rigid.add(RigidBody::box(Vec3(0.8, 1.5, 0.0), Vec3(0.15, 0.1, 0.12), kLight),
                    world.colliders);
    world.settings.substeps = 4;
    world.settings.damping = 0.02;  // per substep (PBD 3.5): the hammock rings down
    return {};
}

}  // namespace

SceneInfo rigidStackScene() {
    return {"rigid_stack", "rigid",
            "stacked boxes, a capsule, and a box and ball dropped on a cloth hammock (PBD 4.2)", 26,
            build};
}

}  // namespace sim
