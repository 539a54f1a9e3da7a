#include "sim/solvers/mgpbd/mgpbd_settings.h"

#include <type_traits>
#include <vector>

namespace sim {

MgpbdSettings MgpbdSettings::paperPreset() {
    MgpbdSettings s;
    s.applyPaperPreset();
    return s;
}

namespace {
// The fields the two presets differ in, in one place (apply and compare).
template <class F>
void presetFields(MgpbdSettings& s, F&& f) {
    f(s.frameBudgetMs);
    f(s.galerkinEveryIteration);
    f(s.lineSearch);
    f(s.liveOmega);
    f(s.inexactSolves);
    f(s.hardRowRatio);
    f(s.primalSystem);
    f(s.primalResidual);
    f(s.warmStart);
    f(s.localSweeps);
    f(s.lineSweeps);
    f(s.sweepChebyshevRho);
    f(s.chebyshevDegree);
    f(s.chebyshevLowerRatio);
    f(s.clothCoarseLevels);
    f(s.watchdogSteps);
    f(s.pcgMaxIterations);
}
}  // namespace

void MgpbdSettings::applyLivePreset() {
    MgpbdSettings live;
    std::vector<double> values;
    presetFields(live, [&](auto& v) { values.push_back(static_cast<double>(v)); });
    size_t k = 0;
    presetFields(*this, [&](auto& v) { v = static_cast<std::decay_t<decltype(v)>>(values[k++]); });
}

bool MgpbdSettings::isPaperPreset() const {
    MgpbdSettings paper = *this, self = *this;
    paper.applyPaperPreset();
    std::vector<double> a, b;
    presetFields(paper, [&](auto& v) { a.push_back(static_cast<double>(v)); });
    presetFields(self, [&](auto& v) { b.push_back(static_cast<double>(v)); });
    return a == b;
}

void MgpbdSettings::applyPaperPreset() {
    frameBudgetMs = 0;
    galerkinEveryIteration = true;
    lineSearch = false;
    liveOmega = 0;
    inexactSolves = false;
    hardRowRatio = 0;
    primalSystem = false;
    primalResidual = false;
    warmStart = false;
    localSweeps = 0;
    lineSweeps = false;
    sweepChebyshevRho = 0;
    chebyshevDegree = 16;
    chebyshevLowerRatio = 0.0005;
    clothCoarseLevels = true;
    watchdogSteps = 0;
    pcgMaxIterations = 100;
}

MgpbdSettings MgpbdSettings::primalAmgSettings() const {
    MgpbdSettings s = *this;
    s.smoother = MgpbdSmoother::Chebyshev;
    s.smoothedAggregation = primalSmoothedAggregation;
    s.chebyshevDegree = primalChebyshevDegree;
    s.coarseChebyshevDegree = 0;
    s.chebyshevLowerRatio = primalChebyshevLowerRatio;
    s.candidateCount = primalCandidates;
    s.floatVCycle = primalFloatVCycle;
    return s;
}

MgpbdSettings MgpbdSettings::dualAmgSettings(bool tetRows) const {
    MgpbdSettings s = *this;
    if (!tetRows && !clothCoarseLevels) {
        s.maxLevels = 1;
        s.coarseSolve = MgpbdCoarseSolve::Smooth;
    }
    return s;
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
