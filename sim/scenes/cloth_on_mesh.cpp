// cloth_on_mesh — a cloth dropped over a static triangle-mesh collider: a torus lying on
// the ground, turned into a signed distance field at load (sim/collision/sdf.h). The torus
// is generated here so the scene needs no file; loadSdfFromObj (sim/io/sdf_file.h) does
// the same from an OBJ. Resolution = quads per side of the cloth.
#include <cmath>
#include <numbers>

#include "sim/collision/sdf.h"
#include "sim/scenes/scenes.h"
#include "sim/world/cloth_builder.h"

namespace sim {

namespace {

// A closed torus about the y axis, outward-facing triangles.
TriangleMesh makeTorus(Real major, Real minor, int around, int tube) {
    TriangleMesh mesh;
    for (int i = 0; i < around; ++i)
        for (int j = 0; j < tube; ++j) {
            const Real u = 2 * std::numbers::pi * i / around, v = 2 * std::numbers::pi * j / tube;
            const Real r = major + minor * std::cos(v);
            mesh.vertices.push_back(Vec3(r * std::cos(u), minor * std::sin(v), r * std::sin(u)));
        }
    auto id = [&](int i, int j) { return (i % around) * tube + (j % tube); };
    for (int i = 0; i < around; ++i)
        for (int j = 0; j < tube; ++j) {
            mesh.triangles.push_back({id(i, j), id(i, j + 1), id(i + 1, j + 1)});
            mesh.triangles.push_back({id(i, j), id(i + 1, j + 1), id(i + 1, j)});
        }
    return mesh;
}

std::string build(World& world, const SceneParams& params) {
    const int res = params.resolution;
    std::string error;
    auto sdf = SignedDistanceField::build(makeTorus(0.35, 0.15, 32, 12), 0.025, 0.08, &error);
    if (!sdf) return error;
    GridSpec grid;
    grid.cols = grid.rows = res;
    grid.width = grid.height = 1.4;
    grid.origin = Vec3(-0.7, 0.7, -0.7);
    grid.diagonal = GridDiagonal::Alternating;
    error = addCloth(world, makeGridMesh(grid), ClothOptions{});
    if (!error.empty()) return error;
    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    world.colliders.push_back(Collider::mesh(sdf, Vec3(0, 0.15, 0)));
    // Small steps, 4 substeps x 5 iterations: the same projections a frame as fewer, longer
    // substeps, with less strain and no crossings
    // (docs/notes/scene-defaults.md).
    world.settings.substeps = 4;
    world.settings.iterations = 5;
    return {};
}

}  // namespace

SceneInfo clothOnMeshScene() {
    return {"cloth_on_mesh", "collision", "cloth draped over a torus mesh collider (SDF)", 32,
            build};
}

}  // namespace sim
