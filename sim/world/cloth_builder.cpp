#include "sim/world/cloth_builder.h"

namespace sim {

std::string addCloth(World& world, const TriangleMesh& mesh, const ClothOptions& options,
                     ClothHandle* handle) {
    if (std::string error = checkTriangleMesh(mesh); !error.empty()) return error;
    if (!(options.density > 0)) return "cloth density must be positive";
    EdgeAdjacency adjacency = buildEdges(mesh);
    if (!adjacency.error.empty()) return adjacency.error;

    // Vertex masses: a third of each adjacent triangle's mass. A vertex no triangle uses
    // gets the mean mass so that it stays a valid (free) particle.
    const int n = static_cast<int>(mesh.vertices.size());
    std::vector<Real> mass(n, 0.0);
    for (const auto& t : mesh.triangles) {
        const Vec3& a = mesh.vertices[t[0]];
        const Real area = 0.5 * (mesh.vertices[t[1]] - a).cross(mesh.vertices[t[2]] - a).norm();
        for (int k : t) mass[k] += options.density * area / 3.0;
    }
    Real total = 0;
    int used = 0;
    for (Real m : mass)
        if (m > 0) total += m, ++used;
    for (Real& m : mass)
        if (m <= 0) m = total / used;

    const int base = world.particles.size();
    ClothHandle h{base, n, static_cast<int>(world.triangles.size()),
                  static_cast<int>(mesh.triangles.size())};
    for (int i = 0; i < n; ++i) world.particles.add(mesh.vertices[i], mass[i]);
    for (const auto& t : mesh.triangles)
        world.triangles.push_back({base + t[0], base + t[1], base + t[2]});

    for (const MeshEdge& e : adjacency.edges) {
        DistanceConstraint d;
        d.i = base + e.a;
        d.j = base + e.b;
        d.restLength = (mesh.vertices[e.a] - mesh.vertices[e.b]).norm();
        world.constraints.distance.push_back(d);
        if (!options.bending || e.tri[1] < 0) continue;
        BendingConstraint b;
        b.i1 = base + e.a;
        b.i2 = base + e.b;
        b.i3 = base + e.wing[0];
        b.i4 = base + e.wing[1];
        b.maxStep = 0.25 * d.restLength;
        b.restAngle = dihedralAngle(mesh.vertices[e.a], mesh.vertices[e.b],
                                    mesh.vertices[e.wing[0]], mesh.vertices[e.wing[1]]);
        world.constraints.bending.push_back(b);
    }
    world.bumpTopology();
    if (handle) *handle = h;
    return {};
}

std::string addCurtain(World& world, int cols, int rows, Real width, Real height,
                       const Vec3& topLeft, GridSpec* out) {
    GridSpec grid;
    grid.cols = cols;
    grid.rows = rows;
    grid.width = width;
    grid.height = height;
    grid.origin = topLeft;
    grid.vAxis = -Vec3::UnitY();  // row 0 is the top edge
    if (std::string error = addCloth(world, makeGridMesh(grid), ClothOptions{}); !error.empty())
        return error;
    for (int c = 0; c <= grid.cols; ++c) world.pin(gridIndex(grid, 0, c), true);
    if (out) *out = grid;
    return {};
}

}  // namespace sim
