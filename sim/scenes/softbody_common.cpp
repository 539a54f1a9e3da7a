#include "sim/scenes/softbody_common.h"

#include "sim/solvers/mgpbd/mgpbd_settings.h"

namespace sim {

std::string addTetgenSoftBody(World& world, const TriangleMesh& surface, const SceneParams& params,
                              const SoftBodyOptions& options, SoftBodyHandle* handle,
                              TetMesh* restMesh) {
    TetgenResult tets = tetrahedralize(surface, params.tetgen);
    if (!tets.error.empty()) return tets.error;
    if (restMesh) *restMesh = tets.mesh;
    SoftBodyOptions chosen = options;
    if (params.arapForm) chosen.arapForm = *params.arapForm;
    return addSoftBody(world, tets.mesh, chosen, handle);
}

void useSoftBodySettings(Settings& settings, Real mu) {
    settings.solver = SolverKind::XPBD;
    settings.frameDt = 0.01;
    settings.substeps = 1;
    settings.iterations = 20;
    settings.arap = Material{1.0, 1.0 / mu};
    settings.volume = Material{1.0, 0.0};
    settings.friction = 0.5;
    // MGPBD §4: omega = 0.1 for soft bodies. With the cloth default 0.25, bunny_squash (PCG
    // capped) inverts on landing and gains energy; with 0.1 it recovers
    // (docs/notes/soft-bodies.md).
    settings.block<MgpbdSettings>().relaxation = 0.1;
}

}  // namespace sim
