#include "sim/core/validation.h"

#include <bit>
#include <cstdint>
#include <sstream>

#include "sim/core/world.h"

namespace sim {

namespace {

std::string problem(const std::string& what, size_t index, const char* why) {
    std::ostringstream out;
    out << what << " " << index << ": " << why;
    return out.str();
}

}  // namespace

std::string validateWorld(const World& world) {
    const Particles& P = world.particles;
    const int n = P.size();
    for (int i = 0; i < n; ++i) {
        if (!P.x[i].allFinite()) return problem("particle", i, "position is not finite");
        if (!P.v[i].allFinite()) return problem("particle", i, "velocity is not finite");
        if (!P.p[i].allFinite()) return problem("particle", i, "predicted position is not finite");
        if (!(P.w[i] >= 0)) return problem("particle", i, "inverse mass is negative or NaN");
        if (!(P.m[i] > 0)) return problem("particle", i, "mass is not positive");
    }
    auto in = [n](int i) { return i >= 0 && i < n; };
    std::string error;
    visitConstraints(world.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        for (size_t c = 0; c < array.size() && error.empty(); ++c) {
            for (int k : Traits::indices(array[c]))
                if (!in(k))
                    error = problem(std::string(Traits::name) + " constraint", c,
                                    "particle index out of range");
            if (error.empty())
                if (const char* why = Traits::check(array[c]))
                    error = problem(std::string(Traits::name) + " constraint", c, why);
        }
    });
    if (!error.empty()) return error;
    for (size_t t = 0; t < world.triangles.size(); ++t)
        for (int k : world.triangles[t])
            if (!in(k)) return problem("triangle", t, "vertex index out of range");
    return {};
}

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
