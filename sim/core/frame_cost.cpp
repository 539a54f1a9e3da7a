#include "sim/core/frame_cost.h"

#include <algorithm>
#include <cstdio>

namespace sim {

std::string FrameCostWatch::update(long frame, double ms, size_t selfContacts, int particles,
                                   double substepSeconds) {
    if (reference_ == 0) {
        first_.push_back(ms);
        referenceContacts_ = std::max(referenceContacts_, selfContacts);
        if (int(first_.size()) < kReferenceFrames) return {};
        std::nth_element(first_.begin(), first_.begin() + first_.size() / 2, first_.end());
        reference_ = std::max(first_[first_.size() / 2], 1e-3);
        return {};
    }
    const double bound = std::max({kFactor * reference_, kFloorMs, 2 * warnedMs_});
    if (ms <= bound) return {};
    warnedMs_ = ms;
    char text[400];
    std::snprintf(text, sizeof text,
                  "frame %ld cost %.0f ms, %.0fx the %.1f ms of this run's first frames "
                  "(%zu self contacts, %zu then; %d particles; substep %.3g s)%s",
                  frame, ms, ms / reference_, reference_, selfContacts, referenceContacts_,
                  particles, substepSeconds,
                  selfContacts > 4 * std::max<size_t>(referenceContacts_, 100)
                      ? ": self contacts piled up; a shorter dt or more substeps keeps them few"
                      : "");
    return text;
}

}  // namespace sim
