#include "app/gui/sandbox.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "sim/core/metrics.h"
#include "sim/scenes/scene_table.h"

namespace app::gui {

bool loadScene(Sandbox& s, const std::string& name, int resolution) {
    sim::World next;
    sim::SceneParams params = s.options.sceneParams;
    params.resolution = resolution;
    std::string error = sim::loadScene(next, name, params);
    if (error.empty()) error = applyOverrides(s.options, next);
    // The solver chosen in the window wins over the command line and the scene.
    if (error.empty() && !s.solverChosen) s.solverKind = next.settings.solver;
    if (error.empty()) next.setSolver(s.solverKind);
    if (!error.empty()) {
        s.message = "cannot load scene '" + name + "': " + error;
        std::fprintf(stderr, "pbd-sandbox: %s\n", s.message.c_str());
        return false;
    }
    s.world = std::move(next);
    s.sceneName = name;
    s.resolution = resolution;
    s.resolutionSlider = 0;
    s.drag = Drag::None;
    s.previousX = s.world.particles.x;
    s.simTimeBudget = 0;
    s.message.clear();
    return true;
}

bool selectSolver(Sandbox& s, sim::SolverKind kind) {
    s.world.setSolver(kind);
    s.solverKind = kind;
    s.solverChosen = true;
    return true;
}

void frameScene(Sandbox& s) {
    const auto& x = s.world.particles.x;
    if (x.empty()) return;
    sim::Vec3 lo = x[0], hi = x[0];
    for (const sim::Vec3& p : x) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    }
    for (const sim::Collider& c : s.world.colliders) {
        if (c.shape != sim::ColliderShape::Sphere) continue;
        lo = lo.cwiseMin(c.center - sim::Vec3::Constant(c.radius));
        hi = hi.cwiseMax(c.center + sim::Vec3::Constant(c.radius));
    }
    // Cloth falls from where it starts: include the ground below it in the view.
    lo.y() = std::min(lo.y(), 0.0);
    s.camera.frame(glm::dvec3(lo.x(), lo.y(), lo.z()), glm::dvec3(hi.x(), hi.y(), hi.z()));
}

int advance(Sandbox& s) {
    int steps = 0;
    const double frameDt = s.world.settings.frameDt;
    if (s.paused) {
        s.simTimeBudget = 0;
        if (s.stepOnce) steps = 1;
        s.stepOnce = false;
    } else {
        // A fixed amount of simulated time per displayed frame, so recordings play at real
        // speed however slow the machine is. Capped so a tiny dt cannot stall the window.
        s.simTimeBudget += kDisplayFrameSeconds;
        while (s.simTimeBudget >= 0.999 * frameDt && steps < 16) {
            s.simTimeBudget -= frameDt;
            ++steps;
        }
        if (steps == 16) s.simTimeBudget = 0;
    }
    if (steps == 0) return 0;
    double maxDisplacement = 0, simMs = 0;
    for (int k = 0; k < steps; ++k) {
        s.previousX = s.world.particles.x;
        try {
            s.world.step();
        } catch (const std::exception& e) {
            s.message = e.what();
            s.paused = true;
            return k;
        }
        simMs += s.world.profile.total;
        const auto& x = s.world.particles.x;
        // Free particles only: pinned and grabbed ones move as they are told.
        for (size_t i = 0; i < x.size() && i < s.previousX.size(); ++i)
            if (!s.world.particles.pinned[i])
                maxDisplacement = std::max(maxDisplacement, (x[i] - s.previousX[i]).norm());
    }
    s.lastMaxDisplacement = maxDisplacement;
    const sim::FrameMetrics m = sim::measure(s.world);
    s.simMs.push(static_cast<float>(simMs));
    s.maxStrain.push(static_cast<float>(m.maxStrain));
    s.meanStrain.push(static_cast<float>(m.meanStrain));
    s.residual.push(static_cast<float>(s.world.solver().stats().residual));
    return steps;
}

}  // namespace app::gui
