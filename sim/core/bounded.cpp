#include "sim/core/bounded.h"

#include <bit>
#include <cstdint>

namespace sim {

// It runs after every stage, and a per-vector compare loop showed in softbody_on_cloth's
// profile (docs/notes/testing-and-ci.md). So it compares bit patterns, which GCC
// vectorises where it does not vectorise
// a floating-point compare. For a double with its sign bit cleared, |x| < kExplodedValue
// exactly when its bits, read as an unsigned integer, are below those of kExplodedValue
// (inf and NaN have every exponent bit set, so they are above): the sign bit of the
// difference of the two.
bool allBounded(const std::vector<Vec3>& a) {
    constexpr uint64_t kLimit = std::bit_cast<uint64_t>(kExplodedValue);
    constexpr uint64_t kMagnitude = ~(uint64_t{1} << 63);
    const Real* c = a.empty() ? nullptr : a.front().data();
    uint64_t ok = 1;
    for (size_t k = 0; k < 3 * a.size(); ++k)
        ok &= ((std::bit_cast<uint64_t>(c[k]) & kMagnitude) - kLimit) >> 63;
    return ok != 0;
}

}  // namespace sim
