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
        return s.validate();
    }
};

}  // namespace bench
