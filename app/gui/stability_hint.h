#pragma once
// Flags settings that are valid but known to go wrong, before they run (the Solver panel
// shows it; a failed step's message repeats it). The heuristic is the substep length
// h = dt / substeps: position-based solvers converge less and overshoot more as h grows. On
// curtain (one substep, `--dt X`) a 60 Hz substep keeps the strain small, a few times that
// stretches the cloth visibly, and half a second and more sends PBD and XPBD non-finite. So
// h > 1/30 s is flagged as inaccurate and h >= 0.25 s as likely to blow up.
#include <string>

#include "sim/core/settings.h"

namespace app::gui {

inline constexpr double kInaccurateSubstep = 1.0 / 30.0;  // [s]
inline constexpr double kUnstableSubstep = 0.25;          // [s]

// Empty when the settings look safe; else one sentence saying what and which setting to change.
std::string stabilityWarning(const sim::Settings& settings);

}  // namespace app::gui
