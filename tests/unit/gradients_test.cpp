// Every constraint's analytic gradient against central finite differences of its value.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>

#include "sim/constraints/attachment.h"
#include "sim/constraints/bending.h"
#include "sim/constraints/contact.h"
#include "sim/constraints/distance.h"
#include "sim/core/fast_atan2.h"
#include "tests/unit/random_draws.h"

using sim::randomVec;
using sim::Real;
using sim::Vec3;

namespace {

// Central differences of f over each coordinate of each point.
template <int N>
void expectGradient(const std::function<Real(const Vec3 (&)[N])>& f, Vec3 (&pts)[N],
                    const Vec3 (&grad)[N], Real tol) {
    const Real h = 1e-6;
    for (int k = 0; k < N; ++k)
        for (int d = 0; d < 3; ++d) {
            Vec3 plus[N], minus[N];
            for (int j = 0; j < N; ++j) plus[j] = minus[j] = pts[j];
            plus[k][d] += h;
            minus[k][d] -= h;
            const Real fd = (f(plus) - f(minus)) / (2 * h);
            EXPECT_NEAR(grad[k][d], fd, tol) << "point " << k << " axis " << d;
        }
}

}  // namespace

TEST(Gradients, Distance) {
    std::mt19937 rng(1);
    for (int trial = 0; trial < 20; ++trial) {
        Vec3 p[2] = {randomVec(rng), randomVec(rng)};
        const Real rest = 0.3;
        Vec3 g[2];
        sim::evaluateDistance(p[0], p[1], rest, g);
        expectGradient<2>(
            [&](const Vec3(&q)[2]) {
                Vec3 tmp[2];
                return sim::evaluateDistance(q[0], q[1], rest, tmp);
            },
            p, g, 1e-6);
    }
}

TEST(Gradients, BendingAtRandomAngles) {
    std::mt19937 rng(2);
    for (int trial = 0; trial < 50; ++trial) {
        Vec3 p[4] = {randomVec(rng), randomVec(rng), randomVec(rng), randomVec(rng)};
        const Real rest = 0.2;
        Vec3 g[4];
        const Real C = sim::evaluateBending(p[0], p[1], p[2], p[3], rest, g);
        if (std::abs(std::abs(C) - M_PI) < 0.05) continue;  // the wrap point is not smooth
        expectGradient<4>(
            [&](const Vec3(&q)[4]) {
                Vec3 tmp[4];
                return sim::evaluateBending(q[0], q[1], q[2], q[3], rest, tmp);
            },
            p, g, 1e-5);
    }
}

TEST(Gradients, BendingAtFlatRestIsFiniteAndExact) {
    // d = n1.n2 = -1 in the paper's convention: the arccos form is singular here.
    Vec3 p[4] = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0.4, 0, 1), Vec3(0.6, 0, -1)};
    Vec3 g[4];
    const Real C = sim::evaluateBending(p[0], p[1], p[2], p[3], 0.0, g);
    EXPECT_NEAR(C, 0.0, 1e-12);
    for (const Vec3& gk : g) EXPECT_TRUE(gk.allFinite());
    EXPECT_GT(g[2].norm(), 0.1);
    expectGradient<4>(
        [&](const Vec3(&q)[4]) {
            Vec3 tmp[4];
            return sim::evaluateBending(q[0], q[1], q[2], q[3], 0.0, tmp);
        },
        p, g, 1e-6);
}

