#pragma once
// Spatial hashing of axis-aligned boxes (Teschner et al. 2003, used by PBD §4.3 for self
// collision): every box is entered into each grid cell it overlaps, cells are hashed into
// a table of buckets stored as one sorted array (counting sort), and a query visits each
// box whose cells it shares once. Rebuilt every substep; buffers are reused.
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "sim/core/types.h"

namespace sim {

struct Aabb {
    Vec3 lo = Vec3::Constant(1e30);
    Vec3 hi = Vec3::Constant(-1e30);
    void add(const Vec3& x) { lo = lo.cwiseMin(x), hi = hi.cwiseMax(x); }
    void inflate(Real r) { lo.array() -= r, hi.array() += r; }
    bool overlaps(const Aabb& o) const {
        return (lo.array() <= o.hi.array()).all() && (o.lo.array() <= hi.array()).all();
    }
};

class SpatialHash {
  public:
    // Hashes the boxes into cells of the given size (> 0).
    void build(const std::vector<Aabb>& boxes, Real cellSize);

    // Calls f(boxIndex) once for each hashed box that shares a cell with `query` and whose
    // box overlaps it. Returns the boxes it examined (its cost, for callers that bound work).
    template <class F>
    size_t query(const Aabb& q, F&& f) const {
        if (boxes_ == nullptr || boxes_->empty()) return 0;
        ++stamp_;
        size_t examined = large_.size();
        for (int b : large_) {
            seen_[b] = stamp_;
            if ((*boxes_)[b].overlaps(q)) f(b);
        }
        const auto lo = cellOf(q.lo), hi = cellOf(q.hi);
        if (hi[0] - lo[0] > kMaxSpan || hi[1] - lo[1] > kMaxSpan || hi[2] - lo[2] > kMaxSpan) {
            for (int b = 0; b < static_cast<int>(boxes_->size()); ++b)  // a huge query: scan
                if (seen_[b] != stamp_ && (*boxes_)[b].overlaps(q)) f(b);
            return examined + boxes_->size();
        }
        for (int64_t i = lo[0]; i <= hi[0]; ++i)
            for (int64_t j = lo[1]; j <= hi[1]; ++j)
                for (int64_t k = lo[2]; k <= hi[2]; ++k) {
                    const size_t bucket = hash(i, j, k);
                    for (int e = start_[bucket]; e < start_[bucket + 1]; ++e) {
                        const int b = entries_[e];
                        ++examined;
                        if (seen_[b] == stamp_) continue;
                        seen_[b] = stamp_;
                        if ((*boxes_)[b].overlaps(q)) f(b);
                    }
                }
        return examined;
    }

  private:
    std::array<int64_t, 3> cellOf(const Vec3& x) const {
        return {static_cast<int64_t>(std::floor(x.x() * inv_)),
                static_cast<int64_t>(std::floor(x.y() * inv_)),
                static_cast<int64_t>(std::floor(x.z() * inv_))};
    }
    // Teschner et al.'s cell hash, then Fibonacci hashing (multiply by 2^64 / golden ratio,
    // keep the top bits) into the power-of-two table: a multiply and a shift where the
    // remainder by an odd table size was a 64-bit division per cell entered and visited
    // (a fifth of the build's time in tearable_cloth, perf).
    size_t hash(int64_t i, int64_t j, int64_t k) const {
        const uint64_t h =
            uint64_t(i) * 73856093u ^ uint64_t(j) * 19349663u ^ uint64_t(k) * 83492791u;
        return static_cast<size_t>((h * 0x9E3779B97F4A7C15ull) >> shift_);
    }

    const std::vector<Aabb>* boxes_ = nullptr;
    Real inv_ = 1;
    int shift_ = 63;            // 64 - log2 of the bucket count
    std::vector<int> start_;    // bucket b holds entries_[start_[b], start_[b+1])
    std::vector<int> entries_;  // box indices
    static constexpr int64_t kMaxSpan = 4;
    std::vector<std::pair<uint32_t, int>> scratch_;  // (bucket, box) before the sort
    std::vector<int> large_;  // boxes spanning more than kMaxSpan cells on an axis
    mutable std::vector<uint32_t> seen_;
    mutable uint32_t stamp_ = 0;
};

}  // namespace sim
