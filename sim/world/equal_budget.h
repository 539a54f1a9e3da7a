#pragma once
// Equal cost: each method's one knob that buys accuracy with time, and the knob at which a
// method costs a given CPU time per frame (pbd-bench equal-budget, the window's compare mode
// in budget mode). The knob of a method:
//   pbd, xpbd, hpbd, jacobi   iterations per substep (the scene's substeps)
//   xpbd-small                substeps of one XPBD iteration each (Macklin et al., "Small steps")
//   mgpbd                     its per-frame work budget (mgpbd-frame-budget-ms)
// Costs are CPU time of the calling thread, so panes or benches beside it do not count.
#include <functional>
#include <string>

#include "sim/world/world.h"

namespace sim {

// Whether `method` is one of the names above.
bool isBudgetMethod(const std::string& method);
// Sets the method's solver and knob on the world (the rest of its settings kept).
void setBudgetKnob(World& world, const std::string& method, double knob);
// The knob alone, in settings (the solver they name is left as it is).
void setBudgetKnob(Settings& settings, const std::string& method, double knob);
// The knob the world runs `method` at now (iterations, substeps or MGPBD's budget).
double budgetKnob(const World& world, const std::string& method);
// CPU ms of the calling thread since some fixed point.
double threadCpuMs();

// The knob whose CPU time per frame is `budgetMs`, from cost = a + b knob fitted at two knobs,
// each timed over `frames` frames of a world from `fresh` (called once per knob).
double calibrateKnob(const std::function<World()>& fresh, const std::string& method,
                     double budgetMs, int frames);
// The same on `world` itself, from its current state: each trial runs from a snapshot of it
// and the world is put back (state, settings and solver) before the knob is set.
double calibrateKnobInPlace(World& world, const std::string& method, double budgetMs, int frames);

}  // namespace sim
