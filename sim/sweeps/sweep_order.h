#pragma once
// The order in which a Gauss-Seidel sweep visits each constraint array: in rounds. Each
// constraint is led by its lowest particle index; round r holds every particle's r-th led
// constraint, in array order. For the cloth builder's edges (sorted by vertex pair) that is
// all horizontal edges row by row, then all vertical ones, then all diagonals.
//
// Why not the arrays' own order: with one iteration per substep a sweep in array order gained
// energy until the cloth exploded (hanging_cloth and cloth_on_sphere at fine resolutions,
// PBD, XPBD and HPBD alike). The net energy change of the solve turned positive once
// pinned-corner edges were stretched several times their length and the residual carried
// from substep to substep was corrected into velocity by v = (p - x)/dt. Every other order
// tried stayed stable (shuffled constraints, vertices shuffled with their edges together,
// greedy colouring, these rounds); the rounds keep nearly the array order's convergence,
// better than colouring, so they are the default
// (docs/notes/gauss-seidel-sweeps.md). A multi-row constraint (the ARAP
// strain tet) is one entry, led by its lowest particle like any other.
//
// Derived from topology: rebuilt when the world's topology version or an array's size
// changes. Any order is a permutation, so a stale one is never out of bounds. Unilateral
// types (tethers) keep array order.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "sim/constraints/constraint_types.h"

namespace sim {

class StepContext;

class SweepOrder {
  public:
    // Brings the order up to date with the world's constraints (cheap when it is).
    void update(const StepContext& ctx);
    // The visiting order of constraint array `type` (visitConstraints order); empty means
    // array order.
    const std::vector<uint32_t>& of(std::size_t type) const { return order_[type]; }
    // Rounds in array `type` (0 when it keeps array order).
    int rounds(std::size_t type) const { return rounds_[type]; }

    // One slot per type of the registry (constraint_types.h).
#define PBD_COUNT_CONSTRAINT_TYPE(T, member) +1
    static constexpr std::size_t kMaxTypes = 0 PBD_CONSTRAINT_TYPES(PBD_COUNT_CONSTRAINT_TYPE);
#undef PBD_COUNT_CONSTRAINT_TYPE

  private:
    uint64_t version_ = 0;
    std::array<std::size_t, kMaxTypes> sizes_{};
    std::array<std::vector<uint32_t>, kMaxTypes> order_;
    std::array<int, kMaxTypes> rounds_{};
};

}  // namespace sim
