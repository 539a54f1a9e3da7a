#include "sim/sweeps/sweep_order.h"

#include <algorithm>

#include "sim/constraints/constraint_set.h"
#include "sim/contact/step_context.h"

namespace sim {

namespace {

// Round of each constraint = how many constraints with the same lead (lowest) particle come
// before it in the array; the permutation sorts by round, then index (a counting sort).
template <class Traits, class Array>
std::vector<uint32_t> roundOrder(const Array& array, int particles, int& roundCount) {
    std::vector<int> led(particles, 0);
    std::vector<int> round(array.size());
    roundCount = 0;
    for (size_t k = 0; k < array.size(); ++k) {
        int lead = particles;  // an empty particle list leads nothing: round 0
        for (int i : Traits::indices(array[k])) lead = std::min(lead, i);
        round[k] = lead >= 0 && lead < particles ? led[lead]++ : 0;
        roundCount = std::max(roundCount, round[k] + 1);
    }
    std::vector<uint32_t> start(roundCount + 1, 0);
    for (int r : round) ++start[r + 1];
    for (int r = 0; r < roundCount; ++r) start[r + 1] += start[r];
    std::vector<uint32_t> order(array.size());
    for (size_t k = 0; k < array.size(); ++k) order[start[round[k]]++] = static_cast<uint32_t>(k);
    return order;
}

}  // namespace

void SweepOrder::update(const StepContext& ctx) {
    // Sizes of the ordered (bilateral) arrays: a change without a version bump still rebuilds.
    std::array<size_t, kMaxTypes> sizes{};
    size_t type = 0;
    visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        sizes[type++] = Traits::unilateral ? 0 : array.size();
    });
    if (version_ == ctx.topologyVersion() && sizes == sizes_) return;
    const int n = ctx.particles.size();
    type = 0;
    visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        rounds_[type] = 0;
        if constexpr (Traits::unilateral)
            order_[type].clear();
        else
            order_[type] = roundOrder<Traits>(array, n, rounds_[type]);
        ++type;
    });
    version_ = ctx.topologyVersion();
    sizes_ = sizes;
}

}  // namespace sim
