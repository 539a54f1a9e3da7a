#include "sim/scenes/softbody_common.h"

namespace sim {

std::string addTetgenSoftBody(World& world, const TriangleMesh& surface,
                              const SoftBodyOptions& options, SoftBodyHandle* handle,
                              TetMesh* restMesh) {
    TetgenResult tets = tetrahedralize(surface, sceneTetgenOptions());
    if (!tets.error.empty()) return tets.error;
    if (restMesh) *restMesh = tets.mesh;
    return addSoftBody(world, tets.mesh, options, handle);
}

void useSoftBodySettings(Settings& settings, Real mu) {
    settings.solver = SolverKind::XPBD;
    settings.frameDt = 0.01;
    settings.substeps = 1;
    settings.iterations = 20;
    settings.arap = Material{1.0, 1.0 / mu};
    settings.volume = Material{1.0, 0.0};
    settings.friction = 0.5;
}

}  // namespace sim
