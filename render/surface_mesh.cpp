#include "render/surface_mesh.h"

namespace render {

void buildSurfaceVertices(const SurfaceView& view, std::vector<float>& out,
                          SurfaceScratch& scratch) {
    const auto& x = view.positions;
    const size_t n = x.size();
    out.assign(n * kSurfaceFloats, 0.0f);
    // Area-weighted normals: the unnormalised cross product is twice the area times n.
    std::vector<sim::Vec3>& normals = scratch.normals;
    normals.assign(n, sim::Vec3::Zero());
    for (const auto& t : view.triangles) {
        const sim::Vec3 fn = (x[t[1]] - x[t[0]]).cross(x[t[2]] - x[t[0]]);
        for (int i : t) normals[i] += fn;
    }
    for (size_t i = 0; i < n; ++i) {
        float* v = &out[i * kSurfaceFloats];
        const double len = normals[i].norm();
        const sim::Vec3 nn = len > 1e-20 ? sim::Vec3(normals[i] / len) : sim::Vec3::UnitY();
        for (int k = 0; k < 3; ++k) {
            v[k] = static_cast<float>(x[i][k]);
            v[3 + k] = static_cast<float>(nn[k]);
        }
        v[6] = i < view.strain.size() ? view.strain[i] : 0.0f;
    }
}

}  // namespace render
