#pragma once
// Flags settings that are valid but known to go wrong, before they run (the Solver panel
// shows it; a failed step's message repeats it). The heuristic is the substep length
// h = dt / substeps: position-based solvers converge less and overshoot more as h grows.
// Measured on curtain (headless, 60 frames, one substep, `--dt X`): at h = 1/60 s max
// strain stays small; at 0.05 s PBD reaches max strain 0.65, at 0.1 s 4.8; from 0.5 s PBD
// and XPBD go non-finite, HPBD at 1.0 s. So h > 1/30 s is flagged as inaccurate and
// h >= 0.25 s as likely to blow up.
#include <string>

#include "sim/core/settings.h"

namespace app::gui {

inline constexpr double kInaccurateSubstep = 1.0 / 30.0;  // [s]
inline constexpr double kUnstableSubstep = 0.25;          // [s]

// Empty when the settings look safe; else one sentence saying what and which setting to change.
std::string stabilityWarning(const sim::Settings& settings);

}  // namespace app::gui
