// beam — MGPBD Fig. 15/16: a 2 x 0.5 x 0.5 m cantilever of ARAP tets, mu = 1e12 Pa,
// pinned at x = 0 and bending under gravity. The tip deflection should not depend on dt
// for a converged solver; XPBD's Gauss-Seidel gets softer as dt grows. Resolution = cells
// along the length (one eighth of it across), built by splitting cubes into tets (no tetgen
// needed). Six ARAP strain rows per tet (ArapForm::StrainRows): with the single norm row the tip
// deflection grew with dt^2 under MGPBD (docs/notes/soft-bodies.md).
#include <algorithm>

#include "sim/scenes/scenes.h"
#include "sim/scenes/softbody_common.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"

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
    // six strain rows give the dual system the beam's bending stiffness
    // (docs/notes/soft-bodies.md).
    world.settings.block<MgpbdSettings>().relaxation = 1.0;
    world.settings.block<MgpbdSettings>().system.primalResidual = true;
    // Double-precision V-cycle: the six rows make A singular apart from alpha~, with
    // eigenvalues spanning a ratio below float's epsilon. With the float V-cycle the beam
    // blows up at dt = 30 ms; in double it holds (pbd-bench softbody --scene beam --dt 0.03
    // --vcycle-precision double|float; docs/notes/mgpbd-linear-solve.md).
    world.settings.block<MgpbdSettings>().system.amg.floatVCycle = false;
    // Small steps by default, 8 substeps x 2 iterations: the tip sags far less than with one
    // long step (whose 20 iterations MGPBD's budget cannot hold as a global step here) and the
    // frame stays inside the scene's 10 ms. More substeps sag less still, but cost MGPBD more
    // than the frame or, with one iteration each, let a grab dragging the beam make MGPBD
    // diverge (MgpbdSolver.GrabDraggingTheStiffBeamDoesNotDiverge;
    // docs/notes/scene-defaults.md). `pbd-bench softbody --scene beam`
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
