#include "render/surface_mesh.h"

#include <algorithm>
#include <cmath>

#include "sim/core/world.h"

namespace render {

void buildSurfaceVertices(const sim::World& world, std::vector<float>& out, SurfaceScratch& scratch) {
    const auto& x = world.particles.x;
    const int n = world.particles.size();
    out.assign(static_cast<size_t>(n) * kSurfaceFloats, 0.0f);
    // Area-weighted normals: the unnormalised cross product is twice the area times n.
    std::vector<sim::Vec3>& normals = scratch.normals;
    normals.assign(n, sim::Vec3::Zero());
    for (const sim::Triangle& t : world.triangles) {
        const sim::Vec3 fn = (x[t[1]] - x[t[0]]).cross(x[t[2]] - x[t[0]]);
        for (int i : t) normals[i] += fn;
    }
    std::vector<float>& strain = scratch.strain;
    strain.assign(n, 0.0f);
    for (const sim::DistanceConstraint& c : world.constraints.distance) {
        if (c.restLength <= 0) continue;
        const float s = static_cast<float>(std::abs((x[c.i] - x[c.j]).norm() - c.restLength) / c.restLength);
        strain[c.i] = std::max(strain[c.i], s);
        strain[c.j] = std::max(strain[c.j], s);
    }
    for (int i = 0; i < n; ++i) {
        float* v = &out[static_cast<size_t>(i) * kSurfaceFloats];
        const double len = normals[i].norm();
        const sim::Vec3 nn = len > 1e-20 ? sim::Vec3(normals[i] / len) : sim::Vec3::UnitY();
        for (int k = 0; k < 3; ++k) {
            v[k] = static_cast<float>(x[i][k]);
            v[3 + k] = static_cast<float>(nn[k]);
        }
        v[6] = strain[i];
    }
}

}  // namespace render
