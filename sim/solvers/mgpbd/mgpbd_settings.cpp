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

namespace {
// A preset: the four parts, chosen whole. The dual V-cycle's precision stays: it follows the
// problem's conditioning, a scene's choice (the beam's six rows per tet need double), not the
// algorithm's.
void chooseParts(MgpbdSettings& s, const MgpbdBudget& budget, const MgpbdStepAcceptance& step,
                 MgpbdLinearSystem system, const MgpbdFallbackSweeps& sweeps) {
    system.amg.floatVCycle = s.system.amg.floatVCycle;
    s.budget = budget;
    s.step = step;
    s.system = system;
    s.sweeps = sweeps;
}
}  // namespace

void MgpbdSettings::applyPaperPreset() {
    chooseParts(*this, MgpbdBudget::none(), MgpbdStepAcceptance::paper(),
                MgpbdLinearSystem::paper(), MgpbdFallbackSweeps::none());
}

void MgpbdSettings::applyLivePreset() {
    chooseParts(*this, {}, {}, {}, {});
}

bool MgpbdSettings::isPaperPreset() const {
    MgpbdSettings paper = *this;
    paper.applyPaperPreset();
    return budget == paper.budget && step == paper.step && system == paper.system &&
           sweeps == paper.sweeps;
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
