#pragma once
// Per-frame measurements the runner, the UI and the benchmarks report.
#include "sim/core/types.h"

namespace sim {

class World;

struct FrameMetrics {
    Real maxStrain = 0;         // max over distance constraints of |l - l0| / l0
    Real meanStrain = 0;        // mean of the same
    Real stretchViolation = 0;  // RMS of C over distance constraints [m]
    Real bendViolation = 0;     // RMS of C over bending hinges (isometric: their angle) [rad]
    Real kineticEnergy = 0;     // sum 1/2 m |v|^2 over free particles [J]
};

FrameMetrics measure(const World& world);

}  // namespace sim
