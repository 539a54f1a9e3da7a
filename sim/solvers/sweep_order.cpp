#include "sim/solvers/sweep_order.h"

#include <algorithm>

#include "sim/constraints/constraint_visit.h"
#include "sim/core/world.h"

namespace sim {

namespace {

// Greedy colouring in array order; returns the permutation (by colour, then index) and
// writes the number of colours. usedBy[particle] lists the colours already at a particle.
template <class Traits, class Array>
std::vector<uint32_t> colourOrder(const Array& array, int particles, int& colourCount) {
    std::vector<std::vector<int>> usedBy(particles);
    std::vector<uint32_t> stamp;  // stamp[c] == k + 1: colour c is taken for constraint k
    std::vector<int> colour(array.size());
    colourCount = 0;
    for (size_t k = 0; k < array.size(); ++k) {
        const auto idx = Traits::indices(array[k]);
        for (int i : idx)
            if (i >= 0 && i < particles)
                for (int c : usedBy[i]) stamp[c] = static_cast<uint32_t>(k + 1);
        int c = 0;
        while (c < colourCount && stamp[c] == k + 1) ++c;
        if (c == colourCount) {
            ++colourCount;
            stamp.push_back(0);
        }
        colour[k] = c;
        for (int i : idx)
            if (i >= 0 && i < particles) usedBy[i].push_back(c);
    }
    // Counting sort by colour keeps array order within a colour (monotone memory access).
    std::vector<uint32_t> start(colourCount + 1, 0);
    for (int c : colour) ++start[c + 1];
    for (int c = 0; c < colourCount; ++c) start[c + 1] += start[c];
    std::vector<uint32_t> order(array.size());
    for (size_t k = 0; k < array.size(); ++k) order[start[colour[k]]++] = static_cast<uint32_t>(k);
    return order;
}

}  // namespace

void SweepOrder::update(const World& world) {
    // Sizes of the coloured (bilateral) arrays: a change without a version bump still rebuilds.
    std::array<size_t, kMaxTypes> sizes{};
    size_t type = 0;
    visitConstraints(world.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        sizes[type++] = Traits::unilateral ? 0 : array.size();
    });
    static_assert(kMaxTypes >= 6);
    if (version_ == world.topologyVersion() && sizes == sizes_) return;
    const int n = world.particles.size();
    type = 0;
    visitConstraints(world.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        colours_[type] = 0;
        if constexpr (Traits::unilateral)
            order_[type].clear();
        else
            order_[type] = colourOrder<Traits>(array, n, colours_[type]);
        ++type;
    });
    version_ = world.topologyVersion();
    sizes_ = sizes;
}

}  // namespace sim
