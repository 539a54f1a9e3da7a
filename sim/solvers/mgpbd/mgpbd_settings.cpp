#include "sim/solvers/mgpbd/mgpbd_settings.h"

#include <cmath>
#include <sstream>


namespace sim {

namespace {
template <class T>
std::string bad(const char* field, T value, const char* rule) {
    std::ostringstream out;
    out << "setting 'mgpbd." << field << "' = " << value << " is invalid: " << rule;
    return out.str();
}
bool finiteNonNegative(Real v) { return std::isfinite(v) && v >= 0; }
}  // namespace

std::string MgpbdSettings::validate() const {
    if (maxIterations < 0 || maxIterations > 100000)
        return bad("max_iterations", maxIterations, "must be in [0, 100000]");
    if (!finiteNonNegative(timeBudgetMs)) return bad("time_budget_ms", timeBudgetMs, "must be >= 0");
    if (!finiteNonNegative(atol)) return bad("atol", atol, "must be finite and >= 0");
    if (!(rtol >= 0 && rtol < 1)) return bad("rtol", rtol, "must be in [0, 1)");
    if (!(relaxation > 0 && relaxation <= 1)) return bad("relaxation", relaxation, "must be in (0, 1]");
    if (lineSearchHalvings < 0 || lineSearchHalvings > 30)
        return bad("line_search_halvings", lineSearchHalvings, "must be in [0, 30]");
    if (!(strengthTheta >= 0 && strengthTheta < 1))
        return bad("theta", strengthTheta, "must be in [0, 1)");
    if (candidateCount < 1 || candidateCount > 16)
        return bad("candidates", candidateCount, "must be in [1, 16]");
    if (candidateSweeps < 0 || candidateSweeps > 1000)
        return bad("candidate_sweeps", candidateSweeps, "must be in [0, 1000]");
    if (coarseSize < 1 || coarseSize > 3000) return bad("coarse_size", coarseSize, "must be in [1, 3000]");
    if (maxLevels < 1 || maxLevels > 30) return bad("max_levels", maxLevels, "must be in [1, 30]");
    if (setupInterval < 1 || setupInterval > 100000)
        return bad("setup_interval", setupInterval, "must be in [1, 100000]");
    if (!(pcgTolerance > 0 && pcgTolerance < 1))
        return bad("pcg_tolerance", pcgTolerance, "must be in (0, 1)");
    if (pcgMaxIterations < 1 || pcgMaxIterations > 10000)
        return bad("pcg_max_iterations", pcgMaxIterations, "must be in [1, 10000]");
    if (smoothingSweeps < 1 || smoothingSweeps > 20)
        return bad("smoothing_sweeps", smoothingSweeps, "must be in [1, 20]");
    if (!finiteNonNegative(jacobiLambdaMin))
        return bad("jacobi_lambda_min", jacobiLambdaMin, "must be finite and >= 0");
    if (chebyshevDegree < 1 || chebyshevDegree > 32)
        return bad("chebyshev_degree", chebyshevDegree, "must be in [1, 32]");
    if (coarseChebyshevDegree < 0 || coarseChebyshevDegree > 32)
        return bad("coarse_chebyshev_degree", coarseChebyshevDegree, "must be in [0, 32]");
    if (!(chebyshevLowerRatio > 0 && chebyshevLowerRatio < 1))
        return bad("chebyshev_lower_ratio", chebyshevLowerRatio, "must be in (0, 1)");
    if (primalCandidates < 3 || primalCandidates > 6)
        return bad("primal_candidates", primalCandidates, "must be in [3, 6]");
    if (primalChebyshevDegree < 1 || primalChebyshevDegree > 32)
        return bad("primal_chebyshev_degree", primalChebyshevDegree, "must be in [1, 32]");
    if (!(primalChebyshevLowerRatio > 0 && primalChebyshevLowerRatio < 1))
        return bad("primal_chebyshev_lower_ratio", primalChebyshevLowerRatio, "must be in (0, 1)");
    return {};
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

const char* smootherName(MgpbdSmoother s) {
    switch (s) {
        case MgpbdSmoother::Jacobi: return "jacobi";
        case MgpbdSmoother::Chebyshev: return "chebyshev";
        case MgpbdSmoother::GaussSeidel: return "gauss-seidel";
    }
    return "?";
}

}  // namespace sim
