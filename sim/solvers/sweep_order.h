#pragma once
// The order in which a Gauss-Seidel sweep visits each constraint array: colour by colour,
// where a greedy colouring gives no two constraints of one colour a shared particle
// (Fratarcangeli et al. 2016 "Vivace"; Bender's PBD library solves cloth the same way).
//
// Why not the arrays' own order: the cloth builder emits edges sorted by vertex index, so
// a sweep in array order walks the sheet row by row and visits every particle's
// constraints in the same sequence, every sweep. With one iteration per substep the
// residual such a sweep leaves is one-sided and is carried from substep to substep, and
// the velocity update v = (p - x)/dt turns its correction into velocity: hanging_cloth
// --res 99 --dt 0.005 --substeps 5 --iterations 1 gained energy in the solve from frame
// 39 on and reached 1.9e8 J at frame 60. Within one colour the projections are
// independent (Jacobi and Gauss-Seidel agree), so the residual is spread over the sheet
// instead; the same run stays below 0.3 m g h (bench/results/pbd_energy_sweep.csv).
//
// Derived from topology: rebuilt when the world's topology version or an array's size
// changes. Any order is a permutation, so a stale one is never out of bounds. Unilateral
// types (separation pairs, regenerated every substep like contacts) keep array order.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace sim {

class World;

class SweepOrder {
  public:
    // Brings the order up to date with the world's constraints (cheap when it is).
    void update(const World& world);
    // The visiting order of constraint array `type` (visitConstraints order); empty means
    // array order.
    const std::vector<uint32_t>& of(std::size_t type) const { return order_[type]; }
    // Colours used by array `type` (0 when it keeps array order).
    int colours(std::size_t type) const { return colours_[type]; }

    static constexpr std::size_t kMaxTypes = 8;

  private:
    uint64_t version_ = 0;
    std::array<std::size_t, kMaxTypes> sizes_{};
    std::array<std::vector<uint32_t>, kMaxTypes> order_;
    std::array<int, kMaxTypes> colours_{};
};

}  // namespace sim
