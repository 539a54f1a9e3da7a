// The pressure constraint (constraints/pressure.h, PBD §4.4): the enclosed volume, C's
// value and its gradient against finite differences, and what check() refuses.
#include "sim/constraints/pressure.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "sim/topology/closed_surfaces.h"

using namespace sim;

namespace {

using Traits = ConstraintTraits<PressureConstraint>;

PressureConstraint over(const TriangleMesh& mesh) {
    return makePressureConstraint(mesh.triangles, mesh.vertices);
}

}  // namespace

TEST(Pressure, VolumeOfABoxIsExactAndOfAnIcosphereNearTheSphere) {
    for (const Vec3& centre : {Vec3(0, 0, 0), Vec3(1e4, -3e3, 2e4)}) {
        const TriangleMesh box = makeBoxSurface(centre, Vec3(1, 2, 3), 3, 2, 4);
        const PressureConstraint c = over(box);
        EXPECT_EQ(c.particles.size(), box.vertices.size());
        EXPECT_NEAR(c.restVolume, 6.0, 1e-9) << "centre " << centre.transpose();
        EXPECT_NEAR(enclosedVolume(c, box.vertices), 6.0, 1e-9);
    }
    const TriangleMesh sphere = makeIcosphere(Vec3(0.3, 1, -2), 0.5, 4);
    const Real exact = 4.0 / 3.0 * std::numbers::pi * 0.125;
    EXPECT_NEAR(over(sphere).restVolume / exact, 1.0, 0.01);
    EXPECT_LT(over(sphere).restVolume, exact);  // inscribed
}

TEST(Pressure, ValueIsVolumeMinusKPressureTimesRestVolume) {
    const TriangleMesh sphere = makeIcosphere(Vec3::Zero(), 1.0, 2);
    PressureConstraint c = over(sphere);
    c.pressure = 1.3;
    std::vector<Vec3> g(c.particles.size());
    EXPECT_NEAR(Traits::evaluate(c, sphere.vertices, g), -0.3 * c.restVolume, 1e-12);
    std::vector<Vec3> scaled = sphere.vertices;
    for (Vec3& x : scaled) x *= 2;  // eight times the volume
    EXPECT_NEAR(Traits::evaluate(c, scaled, g), (8 - 1.3) * c.restVolume, 1e-10);
}

TEST(Pressure, GradientMatchesFiniteDifferences) {
    std::mt19937 rng(11);
    std::uniform_real_distribution<Real> u(-0.15, 0.15);
    for (int trial = 0; trial < 5; ++trial) {
        const TriangleMesh sphere = makeIcosphere(Vec3(2, -1, 0.5), 0.7, 1);
        PressureConstraint c = over(sphere);
        c.pressure = 1.1;
        std::vector<Vec3> p = sphere.vertices;
        for (Vec3& x : p) x += Vec3(u(rng), u(rng), u(rng));  // a random deformation
        std::vector<Vec3> g(c.particles.size()), scratch(g.size());
        Traits::evaluate(c, p, g);
        const Real h = 1e-6;
        for (size_t k = 0; k < c.particles.size(); ++k)
            for (int d = 0; d < 3; ++d) {
                std::vector<Vec3> plus = p, minus = p;
                plus[c.particles[k]][d] += h;
                minus[c.particles[k]][d] -= h;
                const Real fd =
                    (Traits::evaluate(c, plus, scratch) - Traits::evaluate(c, minus, scratch)) /
                    (2 * h);
                EXPECT_NEAR(g[k][d], fd, 1e-8) << "particle " << k << " axis " << d;
            }
    }
}

TEST(Pressure, CheckNamesWhatIsMalformed) {
    const PressureConstraint good = over(makeIcosphere(Vec3::Zero(), 1.0, 1));
    EXPECT_EQ(Traits::check(good), nullptr);
    PressureConstraint c = good;
    c.corners.pop_back();
    EXPECT_STREQ(Traits::check(c), "corner count is not a positive multiple of 3");
    c = good;
    c.corners[4] = static_cast<int>(c.particles.size());
    EXPECT_STREQ(Traits::check(c), "a triangle corner is outside its particle list");
    c = good;
    c.pressure = 0;
    EXPECT_STREQ(Traits::check(c), "k_pressure is not positive and finite");
    c = good;
    c.restVolume = -1;
    EXPECT_STREQ(Traits::check(c), "rest volume is not positive and finite");
    // An inward-wound surface encloses a negative volume: no constraint.
    TriangleMesh inside = makeIcosphere(Vec3::Zero(), 1.0, 1);
    for (auto& t : inside.triangles) std::swap(t[1], t[2]);
    EXPECT_TRUE(over(inside).particles.empty());
}
