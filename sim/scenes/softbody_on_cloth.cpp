// softbody_on_cloth — paper 004 Fig. 8: a soft ball (tet edges + tet volume, eq. 15-26,
// XPBD with 10 substeps as in that report) falls onto a cloth pinned at its four corners.
// Ball and cloth meet through the vertex-triangle contacts between pieces
// (Settings::bodyContacts, collision/self_collision.h): nothing scene-made. Resolution =
// cloth quads per side (the ball is an icosphere subdivided 3 times from 48 up, else 2:
// level 3's 642 surface vertices doubled the contacts' cost at the default 32).
//
// The ball weighs about as much as the cloth (density 10: 0.65 kg against 0.51 kg). A ball
// many times heavier stretches the cloth several times over under ten substeps of two XPBD
// iterations and punches through it (docs/notes/contacts.md).
#include <algorithm>

#include "sim/scenes/scenes.h"
#include "sim/scenes/softbody_common.h"
#include "sim/topology/closed_surfaces.h"
#include "sim/world/cloth_builder.h"

namespace sim {

namespace {

std::string build(World& world, const SceneParams& params) {
    const int res = params.resolution;
    if (res < 2) return "softbody_on_cloth needs at least 2 cloth quads per side";
    GridSpec grid;
    grid.cols = grid.rows = res;
    grid.width = grid.height = 1.6;
    grid.origin = Vec3(-0.8, 1.0, -0.8);
    grid.diagonal = GridDiagonal::Alternating;
    if (std::string e = addCloth(world, makeGridMesh(grid), ClothOptions{}); !e.empty()) return e;
    for (int r : {0, res})
        for (int c : {0, res}) world.particles.setPinned(gridIndex(grid, r, c), true);

    SoftBodyOptions options;
    options.density = 10;
    options.edges = true;
    options.volume = true;
    options.arap = false;
    if (std::string e = addTetgenSoftBody(
            world, makeIcosphere(Vec3(0, 1.7, 0), 0.25, res >= 48 ? 3 : 2), params, options);
        !e.empty())
        return e;

    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    world.settings.solver = SolverKind::XPBD;
    world.settings.substeps = 10;
    world.settings.iterations = 2;
    world.settings.stretch = Material{1.0, 1e-7};
    world.settings.volume = Material{1.0, 0.0};
    return {};
}

}  // namespace

SceneInfo softbodyOnClothScene() {
    return {"softbody_on_cloth", "softbody",
            "a soft ball falls onto a cloth pinned at its corners (paper 004 Fig. 8)", 32, build};
}

}  // namespace sim
