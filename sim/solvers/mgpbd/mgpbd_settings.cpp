#include "sim/solvers/mgpbd/mgpbd_settings.h"

namespace sim {

MgpbdLinearSystem MgpbdLinearSystem::paper() {
    MgpbdLinearSystem s;
    s.primal = false;
    s.primalResidual = false;
    s.inexactSolves = false;
    s.hardRowRatio = 0;
    s.pcgMaxIterations = 100;
    s.galerkinEveryIteration = true;
    s.clothCoarseLevels = true;
    s.amg.chebyshevDegree = 16;
    s.amg.chebyshevLowerRatio = 0.0005;
    return s;
}

AmgOptions MgpbdLinearSystem::primalAmgOptions() const {
    AmgOptions s = amg;
    s.smoother = MgpbdSmoother::Chebyshev;
    s.smoothedAggregation = primalAmg.smoothedAggregation;
    s.chebyshevDegree = primalAmg.chebyshevDegree;
    s.coarseChebyshevDegree = 0;
    s.chebyshevLowerRatio = primalAmg.chebyshevLowerRatio;
    s.candidateCount = primalAmg.candidateCount;
    s.floatVCycle = primalAmg.floatVCycle;
    return s;
}

AmgOptions MgpbdLinearSystem::dualAmgOptions(bool tetRows) const {
    AmgOptions s = amg;
    if (!tetRows && !clothCoarseLevels) {
        s.maxLevels = 1;
        s.coarseSolve = MgpbdCoarseSolve::Smooth;
    }
    return s;
}

MgpbdSettings MgpbdSettings::paperPreset() {
    MgpbdSettings s;
    s.applyPaperPreset();
    return s;
}

// The dual V-cycle's precision stays through a preset: it follows the problem's conditioning,
// a scene's choice (the beam's six rows per tet need double), not the algorithm's.
void MgpbdSettings::applyPaperPreset() {
    const bool precision = system.amg.floatVCycle;
    budget = MgpbdBudget::none();
    step = MgpbdStepAcceptance::paper();
    system = MgpbdLinearSystem::paper();
    system.amg.floatVCycle = precision;
    sweeps = MgpbdFallbackSweeps::none();
}

void MgpbdSettings::applyLivePreset() {
    const bool precision = system.amg.floatVCycle;
    budget = {};
    step = {};
    system = {};
    system.amg.floatVCycle = precision;
    sweeps = {};
}

bool MgpbdSettings::isPaperPreset() const {
    MgpbdLinearSystem paper = MgpbdLinearSystem::paper();
    paper.amg.floatVCycle = system.amg.floatVCycle;
    return budget == MgpbdBudget::none() && step == MgpbdStepAcceptance::paper() &&
           system == paper && sweeps == MgpbdFallbackSweeps::none();
}

const char* smootherName(MgpbdSmoother s) {
    switch (s) {
        case MgpbdSmoother::Jacobi:
            return "jacobi";
        case MgpbdSmoother::Chebyshev:
            return "chebyshev";
        case MgpbdSmoother::GaussSeidel:
            return "gauss-seidel";
    }
    return "?";
}

}  // namespace sim
