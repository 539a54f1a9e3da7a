#pragma once
// Random test vectors with the draws in a fixed order. Vec3(u(rng), u(rng), u(rng)) leaves the
// order of its three draws to the compiler: GCC makes them right to left, clang left to right,
// so one seed gave the release build (GCC) and the sanitizer build (clang) different cases.
// These draw z, y, x (w last for a quaternion), GCC's order, so the cases and the figures
// measured on them in the release build stay as they were.
#include <Eigen/Geometry>
#include <random>

#include "sim/core/types.h"

namespace sim {

template <class Distribution>
Vec3 drawVec3(Distribution& d, std::mt19937& rng) {
    const Real z = d(rng);
    const Real y = d(rng);
    const Real x = d(rng);
    return Vec3(x, y, z);
}

template <class Distribution>
Eigen::Quaterniond drawQuat(Distribution& d, std::mt19937& rng) {
    const Real z = d(rng);
    const Real y = d(rng);
    const Real x = d(rng);
    const Real w = d(rng);
    return Eigen::Quaterniond(w, x, y, z);
}

// Each coordinate uniform in (-scale, scale).
inline Vec3 randomVec(std::mt19937& rng, Real scale = 1) {
    std::uniform_real_distribution<Real> u(-scale, scale);
    return drawVec3(u, rng);
}

}  // namespace sim
