#include "sim/solvers/mgpbd/mgpbd_settings.h"

namespace sim {

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

const char* smootherName(MgpbdSmoother s) {
    switch (s) {
        case MgpbdSmoother::Jacobi: return "jacobi";
        case MgpbdSmoother::Chebyshev: return "chebyshev";
        case MgpbdSmoother::GaussSeidel: return "gauss-seidel";
    }
    return "?";
}

}  // namespace sim
