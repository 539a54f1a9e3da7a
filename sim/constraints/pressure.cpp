#include "sim/constraints/pressure.h"

#include <algorithm>
#include <cmath>

namespace sim {

namespace {

// (1/6) sum ((x_a-o) x (x_b-o)) . (x_c-o) about o = the first vertex (pressure.h).
Real volumeAbout(const PressureConstraint& c, const std::vector<Vec3>& p, const Vec3& o) {
    Real six = 0;
    const int* t = c.corners.data();
    for (size_t k = 0; k + 2 < c.corners.size(); k += 3) {
        const Vec3 a = p[c.particles[t[k]]] - o, b = p[c.particles[t[k + 1]]] - o,
                   d = p[c.particles[t[k + 2]]] - o;
        six += a.cross(b).dot(d);
    }
    return six / 6.0;
}

}  // namespace

Real enclosedVolume(const PressureConstraint& c, const std::vector<Vec3>& p) {
    if (c.particles.empty()) return 0;
    return volumeAbout(c, p, p[c.particles[0]]);
}

Real evaluatePressure(const PressureConstraint& c, const std::vector<Vec3>& p, std::span<Vec3> g) {
    for (Vec3& v : g) v.setZero();
    if (c.particles.empty()) return 0;
    const Vec3 o = p[c.particles[0]];
    Real six = 0;
    const int* t = c.corners.data();
    for (size_t k = 0; k + 2 < c.corners.size(); k += 3) {
        const int ia = t[k], ib = t[k + 1], ic = t[k + 2];
        const Vec3 a = p[c.particles[ia]] - o, b = p[c.particles[ib]] - o,
                   d = p[c.particles[ic]] - o;
        const Vec3 ab = a.cross(b);
        six += ab.dot(d);
        g[ia] += b.cross(d);  // d/da of (a x b) . d = b x d
        g[ib] += d.cross(a);
        g[ic] += ab;
    }
    for (Vec3& v : g) v *= 1.0 / 6.0;
    return six / 6.0 - c.pressure * c.restVolume;
}

PressureConstraint makePressureConstraint(const std::vector<std::array<int, 3>>& triangles,
                                          const std::vector<Vec3>& x) {
    PressureConstraint c;
    for (const auto& t : triangles) c.particles.insert(c.particles.end(), t.begin(), t.end());
    std::sort(c.particles.begin(), c.particles.end());
    c.particles.erase(std::unique(c.particles.begin(), c.particles.end()), c.particles.end());
    c.corners.reserve(3 * triangles.size());
    for (const auto& t : triangles)
        for (int k : t)
            c.corners.push_back(static_cast<int>(
                std::lower_bound(c.particles.begin(), c.particles.end(), k) - c.particles.begin()));
    c.restVolume = enclosedVolume(c, x);
    if (!(c.restVolume > 0)) c.particles.clear(), c.corners.clear();
    return c;
}

const char* checkPressure(const PressureConstraint& c) {
    if (c.particles.empty()) return "no particles";
    if (c.corners.empty() || c.corners.size() % 3 != 0)
        return "corner count is not a positive multiple of 3";
    const int n = static_cast<int>(c.particles.size());
    for (int k : c.corners)
        if (k < 0 || k >= n) return "a triangle corner is outside its particle list";
    if (!(c.restVolume > 0) || !std::isfinite(c.restVolume))
        return "rest volume is not positive and finite";
    if (!(c.pressure > 0) || !std::isfinite(c.pressure))
        return "k_pressure is not positive and finite";
    return nullptr;
}

}  // namespace sim
