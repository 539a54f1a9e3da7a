#pragma once
// MGPBD: the global XPBD solver of Li, Chen, Liu and Deng, "MGPBD: A Multigrid Accelerated
// Global XPBD Solver" (SIGGRAPH 2025), Algorithm 1, on the CPU.
//
// XPBD's Gauss-Seidel/Jacobi update (eq. 4) keeps only the diagonal of the dual system
//     (grad C M^-1 grad C^T + alpha~) dlambda = -C - alpha~ lambda            (eq. 3)
// and so cannot propagate low-frequency error. MGPBD solves eq. 3 whole at every outer
// iteration with an unsmoothed-aggregation AMG preconditioned CG (§4), then
//     dx = M^-1 grad C^T dlambda (eq. 5),  lambda += dlambda,  x += omega dx  (lines 9-11).
// Collisions are projected once after the elasticity loop (line 16, §5.4) through the
// shared contact projection.
//
// Data: DualSystem holds A's CSR pattern (rebuilt per topology) and refills values in place;
// AmgHierarchy holds prolongators and smoother coefficients, rebuilt lazily every
// `setupInterval` frames (§4.2) while the Galerkin operators follow A at every solve.
#include <vector>

#include "sim/solvers/mgpbd/amg_hierarchy.h"
#include "sim/solvers/mgpbd/dual_system.h"
#include "sim/solvers/mgpbd/pcg.h"
#include "sim/solvers/mgpbd/primal_system.h"
#include "sim/solvers/solver.h"

namespace sim {

class MgpbdSolver final : public Solver {
public:
    const char* name() const override { return "mgpbd"; }
    void solve(World& world, Real dt) override;

    // Wall time [ms] since the start of the last solve at each residualHistory entry.
    const std::vector<double>& residualTimesMs() const { return times_; }
    const DualSystem& dualSystem() const { return system_; }
    const AmgHierarchy& hierarchy() const { return amg_; }
    // The AMG on the primal system K (MgpbdSettings::primalSystem) and K itself.
    const AmgHierarchy& primalHierarchy() const { return primalAmg_; }
    const PrimalSystem& primalSystem() const { return primalSystem_; }
    // Whether the last solve went through the primal system.
    bool usedPrimal() const { return usedPrimal_; }
    // Forces the next solve to redo the AMG setup.
    void invalidateSetup() {
        lastSetupFrame_ = -1;
        lastPrimalSetupFrame_ = -1;
    }

private:
    void addPrimalResidual(const World& world);
    struct Timings {
        double &assemble, &setup, &galerkin, &solve;
    };
    bool setupDue(const World& world, const AmgHierarchy& amg, long lastSetup, bool rebuilt) const;
    // Lines 5-8 on the dual system: fill A, lazy AMG setup or Galerkin refresh, PCG for
    // dlambda_. Returns the PCG iterations.
    int solveDual(const World& world, bool firstIteration, bool rebuilt, Timings& ms);
    // The same through the primal system: fill K, its AMG, K y = J^T D^-1 b, dlambda_ from y.
    int solvePrimal(const World& world, bool firstIteration, bool rebuilt, Timings& ms);
    void fillStats(int pcgIterations, double msAssemble, double msSetup, double msGalerkin,
                   double msSolve, bool lineSearch);

    DualSystem system_;
    AmgHierarchy amg_;
    long lastSetupFrame_ = -1;
    uint64_t amgStructure_ = ~uint64_t(0);  // the dual system structure amg_ was set up for
    PrimalSystem primalSystem_;
    AmgHierarchy primalAmg_;
    long lastPrimalSetupFrame_ = -1;
    bool usedPrimal_ = false;
    Vector scratch_;
    Real minPrimalStepScale_ = 1;  // smallest scale of an unconverged primal step (stats)
    Real minOmega_ = 1;            // smallest omega the line search took (stats)
    Real pcgTolerance_ = 1e-5;     // this outer iteration's PCG tolerance
    std::vector<Vec3> start_;      // x before the step (line search)
    Vector lambda_, dlambda_;
    std::vector<Vec3> dx_;
    std::vector<Vec3> predicted_, primal_;  // x~ of this substep; M^-1 g
    PcgWorkspace pcgWork_;
    std::vector<double> times_;
    std::vector<Real> strain_;
    Vector diag_;
};

}  // namespace sim
