#include "sim/core/validation.h"

#include <sstream>

#include "sim/core/world.h"

namespace sim {

namespace {

std::string problem(const char* what, size_t index, const char* why) {
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
    const ConstraintSet& cs = world.constraints;
    for (size_t c = 0; c < cs.distance.size(); ++c)
        if (!in(cs.distance[c].i) || !in(cs.distance[c].j))
            return problem("distance constraint", c, "particle index out of range");
    for (size_t c = 0; c < cs.bending.size(); ++c) {
        const BendingConstraint& b = cs.bending[c];
        if (!in(b.i1) || !in(b.i2) || !in(b.i3) || !in(b.i4))
            return problem("bending constraint", c, "particle index out of range");
    }
    for (size_t c = 0; c < cs.attachments.size(); ++c)
        if (!in(cs.attachments[c].i))
            return problem("attachment", c, "particle index out of range");
    for (size_t c = 0; c < cs.tetVolume.size(); ++c)
        for (int k : cs.tetVolume[c].i)
            if (!in(k)) return problem("tet volume constraint", c, "particle index out of range");
    for (size_t c = 0; c < cs.arap.size(); ++c) {
        for (int k : cs.arap[c].i)
            if (!in(k)) return problem("ARAP constraint", c, "particle index out of range");
        if (!cs.arap[c].restInverse.allFinite())
            return problem("ARAP constraint", c, "rest inverse is not finite");
    }
    for (size_t c = 0; c < cs.separation.size(); ++c)
        if (!in(cs.separation[c].i) || !in(cs.separation[c].j))
            return problem("separation constraint", c, "particle index out of range");
    for (size_t t = 0; t < world.triangles.size(); ++t)
        for (int k : world.triangles[t])
            if (!in(k)) return problem("triangle", t, "vertex index out of range");
    return {};
}

}  // namespace sim
