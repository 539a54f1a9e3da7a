#include "sim/contact/step_context.h"

namespace sim {

std::optional<std::span<const TopologyChange>> splitsSince(std::span<const TopologyChange> log,
                                                           uint64_t version) {
    if (log.empty() || version < log.front().version) return std::nullopt;
    size_t k = 1;
    while (k < log.size() && log[k].version <= version) ++k;
    return log.subspan(k);
}

}  // namespace sim
