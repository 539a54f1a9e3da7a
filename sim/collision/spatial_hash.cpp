#include "sim/collision/spatial_hash.h"

#include <algorithm>
#include <bit>

namespace sim {

void SpatialHash::build(const std::vector<Aabb>& boxes, Real cellSize) {
    boxes_ = &boxes;
    inv_ = 1.0 / cellSize;
    // At least twice as many buckets as boxes, a power of two.
    shift_ = 64 - std::max(6, static_cast<int>(std::bit_width(2 * boxes.size())));
    const size_t buckets = size_t{1} << (64 - shift_);
    scratch_.clear();
    large_.clear();
    for (int b = 0; b < static_cast<int>(boxes.size()); ++b) {
        const auto lo = cellOf(boxes[b].lo), hi = cellOf(boxes[b].hi);
        // A box spanning many cells (a fast, flung particle) is kept aside and tested
        // against every query, so the table stays small and no pair is missed.
        if (hi[0] - lo[0] > kMaxSpan || hi[1] - lo[1] > kMaxSpan || hi[2] - lo[2] > kMaxSpan) {
            large_.push_back(b);
            continue;
        }
        for (int64_t i = lo[0]; i <= hi[0]; ++i)
            for (int64_t j = lo[1]; j <= hi[1]; ++j)
                for (int64_t k = lo[2]; k <= hi[2]; ++k)
                    scratch_.push_back({static_cast<uint32_t>(hash(i, j, k)), b});
    }
    start_.assign(buckets + 1, 0);
    for (const auto& [bucket, b] : scratch_) ++start_[bucket + 1];
    for (size_t i = 0; i < buckets; ++i) start_[i + 1] += start_[i];
    entries_.resize(scratch_.size());
    std::vector<int> fill(start_.begin(), start_.end() - 1);
    for (const auto& [bucket, b] : scratch_) entries_[fill[bucket]++] = b;
    if (seen_.size() < boxes.size()) seen_.assign(boxes.size(), 0);
    if (stamp_ > 0xF0000000u) {
        std::fill(seen_.begin(), seen_.end(), 0);
        stamp_ = 0;
    }
}

}  // namespace sim
