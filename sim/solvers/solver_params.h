#pragma once
// Solver parameters described generically, so the app's Solver panel draws a widget for
// each without knowing the solver: a label, a pointer into Settings, a range and a
// tooltip. solverParameters() (solver_factory.cpp) is the one list per solver kind.
#include <string>
#include <vector>

#include "sim/core/settings.h"

namespace sim {

struct SolverParam {
    enum class Kind { Int, Real, LogReal, Bool };
    std::string label;
    Kind kind = Kind::Real;
    void* value = nullptr;  // int*, Real* or bool* into the Settings passed in
    double min = 0, max = 1;
    std::string tooltip;
};

// Parameters specific to `kind` (the common ones — iterations, substeps, dt, stiffness —
// the panel shows for every solver). Pointers are into `settings`.
std::vector<SolverParam> solverParameters(SolverKind kind, Settings& settings);

}  // namespace sim
