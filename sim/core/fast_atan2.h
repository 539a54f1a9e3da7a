#pragma once
// atan2 without libm's call. The bending constraint evaluates one atan2 per hinge per
// iteration, and libm's call was a large share of tearable_cloth's solve
// (docs/notes/constraints.md).
//
// Our own approximation: reduce to t = min(|x|,|y|) / max(|x|,|y|) in [0, 1], then, above
// tan(pi/8), use atan(t) = pi/4 + atan((t - 1) / (t + 1)), so the argument u has
// u^2 <= tan^2(pi/8) = 3 - 2 sqrt(2). There atan(u) = u h(u^2), with h the degree-11
// polynomial interpolating atan(sqrt z) / sqrt z at 12 Chebyshev nodes of [0, 3 - 2 sqrt(2)]
// (computed in 60-digit arithmetic with mpmath; its relative error on the interval is at the
// rounding limit of double). Gradients.FastAtan2MatchesLibm checks it against std::atan2 over
// 18 decades and every quadrant.
//
// The GPU's constraint evaluation (sim/cuda/constraint_eval.cuh) calls this same function,
// so the two agree to the last bit; hence plain doubles and no other include.
#include <cmath>

#if defined(__CUDACC__)
#define PBD_HOST_DEVICE __host__ __device__
#else
#define PBD_HOST_DEVICE
#endif

namespace sim {

PBD_HOST_DEVICE inline double fastAtan2(double y, double x) {
    constexpr double kPi = 3.14159265358979323846;
    constexpr double kTanPi8 = 0.41421356237309504880;  // sqrt(2) - 1
    constexpr double h[12] = {1.0,
                              -0.3333333333333312,
                              0.19999999999940893,
                              -0.14285714279250245,
                              0.11111110744919658,
                              -0.09090896809064027,
                              0.07692045330902225,
                              -0.06662951813629191,
                              0.05846878297330872,
                              -0.05035102456601552,
                              0.03796525745386593,
                              -0.017805397205419446};
    if (x == 0 && y == 0) return std::signbit(x) ? std::copysign(kPi, y) : y;
    const double ax = std::abs(x), ay = std::abs(y);
    const bool swapped = ay > ax;
    const double lo = swapped ? ax : ay, hi = swapped ? ay : ax;  // t = lo / hi in [0, 1]
    // One division either way: above tan(pi/8), (t - 1) / (t + 1) = (lo - hi) / (lo + hi).
    const bool upper = lo > kTanPi8 * hi;
    const double t = upper ? (lo - hi) / (lo + hi) : lo / hi;
    const double base = upper ? kPi / 4 : 0;
    // Estrin's scheme: pairs, then pairs of pairs, so the 11 multiply-adds form a tree of
    // depth 4 instead of Horner's chain of 11 (the bending sweep waits on this latency).
    const double z = t * t, z2 = z * z, z4 = z2 * z2, z8 = z4 * z4;
    const double q0 = h[0] + h[1] * z, q1 = h[2] + h[3] * z, q2 = h[4] + h[5] * z;
    const double q3 = h[6] + h[7] * z, q4 = h[8] + h[9] * z, q5 = h[10] + h[11] * z;
    const double r0 = q0 + q1 * z2, r1 = q2 + q3 * z2, r2 = q4 + q5 * z2;
    const double p = (r0 + r1 * z4) + r2 * z8;
    double a = base + t * p;       // atan(min / max) in [0, pi/4]
    if (swapped) a = kPi / 2 - a;  // atan(ay / ax) in [0, pi/2]
    if (x < 0) a = kPi - a;
    return std::copysign(a, y);
}

}  // namespace sim
