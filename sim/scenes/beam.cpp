// beam — MGPBD Fig. 15/16: a 2 x 0.5 x 0.5 m cantilever of ARAP tets, mu = 1e12 Pa,
// pinned at x = 0 and bending under gravity. The tip deflection should not depend on dt
// for a converged solver; XPBD's Gauss-Seidel gets softer as dt grows. Resolution = cells
// along the length (one eighth of it across), built by splitting cubes into tets (no tetgen
// needed). Six ARAP strain rows per tet (ArapForm::StrainRows): with the single norm row the tip
// deflection grew with dt^2 under MGPBD (0.042 / 0.165 / 0.331 m at 10 / 20 / 30 ms).
#include <algorithm>

#include "sim/scenes/scenes.h"
#include "sim/scenes/softbody_common.h"

namespace sim {

TetMesh beamMesh(int res) {
    const int across = std::max(1, res / 8);
    return makeBoxTets(Vec3(0, 1.0, -0.25), Vec3(2.0, 0.5, 0.5), res, across, across);
}

namespace {

std::string build(World& world, const SceneParams& params) {
    const int res = params.resolution;
    if (res < 2) return "beam needs at least 2 cells along its length";
    SoftBodyOptions options;
    options.density = 1000;
    options.arapForm = params.arapForm.value_or(ArapForm::StrainRows);
    if (std::string e = addSoftBody(world, beamMesh(res), options); !e.empty()) return e;
    for (int i = 0; i < world.particles.size(); ++i)
        if (world.particles.x[i].x() < 1e-9) world.particles.setPinned(i, true);
    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    useSoftBodySettings(world.settings, 1e12);
    // A stiff body at small strain is a nearly linear problem: full MGPBD steps (omega 1) with
    // the primal residual converge to implicit Euler in a few outer iterations, and the
    // six strain rows give the dual system the beam's bending stiffness (docs/architecture.md).
    world.settings.mgpbd.relaxation = 1.0;
    world.settings.mgpbd.primalResidual = true;
    // Double-precision V-cycle: the six rows make A singular apart from alpha~, with
    // eigenvalues from 7.7e-6 to ~300 (ratio 4e-8, below float's epsilon). With the float
    // V-cycle the beam blew up at frame 3 of dt = 30 ms (tip -158 m); in double it holds
    // 6.47e-7 m (pbd-bench softbody --scene beam --dt 0.03 --vcycle-precision double|float).
    world.settings.mgpbd.floatVCycle = false;
    // Small steps by default, 8 substeps x 2 iterations (was 1 x 20): over frames 60-120 the
    // tip sags 12 mm (range 4.9-18.7) under XPBD and MGPBD, against 82 mm (66-104, kinetic
    // energy up to 18 J) under XPBD and 102 under MGPBD (its 12 ms budget holds no global
    // step here), at 6.9-9.2 ms a frame, inside the scene's 10 ms frame. 10 x 2 sagged 7.3 mm
    // but took MGPBD to 12.5 ms; 20 x 1 sagged 3.5 mm, but a grab dragging the beam then made
    // MGPBD diverge (1e3-1e4 m/s from frame 20 of
    // MgpbdSolver.GrabDraggingTheStiffBeamDoesNotDiverge). `pbd-bench softbody --scene beam`
    // keeps one step per dt, the paper's figure.
    world.settings.substeps = 8;
    world.settings.iterations = 2;
    return {};
}

}  // namespace

SceneInfo beamScene() {
    return {"beam", "softbody", "stiff cantilever pinned at one end (MGPBD Fig. 15; mu 1e12)", 16,
            build};
}

}  // namespace sim