TEST(Gradients, BendingMatchesPaperAppendix) {
    // |phi| = pi - arccos(d) and, since q_i = -dd/dp_i, grad arccos(d) = q/sqrt(1-d^2)
    // (eq. 21-29): our gradient is the paper's q scaled by -+1/sqrt(1-d^2).
    std::mt19937 rng(3);
    for (int trial = 0; trial < 30; ++trial) {
        Vec3 p[4] = {randomVec(rng), randomVec(rng), randomVec(rng), randomVec(rng)};
        Vec3 g[4], q[4];
        const Real phi = sim::evaluateBending(p[0], p[1], p[2], p[3], 0.0, g);
        const Real d = sim::paperBendingQ(p[0], p[1], p[2], p[3], q);
        if (std::abs(d) > 0.99) continue;
        EXPECT_NEAR(std::abs(phi), M_PI - std::acos(d), 1e-9);
        const Real sign = phi > 0 ? 1.0 : -1.0;
        for (int k = 0; k < 4; ++k) {
            const Vec3 paperGrad = q[k] / std::sqrt(1 - d * d);  // grad of arccos(d)
            // phi = sign * (pi - arccos d)  =>  grad phi = -sign * grad arccos(d)
            EXPECT_NEAR((g[k] - (-sign) * paperGrad).norm(), 0.0, 1e-6) << "vertex " << k;
        }
    }
}

TEST(Gradients, FastAtan2MatchesLibm) {
    // The bending angle's atan2 (sim/core/fast_atan2.h) against libm over many decades,
    // every quadrant, the axes and signed zeros.
    std::mt19937 rng(4);
    std::uniform_real_distribution<Real> u(-1, 1), decade(-12, 6);
    Real worst = 0;
    for (int trial = 0; trial < 200000; ++trial) {
        // One draw per statement: the operands of * are unsequenced.
        const Real ym = u(rng), ye = decade(rng), xm = u(rng), xe = decade(rng);
        const Real y = ym * std::pow(10.0, ye), x = xm * std::pow(10.0, xe);
        worst = std::max(worst, std::abs(sim::fastAtan2(y, x) - std::atan2(y, x)));
    }
    EXPECT_LT(worst, 2e-15);
    for (Real y : {0.0, -0.0, 1.0, -1.0})
        for (Real x : {0.0, -0.0, 1.0, -1.0}) {
            EXPECT_NEAR(sim::fastAtan2(y, x), std::atan2(y, x), 1e-15) << y << ", " << x;
            EXPECT_EQ(std::signbit(sim::fastAtan2(y, x)), std::signbit(std::atan2(y, x)));
        }
}

TEST(Gradients, BendingDegenerateCasesGiveNoNaN) {
    Vec3 g[4];
    // zero-length hinge edge
    Real C =
        sim::evaluateBending(Vec3(0, 0, 0), Vec3(0, 0, 0), Vec3(0, 1, 0), Vec3(0, -1, 0), 0.3, g);
    EXPECT_TRUE(std::isfinite(C));
    for (const Vec3& gk : g) EXPECT_TRUE(gk.allFinite());
    // wing on the hinge line (zero-area triangle)
    C = sim::evaluateBending(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0), Vec3(0.5, 1, 0), 0.3, g);
    EXPECT_TRUE(std::isfinite(C));
    for (const Vec3& gk : g) EXPECT_TRUE(gk.allFinite());
    // folded completely (d = +1 in the paper's convention)
    C = sim::evaluateBending(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0.5, 1, 0), Vec3(0.5, 1, 0), 0.0,
                             g);
    EXPECT_TRUE(std::isfinite(C));
    for (const Vec3& gk : g) EXPECT_TRUE(gk.allFinite());
}

TEST(Gradients, AttachmentAndContact) {
    std::mt19937 rng(4);
    Vec3 target = randomVec(rng);
    Vec3 p[1] = {randomVec(rng)};
    Vec3 g[1];
    sim::evaluateAttachment(p[0], target, g);
    expectGradient<1>(
        [&](const Vec3(&q)[1]) {
            Vec3 tmp[1];
            return sim::evaluateAttachment(q[0], target, tmp);
        },
        p, g, 1e-6);

    sim::Contact c;
    c.point = randomVec(rng);
    c.normal = randomVec(rng).normalized();
    sim::evaluateContact(p[0], c, g);
    expectGradient<1>(
        [&](const Vec3(&q)[1]) {
            Vec3 tmp[1];
            return sim::evaluateContact(q[0], c, tmp);
        },
        p, g, 1e-6);
}
