#pragma once
// MGPBD's frame budget in deterministic work units. The outer loop and each PCG solve stop
// on a count of the work done, never on a clock, so a recorded session or a state file
// replays exactly wherever it runs. One unit is one double-precision sparse multiply-add
// (an SpMV nonzero); every other kernel is charged in those units from the sizes of its
// operands. kWorkUnitsPerMs converts the budget the user sets in milliseconds: it was
// measured once, single-threaded, on the machine the defaults were chosen on (see
// docs/notes/2026-11-24-mgpbd-live.md), and is a fixed constant from then on.

namespace sim {

inline constexpr double kWorkUnitsPerMs = 3.0e6;
// A float SpMV nonzero (the V-cycle's 16-bit column offsets) against a double one.
inline constexpr double kFloatSpmvWeight = 0.9;
// A Galerkin product's multiply-add (scattered writes) and a dense LDL^T one (blocked,
// vectorised) against an SpMV nonzero.
inline constexpr double kProductWeight = 2.0;
inline constexpr double kDenseFactorWeight = 0.25;
// Evaluating C and grad C, per gradient slot (per particle of each row); an ARAP row's
// polar decomposition costs several times a distance or bending row.
inline constexpr double kEvaluateWorkPerSlot = 40;
inline constexpr double kEvaluateWorkPerArapSlot = 250;
// One XPBD Gauss-Seidel sweep (evaluate, project, apply) against one evaluate.
inline constexpr double kSweepPerEvaluate = 0.8;
// AMG setup = kSetupRefreshes refreshes + kSetupSpmvs fine SpMVs (power iterations,
// aggregation, QR, symbolic products), an estimate charged to the substep that runs it.
inline constexpr double kSetupRefreshes = 4;
inline constexpr double kSetupSpmvs = 40;

// Work done in one substep against its budget (limit 0 = no budget).
struct WorkCounter {
    double used = 0;
    double limit = 0;
    void start(double budget) {
        used = 0;
        limit = budget;
    }
    void add(double units) { used += units; }
    bool limited() const { return limit > 0; }
    // Units left (unbounded without a budget).
    double left() const { return limited() ? limit - used : 1e300; }
};

}  // namespace sim
