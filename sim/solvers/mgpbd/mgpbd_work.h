#pragma once
// MGPBD's frame budget in deterministic work units. The outer loop and each PCG solve stop
// on a count of the work done, never on a clock, so a recorded session or a state file
// replays exactly wherever it runs. One unit is one double-precision sparse multiply-add
// (an SpMV nonzero); every other kernel is charged in those units from the sizes of its
// operands. kWorkUnitsPerMs converts the budget the user sets in milliseconds. The constants
// were calibrated once, single-threaded, on a machine of the kind the defaults were chosen
// on, and are fixed from then on: `pbd-bench mgpbd-live` prints each phase's units per ms,
// and the weights below make the phases agree (docs/notes/mgpbd-budget.md).

namespace sim {

// The rate of the PCG and Galerkin phases, so that a budget of so many ms costs about that
// (docs/notes/mgpbd-budget.md).
inline constexpr double kWorkUnitsPerMs = 0.9e6;
// A float SpMV nonzero (the V-cycle's 16-bit column offsets) against a double one.
inline constexpr double kFloatSpmvWeight = 0.9;
// A Galerkin product's multiply-add (scattered writes) and a dense LDL^T one (blocked,
// vectorised) against an SpMV nonzero.
inline constexpr double kProductWeight = 2.0;
inline constexpr double kDenseFactorWeight = 0.25;
// Evaluating C and grad C, per gradient slot (per particle of each row). An ARAP tet
// costs one polar decomposition (per tet slot, shared by its rows) plus its rows' gradients.
// Calibrated against kWorkUnitsPerMs: distance and bending rows (hanging_cloth,
// cloth_on_sphere), one-row ARAP (bunny_squash), six-row ARAP (beam).
inline constexpr double kEvaluateWorkPerSlot = 15;
inline constexpr double kEvaluateWorkPerArapSlot = 65;
inline constexpr double kEvaluateWorkPerArapRowSlot = 21;
// One XPBD Gauss-Seidel sweep (evaluate, project, apply) against one evaluate.
inline constexpr double kSweepPerEvaluate = 1.2;
// AMG setup = kSetupRefreshes refreshes + kSetupSpmvs fine SpMVs (power iterations,
// aggregation, QR, symbolic products), an estimate charged to the substep that runs it.
// Setups run slower per unit on soft bodies and on a tearing cloth (its rows rebuilt as it
// tears) than on a cloth; they are charged at the slower rate, so that a forced setup is not
// started on a low estimate (docs/notes/mgpbd-budget.md).
inline constexpr double kSetupRefreshes = 8;
inline constexpr double kSetupSpmvs = 80;

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
