#pragma once
// Command-line options shared by the MGPBD benches to override MgpbdSettings.
#include <CLI/CLI.hpp>
#include <string>

#include "sim/solvers/mgpbd/mgpbd_settings.h"

namespace bench {

struct MgpbdOverrides {
    int candidates = -1;
    int sweeps = -1;
    bool constant = false;
    bool strain = false;
    bool smoothedAggregation = false;
    std::string smoother;
    double theta = -1;
    int setupInterval = -1;
    int maxIterations = -1;
    int pcgMaxIterations = -1;
    double pcgTolerance = -1;
    double relaxation = -1;
    double timeBudgetMs = -1;
    double atol = -1;
    bool backtracking = false;
    bool lineSearch = false;
    bool inexact = false;
    bool noPrimalResidual = false;
    bool primalResidual = false;
    int smoothingSweeps = -1;
    int chebyshevDegree = -1;
    int coarseSize = -1;
    int maxLevels = -1;
    double jacobiLambdaMin = -1;
    double chebyshevLowerRatio = -1;
    std::string precision;
    int coarseChebyshevDegree = -1;
    bool primal = false;
    int primalCandidates = -1;
    int primalChebyshevDegree = -1;
    double primalChebyshevLower = -1;
    bool primalUa = false;

    void add(CLI::App& sub) {
        sub.add_option("--candidates", candidates, "near-kernel vectors (default 6)");
        sub.add_option("--candidate-sweeps", sweeps, "GS sweeps per candidate (default 20)");
        sub.add_flag("--constant", constant, "constant near-kernel vector instead");
        sub.add_flag("--strain", strain, "strain-mode near-kernel vectors instead");
        sub.add_flag("--sa", smoothedAggregation, "smoothed aggregation instead of UA");
        sub.add_option("--smoother", smoother, "jacobi | chebyshev | gs");
        sub.add_option("--theta", theta, "strength threshold (default 0.1)");
        sub.add_option("--setup-interval", setupInterval, "frames between AMG setups");
        sub.add_option("--max-iterations", maxIterations, "MGPBD outer iterations cap");
        sub.add_option("--pcg-max", pcgMaxIterations, "PCG iterations cap per outer iteration (default 100)");
        sub.add_option("--pcg-tol", pcgTolerance, "PCG relative tolerance (default 1e-5)");
        sub.add_option("--relaxation", relaxation, "omega of Algorithm 1 line 11 (default 0.25)");
        sub.add_option("--mgpbd-budget-ms", timeBudgetMs, "MGPBD outer-loop time budget per substep [ms]");
        sub.add_option("--mgpbd-atol", atol, "MGPBD stop when ||b|| < atol (default 1e-4)");
        sub.add_flag("--backtracking", backtracking, "halve omega while the dual residual grows");
        sub.add_flag("--line-search", lineSearch, "per iteration: halve omega and retry while the step raises ||b||");
        sub.add_flag("--inexact", inexact, "PCG tolerance max(pcg-tol, min(0.1, atol / 2||b||))");
        sub.add_flag("--no-primal-residual", noPrimalResidual,
                     "drop g = M(x - x~) - grad C^T lambda from b (the paper's eq. 2)");
        sub.add_flag("--primal-residual", primalResidual,
                     "keep g = M(x - x~) - grad C^T lambda in b (MgpbdSettings::primalResidual)");
        sub.add_option("--smoothing-sweeps", smoothingSweeps, "V-cycle pre and post sweeps each");
        sub.add_option("--cheb-degree", chebyshevDegree, "Chebyshev smoother degree");
        sub.add_option("--coarse-size", coarseSize, "stop coarsening below this many unknowns");
        sub.add_option("--max-levels", maxLevels, "AMG levels at most");
        sub.add_option("--cheb-lower", chebyshevLowerRatio, "Chebyshev interval lower end in rho (default 1/30)");
        sub.add_option("--coarse-cheb-degree", coarseChebyshevDegree, "Chebyshev degree below the finest level (0 = same)");
        sub.add_option("--vcycle-precision", precision, "double | float (V-cycle storage and arithmetic; dual and primal)");
        sub.add_flag("--primal", primal, "MGPBD solves each dual system through its primal form K (PrimalSystem)");
        sub.add_option("--primal-candidates", primalCandidates, "rigid-body candidates on K: 3 (translations) to 6");
        sub.add_option("--primal-cheb-degree", primalChebyshevDegree, "Chebyshev degree of the smoother on K (default 2)");
        sub.add_option("--primal-cheb-lower", primalChebyshevLower, "its interval's lower end in rho (default 1/30)");
        sub.add_flag("--primal-ua", primalUa, "unsmoothed aggregation on K instead of SA");
        sub.add_option("--jacobi-lambda-min", jacobiLambdaMin, "lambda_min estimate of weighted Jacobi (0 = lambda_max)");
    }
    // Returns an error message, or empty.
    std::string apply(sim::MgpbdSettings& s) const {
        if (candidates >= 0) s.candidateCount = candidates;
        if (sweeps >= 0) s.candidateSweeps = sweeps;
        if (constant) s.candidates = sim::MgpbdCandidates::Constant;
        if (strain) s.candidates = sim::MgpbdCandidates::Strain;
        if (smoothedAggregation) s.smoothedAggregation = true;
        if (smoother == "jacobi") s.smoother = sim::MgpbdSmoother::Jacobi;
        else if (smoother == "chebyshev") s.smoother = sim::MgpbdSmoother::Chebyshev;
        else if (smoother == "gs") s.smoother = sim::MgpbdSmoother::GaussSeidel;
        else if (!smoother.empty()) return "unknown smoother '" + smoother + "' (jacobi | chebyshev | gs)";
        if (theta >= 0) s.strengthTheta = theta;
        if (setupInterval > 0) s.setupInterval = setupInterval;
        if (maxIterations > 0) s.maxIterations = maxIterations;
        if (pcgMaxIterations > 0) s.pcgMaxIterations = pcgMaxIterations;
        if (pcgTolerance > 0) s.pcgTolerance = pcgTolerance;
        if (relaxation > 0) s.relaxation = relaxation;
        if (timeBudgetMs >= 0) s.timeBudgetMs = timeBudgetMs;
        if (atol >= 0) s.atol = atol;
        if (backtracking) s.backtracking = true;
        if (lineSearch) s.lineSearch = true;
        if (inexact) s.inexactSolves = true;
        if (noPrimalResidual) s.primalResidual = false;
        if (primalResidual) s.primalResidual = true;
        if (smoothingSweeps > 0) s.smoothingSweeps = smoothingSweeps;
        if (chebyshevDegree > 0) s.chebyshevDegree = chebyshevDegree;
        if (coarseSize > 0) s.coarseSize = coarseSize;
        if (maxLevels > 0) s.maxLevels = maxLevels;
        if (jacobiLambdaMin >= 0) s.jacobiLambdaMin = jacobiLambdaMin;
        if (chebyshevLowerRatio > 0) s.chebyshevLowerRatio = chebyshevLowerRatio;
        if (coarseChebyshevDegree >= 0) s.coarseChebyshevDegree = coarseChebyshevDegree;
        if (primal) s.primalSystem = true;
        if (primalCandidates > 0) s.primalCandidates = primalCandidates;
        if (primalChebyshevDegree > 0) s.primalChebyshevDegree = primalChebyshevDegree;
        if (primalChebyshevLower > 0) s.primalChebyshevLowerRatio = primalChebyshevLower;
        if (primalUa) s.primalSmoothedAggregation = false;
        if (precision == "float") s.floatVCycle = s.primalFloatVCycle = true;
        else if (precision == "double") s.floatVCycle = s.primalFloatVCycle = false;
        else if (!precision.empty()) return "unknown V-cycle precision '" + precision + "' (double | float)";
        return s.validate();
    }
};

}  // namespace bench
