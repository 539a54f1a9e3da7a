#include "sim/world/validation.h"

#include <sstream>

#include "sim/world/world.h"

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

}  // namespace sim
