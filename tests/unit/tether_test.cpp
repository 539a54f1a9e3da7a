// Tethers (constraints/tether.h, topology/tethers.h): the gradient, the rest distances they
// get, what they do for PBD's stretch at pins, and that they follow tears.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "sim/scenes/scene_table.h"
#include "sim/topology/tethers.h"
#include "sim/world/checks.h"
#include "sim/world/cut.h"
#include "sim/world/metrics.h"
#include "sim/world/world.h"
#include "tests/unit/random_draws.h"

using namespace sim;

namespace {

using Traits = ConstraintTraits<TetherConstraint>;

World hangingCloth(bool tethers) {
    World world;
    EXPECT_EQ(loadScene(world, "hanging_cloth", 32), "");
    world.setSolver(SolverKind::PBD);
    world.settings.iterations = 10;
    world.settings.tethers = tethers;
    return world;
}

}  // namespace

TEST(Tether, GradientMatchesFiniteDifferences) {
    std::mt19937 rng(5);
    std::uniform_real_distribution<Real> u(-1, 1);
    for (int trial = 0; trial < 20; ++trial) {
        std::vector<Vec3> p = {drawVec3(u, rng), drawVec3(u, rng)};
        const TetherConstraint c{0, 1, 0.4, 1};
        Vec3 g[2];
        const Real C = Traits::evaluate(c, p, g);
        EXPECT_NEAR(C, 0.4 - (p[0] - p[1]).norm(), 1e-12);  // C = L - |p_i - p_anchor|
        for (int k = 0; k < 2; ++k)
            for (int d = 0; d < 3; ++d) {
                std::vector<Vec3> plus = p, minus = p;
                plus[k][d] += 1e-6;
                minus[k][d] -= 1e-6;
                Vec3 t[2];
                const Real fd =
                    (Traits::evaluate(c, plus, t) - Traits::evaluate(c, minus, t)) / 2e-6;
                EXPECT_NEAR(g[k][d], fd, 1e-6);
            }
    }
}

// On the flat sheet every tether is the straight rest distance to one of the two nearest pins.
TEST(Tether, EveryFreeParticleIsTetheredToBothPinsAtItsRestDistance) {
    World world = hangingCloth(true);
    world.step();
    const auto& tethers = world.constraints.tethers;
    int free = 0;
    for (int i = 0; i < world.particles.size(); ++i) free += !world.particles.pinned[i];
    EXPECT_EQ(static_cast<int>(tethers.size()), 2 * free);
    for (const TetherConstraint& t : tethers) {
        EXPECT_TRUE(world.particles.pinned[t.anchor]);
        EXPECT_NEAR(t.length, (world.particles.rest[t.i] - world.particles.rest[t.anchor]).norm(),
                    1e-12);
    }
}

// PBD at 10 iterations (the scene's 2 substeps): without tethers the two pinned corners each
// hold half the cloth and the edges there stretch several-fold; with them the peak over the
// first swing stays within 25 % of its measured 0.068 (0.153 at 1 substep).
TEST(TetherSlow, HangingClothUnderPbdStretchesLittle) {
    for (bool on : {false, true}) {
        World world = hangingCloth(on);
        Real peak = 0;
        for (int f = 0; f < 300; ++f) {
            world.step();
            peak = std::max(peak, measure(world).maxStrain);
        }
        if (on)
            EXPECT_LE(peak, 0.085);
        else
            EXPECT_GT(peak, 1.0);  // so this test can fail
        std::printf("tethers %d: peak max strain over 300 frames %.4f\n", on, peak);
    }
}

// A cut below the pins: the lower piece has no path to a pin any more, so it loses its
// tethers and falls, while the upper piece keeps hanging.
TEST(Tether, ACutPieceFallsFree) {
    World world = hangingCloth(true);
    for (int f = 0; f < 120; ++f) world.step();
    const size_t before = world.constraints.tethers.size();
    Real top = -1e9, bottom = 1e9;
    for (const Vec3& x : world.particles.x)
        top = std::max(top, x.y()), bottom = std::min(bottom, x.y());
    const Real y = 0.5 * (top + bottom);
    ASSERT_GT(cutAlongStroke(world, {Vec3(0, y, 5), Vec3(-2, y, 0), Vec3(2, y, 0)}), 0);
    ASSERT_EQ(countComponents(world), 2);
    world.step();
    EXPECT_LT(world.constraints.tethers.size(), before);
    for (const TetherConstraint& t : world.constraints.tethers)
        EXPECT_GT(world.particles.x[t.i].y(), y - 0.05);
    for (int f = 0; f < 120; ++f) world.step();
    Real lowest = 1e9;
    for (const Vec3& x : world.particles.x) lowest = std::min(lowest, x.y());
    EXPECT_LT(lowest, 0.05);  // the lower piece reached the ground
}

