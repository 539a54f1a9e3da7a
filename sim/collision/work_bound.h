#pragma once
// A bound on the work of one pass that a user's edit can blow up (self_collision.h's
// detection passes after a rip, a cut or a yank).
#include <cstddef>

namespace sim {

// The work bound of one detection pass: a multiple of the work per element (particle, edge)
// its recent calls needed, plus a floor. A relative bound because the normal work per element
// grows with the resolution (a fixed thickness covers more triangles as they shrink), while
// what a rip leaves behind multiplies it at once. Calls that were cut short do not count
// toward the average, so a rip that stays does not raise its own bound.
struct WorkBound {
    // Chosen so that normal runs at the default and at twice the resolution are not cut
    // while a rip is (docs/notes/hands-on.md).
    static constexpr double kMultiple = 8;
    static constexpr double kFirst = 1024;  // per element, while no call has been averaged
    static constexpr size_t kFloor = 1 << 16;
    // The latest call's weight in the average: small, so that a rip building over many
    // substeps does not raise the bound with it.
    static constexpr double kWeight = 0.002;
    double average = 0;  // work per element of the calls not cut short
    size_t limit(size_t elements) const;
    void record(size_t work, size_t elements, bool cutShort);
};

}  // namespace sim
