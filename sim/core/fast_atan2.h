#pragma once
// atan2 without libm's call. The bending constraint evaluates one atan2 per hinge per
// iteration; libm's took a fifth of tearable_cloth's solve (perf).
//
// Our own approximation: reduce to t = min(|x|,|y|) / max(|x|,|y|) in [0, 1], then, above
// tan(pi/8), use atan(t) = pi/4 + atan((t - 1) / (t + 1)), so the argument u has
// u^2 <= tan^2(pi/8) = 3 - 2 sqrt(2). There atan(u) = u h(u^2), with h the degree-11
// polynomial interpolating atan(sqrt z) / sqrt z at 12 Chebyshev nodes of [0, 3 - 2 sqrt(2)]
// (computed in 60-digit arithmetic with mpmath; its relative error on the interval is at the
// rounding limit, 2.4e-16 measured in double). Gradients.FastAtan2MatchesLibm checks it
// against std::atan2 over 18 decades and every quadrant.
#include <cmath>

#include "sim/core/types.h"

namespace sim {

inline Real fastAtan2(Real y, Real x) {
    constexpr Real kPi = 3.14159265358979323846;
    constexpr Real kTanPi8 = 0.41421356237309504880;  // sqrt(2) - 1
    constexpr Real h[12] = {1.0,
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
    const Real ax = std::abs(x), ay = std::abs(y);
    const bool swapped = ay > ax;
    Real t = swapped ? ax / ay : ay / ax;  // in [0, 1]
    Real base = 0;
    if (t > kTanPi8) {
        t = (t - 1) / (t + 1);
        base = kPi / 4;
    }
    const Real z = t * t;
    Real p = h[11];
    for (int k = 10; k >= 0; --k) p = p * z + h[k];
    Real a = base + t * p;         // atan(min / max) in [0, pi/4]
    if (swapped) a = kPi / 2 - a;  // atan(ay / ax) in [0, pi/2]
    if (x < 0) a = kPi - a;
    return std::copysign(a, y);
}

}  // namespace sim