namespace {

// Checks every tether of `world` against the plain loop over every boundary edge that
// buildTethers' grid must agree with: a tether whose straight rest segment crosses a boundary
// edge takes its edge-path length, every other one the straight distance. Returns the counts
// (path, straight).
std::pair<int, int> checkStraightAgainstPlainLoop(const World& world) {
    const Particles& P = world.particles;
    std::map<std::pair<int, int>, int> uses;
    for (const auto& t : world.triangles)
        for (int k = 0; k < 3; ++k) ++uses[std::minmax(t[k], t[(k + 1) % 3])];
    const auto& t0 = world.triangles[0];
    const Vec3 normal =
        (P.rest[t0[1]] - P.rest[t0[0]]).cross(P.rest[t0[2]] - P.rest[t0[0]]).normalized();
    auto side = [&](const Vec3& p, const Vec3& q, const Vec3& r) {
        return (q - p).cross(r - p).dot(normal);
    };
    int straight = 0, path = 0;
    for (const TetherConstraint& t : world.constraints.tethers) {
        const Vec3 a = P.rest[t.i], b = P.rest[t.anchor];
        bool crosses = false;
        for (const auto& [edge, count] : uses) {
            const auto [u, v] = edge;
            if (count != 1 || u == t.i || v == t.i || u == t.anchor || v == t.anchor) continue;
            const Real d1 = side(a, b, P.rest[u]), d2 = side(a, b, P.rest[v]);
            const Real d3 = side(P.rest[u], P.rest[v], a), d4 = side(P.rest[u], P.rest[v], b);
            crosses |= (d1 > 0) != (d2 > 0) && (d3 > 0) != (d4 > 0) && d1 != 0 && d2 != 0 &&
                       d3 != 0 && d4 != 0;
        }
        if (crosses) {
            ++path;
            EXPECT_GT(t.length, (a - b).norm() + 1e-9) << "tether " << t.i << " -> " << t.anchor;
        } else {
            ++straight;
            EXPECT_EQ(t.length, (a - b).norm()) << "tether " << t.i << " -> " << t.anchor;
        }
    }
    // The world's build used what its earlier builds found (TetherCache): a build from
    // nothing gives the same tethers.
    std::vector<TetherConstraint> fresh;
    buildTethers(P, world.constraints.distance, world.triangles, fresh);
    EXPECT_EQ(fresh.size(), world.constraints.tethers.size());
    for (size_t k = 0; k < std::min(fresh.size(), world.constraints.tethers.size()); ++k) {
        const TetherConstraint &f = fresh[k], &t = world.constraints.tethers[k];
        EXPECT_TRUE(f.i == t.i && f.anchor == t.anchor && f.length == t.length) << "tether " << k;
    }
    return {path, straight};
}

}  // namespace

// Slits cut one after another, each followed by a rebuild that starts from the last one's
// findings: from the left rim to the middle, then from the right rim at another height, which
// shadows tethers the first slit left straight.
TEST(Tether, StraightOnlyWhereTheSegmentCrossesNoBoundary) {
    World world = hangingCloth(true);
    for (int f = 0; f < 30; ++f) world.step();
    Real top = -1e9, bottom = 1e9, left = 1e9, right = -1e9;
    for (const Vec3& x : world.particles.x) {
        top = std::max(top, x.y()), bottom = std::min(bottom, x.y());
        left = std::min(left, x.x()), right = std::max(right, x.x());
    }
    const Real middle = 0.5 * (left + right);
    const Real y1 = bottom + 0.6 * (top - bottom), y2 = bottom + 0.4 * (top - bottom);
    ASSERT_GT(cutAlongStroke(world, {Vec3(0, y1, 5), Vec3(left - 0.1, y1, 0), Vec3(middle, y1, 0)}),
              0);
    ASSERT_EQ(countComponents(world), 1);
    world.step();
    const auto [path1, straight1] = checkStraightAgainstPlainLoop(world);
    EXPECT_GT(path1, 10);  // the slit shadows the particles below it
    EXPECT_GT(straight1, 10);

    for (int f = 0; f < 5; ++f) world.step();
    ASSERT_GT(
        cutAlongStroke(world, {Vec3(0, y2, 5), Vec3(right + 0.1, y2, 0), Vec3(middle, y2, 0)}), 0);
    ASSERT_EQ(countComponents(world), 1);
    world.step();
    const auto [path2, straight2] = checkStraightAgainstPlainLoop(world);
    EXPECT_GT(path2, path1);  // the second slit shadows more
    EXPECT_GT(straight2, 10);
}
