#pragma once
// The order in which a Gauss-Seidel sweep visits each constraint array: in rounds. Each
// constraint is led by its lowest particle index; round r holds every particle's r-th led
// constraint, in array order. For the cloth builder's edges (sorted by vertex pair) that is
// all horizontal edges row by row, then all vertical ones, then all diagonals.
//
// Why not the arrays' own order: with one iteration per substep a sweep in array order gained
// energy until the cloth exploded: hanging_cloth --res 99 --dt 0.005 --substeps 5
// --iterations 1 reached 1.9e8 J at frame 60 (m g h = 2.9 J), cloth_on_sphere res 199 at
// 5 x 1 within 24 frames, PBD, XPBD and HPBD alike. The net energy change of the solve
// turned positive once pinned-corner edges were stretched 8-12x and the residual carried
// from substep to substep was corrected into velocity by v = (p - x)/dt. Every other order
// tried stayed below 0.6 m g h on those runs (shuffled constraints, vertices shuffled with
// their edges together, greedy colouring, these rounds); the rounds keep the array order's
// convergence (hanging_cloth res 64, 10 iterations, 300 frames: mean strain 0.141 against
// 0.133; colouring 0.181), so they are the default. A multi-row constraint (the ARAP strain
// tet) is one entry, led by its lowest particle like any other.
//
// Derived from topology: rebuilt when the world's topology version or an array's size
// changes. Any order is a permutation, so a stale one is never out of bounds. Unilateral
// types (separation pairs, regenerated every substep like contacts) keep array order.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "sim/constraints/constraint_types.h"

namespace sim {

class World;

class SweepOrder {
  public:
    // Brings the order up to date with the world's constraints (cheap when it is).
    void update(const World& world);
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
