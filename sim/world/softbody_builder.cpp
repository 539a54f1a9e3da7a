#include "sim/world/softbody_builder.h"

#include <cmath>

namespace sim {

std::string addSoftBody(World& world, const TetMesh& input, const SoftBodyOptions& options,
                        SoftBodyHandle* handle) {
    if (!(options.density > 0) || !std::isfinite(options.density))
        return "soft body density " + std::to_string(options.density) + " must be > 0";
    if (!options.edges && !options.volume && !options.arap)
        return "soft body has no constraint model (edges, volume or arap)";
    if (std::string e = checkTetMesh(input); !e.empty()) return e;
    TetMesh mesh = input;
    orientTetsPositive(mesh);

    const int n = static_cast<int>(mesh.vertices.size());
    std::vector<Real> mass(n, 0.0);
    Real restVolume = 0;
    for (const Tet& t : mesh.tets) {
        const auto& x = mesh.vertices;
        const Real vol = signedTetVolume(x[t[0]], x[t[1]], x[t[2]], x[t[3]]);
        restVolume += vol;
        for (int k = 0; k < 4; ++k) mass[t[k]] += options.density * vol / 4;
    }
    for (int v = 0; v < n; ++v)
        if (!(mass[v] > 0)) return "vertex " + std::to_string(v) + " belongs to no tet";

    const int base = world.particles.size();
    for (int v = 0; v < n; ++v) world.particles.add(mesh.vertices[v], mass[v]);
    if (options.edges)
        for (const auto& e : tetEdges(mesh))
            world.constraints.distance.push_back(
                {base + e[0], base + e[1], (mesh.vertices[e[0]] - mesh.vertices[e[1]]).norm(),
                 options.edgeComplianceScale});
    for (const Tet& t : mesh.tets) {
        const auto& x = mesh.vertices;
        const Real vol = signedTetVolume(x[t[0]], x[t[1]], x[t[2]], x[t[3]]);
        if (options.volume) {
            TetVolumeConstraint c;
            for (int k = 0; k < 4; ++k) c.i[k] = base + t[k];
            c.restVolume = vol;
            world.constraints.tetVolume.push_back(c);
        }
        if (options.arap) {
            int idx[4];
            for (int k = 0; k < 4; ++k) idx[k] = base + t[k];
            Mat3 restInverse;
            arapRestInverse(x[t[0]], x[t[1]], x[t[2]], x[t[3]], restInverse);
            if (options.arapForm == ArapForm::Norm)
                world.constraints.arap.push_back(
                    {{idx[0], idx[1], idx[2], idx[3]}, restInverse, vol, 1.0 / vol});
            else
                world.constraints.arapStrain.push_back(
                    {{idx[0], idx[1], idx[2], idx[3]}, restInverse, vol, 1.0 / vol});
        }
    }
    const int firstTriangle = static_cast<int>(world.triangles.size());
    for (auto tri : boundaryTriangles(mesh)) {
        for (int& i : tri) i += base;
        world.triangles.push_back(tri);
    }
    if (handle)
        *handle = {base, n, firstTriangle, static_cast<int>(world.triangles.size()) - firstTriangle,
                   restVolume};
    world.bumpTopology();
    return {};
}

}  // namespace sim
