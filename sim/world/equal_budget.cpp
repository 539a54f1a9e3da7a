#include "sim/world/equal_budget.h"

#include <time.h>

#include <algorithm>
#include <cmath>

#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/world/snapshot.h"

namespace sim {

bool isBudgetMethod(const std::string& method) {
    return method == "xpbd-small" || solverFromName(method).has_value();
}

void setBudgetKnob(Settings& settings, const std::string& method, double knob) {
    const int n = std::max(1, static_cast<int>(std::lround(knob)));
    settings.trackResidual = true;
    if (method == "xpbd-small") {
        settings.iterations = 1;
        settings.substeps = n;
    } else if (method == "mgpbd") {
        // One iteration: where no global step fits, MGPBD sweeps at least the scene's
        // iterations whatever its budget; with one, the budget alone sets how many.
        settings.iterations = 1;
        settings.block<MgpbdSettings>().budget.frameMs = std::max(knob, 0.05);
    } else {
        settings.iterations = n;
    }
}

void setBudgetKnob(World& world, const std::string& method, double knob) {
    setBudgetKnob(world.settings, method, knob);
    const SolverKind kind = method == "xpbd-small"
                                ? SolverKind::XPBD
                                : solverFromName(method).value_or(SolverKind::PBD);
    world.setSolver(kind);
}

double budgetKnob(const World& world, const std::string& method) {
    if (method == "xpbd-small") return world.settings.substeps;
    if (method == "mgpbd") return world.settings.block<MgpbdSettings>().budget.frameMs;
    return world.settings.iterations;
}

double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

namespace {

// CPU ms per frame of `frames` steps (fewer if a step fails).
double costPerFrame(World& world, int frames) {
    double ms = 0;
    int done = 0;
    for (; done < frames; ++done) {
        const double t0 = threadCpuMs();
        try {
            world.step();
        } catch (const StepFailure&) {
            break;
        }
        ms += threadCpuMs() - t0;
    }
    return done > 0 ? ms / done : 0;
}

// The two knobs tried, and the knob that costs budgetMs on the line through their costs.
struct Trial {
    double k1, k2;
};

Trial trialKnobs(const std::string& method, double budgetMs) {
    return method == "mgpbd" ? Trial{budgetMs / 2, budgetMs * 2} : Trial{2, 12};
}

double fitKnob(const std::string& method, double budgetMs, const Trial& k, double t1, double t2) {
    const bool mg = method == "mgpbd";
    const double b = (t2 - t1) / (k.k2 - k.k1);
    if (!(b > 0)) return mg ? budgetMs : 1;  // no measurable cost per unit: the least
    const double knob = k.k1 + (budgetMs - t1) / b;
    // MGPBD's cost has a floor (its first global iteration and the periodic AMG setup run
    // whatever the budget) and grows with contacts the calibration frames may not have: its
    // knob stays within [budget / 4, 4 budget].
    return mg ? std::clamp(knob, budgetMs / 4, 4 * budgetMs)
              : std::clamp(std::round(knob), 1.0, 500.0);
}

}  // namespace

double calibrateKnob(const std::function<World()>& fresh, const std::string& method,
                     double budgetMs, int frames) {
    const Trial k = trialKnobs(method, budgetMs);
    double t[2];
    for (int i = 0; i < 2; ++i) {
        World world = fresh();
        setBudgetKnob(world, method, i == 0 ? k.k1 : k.k2);
        t[i] = costPerFrame(world, frames);
    }
    return fitKnob(method, budgetMs, k, t[0], t[1]);
}

double calibrateKnobInPlace(World& world, const std::string& method, double budgetMs, int frames) {
    const Snapshot start = takeSnapshot(world, true);
    const Settings settings = world.settings;
    const Trial k = trialKnobs(method, budgetMs);
    double t[2];
    for (int i = 0; i < 2; ++i) {
        setBudgetKnob(world, method, i == 0 ? k.k1 : k.k2);
        t[i] = costPerFrame(world, frames);
        world.settings = settings;
        restore(world, start);
    }
    const double knob = fitKnob(method, budgetMs, k, t[0], t[1]);
    setBudgetKnob(world, method, knob);
    return knob;
}

}  // namespace sim
