// The CPU references of the GPU path (row_table.h, xpbd_reference.h) checked against
// independent CPU code: the dual system's own numbering, the solvers' residual, and the
// Gauss-Seidel solver's fixed point. These run on every machine (no GPU needed).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>

#include "sim/cuda/row_table.h"
#include "sim/cuda/xpbd_reference.h"
#include "sim/solvers/mgpbd/dual_system.h"
#include "sim/solvers/pbd/gauss_seidel_solver.h"
#include "sim/sweeps/residual.h"
#include "tests/cuda/gpu_test_util.h"

namespace sim::cuda {
namespace {

using test::FreshRandom;

TEST(RowTable, NumbersRowsAndSlotsAsTheDualSystem) {
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    World cloth, strain, norm;
    test::clothWorld(cloth, 6, random);
    test::boxWorld(strain, 2, ArapForm::StrainRows, random);
    test::boxWorld(norm, 2, ArapForm::Norm, random);
    for (World* w : {&cloth, &strain, &norm}) {
        DualSystem system;
        system.update(w->context());
        const RowTable table = buildRowTable(w->context());
        EXPECT_GT(table.size(), 0);
        EXPECT_EQ(compareWithDualSystem(table, system), "");
    }
}

TEST(RowTable, ColouringIsProperAndCoversEveryRowOnce) {
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    World cloth, box;
    test::clothWorld(cloth, 8, random);
    test::boxWorld(box, 3, ArapForm::StrainRows, random);
    for (World* w : {&cloth, &box}) {
        const RowTable table = buildRowTable(w->context());
        const auto colours = colourConstraintRows(table);
        std::vector<int> seen(table.size(), 0);
        for (const auto& rows : colours) {
            std::set<int> particles;
            for (int r : rows) {
                ++seen[r];
                std::set<int> own(table.slotParticle.begin() + table.slotStart[r],
                                  table.slotParticle.begin() + table.slotStart[r + 1]);
                for (int p : own)
                    EXPECT_TRUE(particles.insert(p).second)
                        << "row " << r << " shares particle " << p;
            }
            EXPECT_TRUE(std::is_sorted(rows.begin(), rows.end()));
        }
        EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), table.size());
        // Greedy colouring needs at least the largest row degree and at most arity * (degree - 1)
        // + 1.
        const std::vector<int> degree = rowDegrees(table);
        const int maxDegree = *std::max_element(degree.begin(), degree.end());
        EXPECT_GE(static_cast<int>(colours.size()), maxDegree);
        EXPECT_LE(static_cast<int>(colours.size()), 4 * (maxDegree - 1) + 1);
    }
}

TEST(RowTable, DualResidualEqualsTheSolversResidual) {
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    World world;
    test::boxWorld(world, 2, ArapForm::StrainRows, random);
    const Real dt = world.settings.substepDt();
    const RowTable table = buildRowTable(world.context());
    std::vector<Real> lambda(table.size());
    LambdaSet lambdas;
    resetLambdas(world.context(), lambdas);
    for (int r = 0; r < table.size(); ++r) {
        lambda[r] = random.uniform(-1e-3, 1e-3);
        lambdas[table.rows[r].type][table.rows[r].lambdaIndex()] = lambda[r];
    }
    const Real expected = dualResidual(world.context(), ProjectionMode::Compliance, dt, lambdas);
    EXPECT_GT(expected, 0);
    EXPECT_NEAR(rowDualResidual(world.context(), dt, table, lambda), expected, 1e-12 * expected);
}

TEST(XpbdReference, ColouredSweepDoesNotDependOnTheOrderWithinAColour) {
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    World forward, backward;
    test::clothWorld(forward, 8, random);
    backward.particles = forward.particles;
    backward.constraints = forward.constraints;
    backward.settings = forward.settings;
    const Real dt = forward.settings.substepDt();
    const RowTable table = buildRowTable(forward.context());
    const auto colours = colourConstraintRows(table);
    std::vector<Real> lf(table.size(), 0.0), lb(table.size(), 0.0);
    for (int sweep = 0; sweep < 3; ++sweep) {
        xpbdColouredSweep(forward.context(), dt, table, colours, lf, false);
        xpbdColouredSweep(backward.context(), dt, table, colours, lb, true);
    }
    EXPECT_EQ(lf, lb);  // bitwise: rows of one colour touch disjoint particles
    for (int i = 0; i < forward.particles.size(); ++i)
        EXPECT_EQ(forward.particles.p[i], backward.particles.p[i]);
}

// Coloured Gauss-Seidel and Jacobi drive the dual residual to zero as the CPU solver's
// Gauss-Seidel does. (Where they end differs: XPBD's positions accumulate M^-1 grad C^T
// dlambda with the gradients of each visit, so the converged state depends on the order;
// only C + alpha~ lambda = 0 is common.) Compliances are large enough (alpha~ ~ w |grad C|^2)
// for a few thousand sweeps to converge.
TEST(XpbdReference, ColouredAndJacobiSweepsConvergeAsGaussSeidelDoes) {
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    World gs;
    test::clothWorld(gs, 5, random, 0.05);
    gs.settings.bend = Material{1.0, 0.05};
    gs.settings.attachment = Material{1.0, 0.05};
    const Real dt = gs.settings.substepDt();
    World coloured, jacobi;
    for (World* w : {&coloured, &jacobi}) {
        w->particles = gs.particles;
        w->constraints = gs.constraints;
        w->settings = gs.settings;
    }
    const RowTable table = buildRowTable(gs.context());
    const auto colours = colourConstraintRows(table);
    const std::vector<int> degree = rowDegrees(table);
    LambdaSet lambdas;
    resetLambdas(gs.context(), lambdas);
    std::vector<Real> lc(table.size(), 0.0), lj(table.size(), 0.0);
    const Real initial = rowDualResidual(gs.context(), dt, table, lc);
    std::vector<Vec3> dx;
    for (int sweep = 0; sweep < 4000; ++sweep) {
        sim::sweep(gs.context(), lambdas, {.mode = ProjectionMode::Compliance, .dt = dt});
        xpbdColouredSweep(coloured.context(), dt, table, colours, lc);
    }
    for (int sweep = 0; sweep < 30000; ++sweep)
        xpbdJacobiSweep(jacobi.context(), dt, table, degree, lj, dx);
    EXPECT_GT(initial, 0.1);
    EXPECT_LT(dualResidual(gs.context(), ProjectionMode::Compliance, dt, lambdas), 1e-9);
    EXPECT_LT(rowDualResidual(coloured.context(), dt, table, lc), 1e-9);
    EXPECT_LT(rowDualResidual(jacobi.context(), dt, table, lj), 1e-5 * initial);
}

// Rows that share no particle all get colour 0, in array order: a coloured sweep is then
// the CPU solver's sweep, bit for bit.
TEST(XpbdReference, ColouredSweepEqualsGaussSeidelOnIndependentRows) {
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    World world;
    for (int k = 0; k < 20; ++k) {
        const int i =
            world.particles.add(Vec3(random.uniform(-1, 1), random.uniform(-1, 1), 0), 1.0);
        const int j = world.particles.add(
            world.particles.x[i] + Vec3(0.1, random.uniform(-0.05, 0.05), 0), 2.0);
        world.constraints.distance.push_back({i, j, random.uniform(0.05, 0.2), 1.0});
    }
    world.settings.stretch = Material{1.0, 1e-4};
    world.bumpTopology();
    World gs;
    gs.particles = world.particles;
    gs.constraints = world.constraints;
    gs.settings = world.settings;
    const Real dt = world.settings.substepDt();
    const RowTable table = buildRowTable(world.context());
    const auto colours = colourConstraintRows(table);
    ASSERT_EQ(colours.size(), 1u);
    std::vector<Real> lambda(table.size(), 0.0);
    LambdaSet lambdas;
    resetLambdas(gs.context(), lambdas);
    for (int sweep = 0; sweep < 3; ++sweep) {
        xpbdColouredSweep(world.context(), dt, table, colours, lambda);
        sim::sweep(gs.context(), lambdas, {.mode = ProjectionMode::Compliance, .dt = dt});
    }
    for (int i = 0; i < world.particles.size(); ++i)
        EXPECT_EQ(world.particles.p[i], gs.particles.p[i]);
    EXPECT_EQ(lambda, lambdas[0]);
}

// Jacobi's corrections are sums: the row order (the GPU's atomics have none) changes them
// by rounding only.
TEST(XpbdReference, JacobiSweepDoesNotDependOnTheRowOrder) {
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    World a;
    test::boxWorld(a, 2, ArapForm::StrainRows, random);
    World b;
    b.particles = a.particles;
    b.constraints = a.constraints;
    b.settings = a.settings;
    const Real dt = a.settings.substepDt();
    const RowTable table = buildRowTable(a.context());
    // The same rows in a shuffled order, slots moved with them.
    std::vector<int> order(table.size());
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), random.rng);
    RowTable shuffled;
    shuffled.particles = table.particles;
    shuffled.slotStart.assign(1, 0);
    for (int r : order) {
        shuffled.rows.push_back(table.rows[r]);
        for (int s = table.slotStart[r]; s < table.slotStart[r + 1]; ++s)
            shuffled.slotParticle.push_back(table.slotParticle[s]);
        shuffled.slotStart.push_back(static_cast<int>(shuffled.slotParticle.size()));
    }
    std::vector<Real> la(table.size(), 0.0), lb(table.size(), 0.0);
    std::vector<Vec3> dx;
    const std::vector<int> degree = rowDegrees(table);
    for (int sweep = 0; sweep < 3; ++sweep) {
        xpbdJacobiSweep(a.context(), dt, table, degree, la, dx);
        xpbdJacobiSweep(b.context(), dt, shuffled, degree, lb, dx);
    }
    std::vector<Real> lbInOrder(table.size());
    for (int k = 0; k < table.size(); ++k) lbInOrder[order[k]] = lb[k];
    EXPECT_LT(test::relativeError(lbInOrder, la), 1e-12);
    EXPECT_LT(test::relativeError(test::flatten(b.particles.p), test::flatten(a.particles.p)),
              1e-13);
}

// On rows that share no particle Jacobi (degree 1) is Gauss-Seidel.
TEST(XpbdReference, JacobiEqualsGaussSeidelOnIndependentRows) {
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    World world;
    for (int k = 0; k < 20; ++k) {
        const int i =
            world.particles.add(Vec3(random.uniform(-1, 1), random.uniform(-1, 1), 0), 1.0);
        const int j = world.particles.add(
            world.particles.x[i] + Vec3(0.1, random.uniform(-0.05, 0.05), 0), 2.0);
        world.constraints.distance.push_back({i, j, random.uniform(0.05, 0.2), 1.0});
    }
    world.particles.p = world.particles.x;
    world.settings.stretch = Material{1.0, 1e-4};
    world.bumpTopology();
    World gs;
    gs.particles = world.particles;
    gs.constraints = world.constraints;
    gs.settings = world.settings;
    const Real dt = world.settings.substepDt();
    const RowTable table = buildRowTable(world.context());
    std::vector<Real> lambda(table.size(), 0.0);
    std::vector<Vec3> dx;
    xpbdJacobiSweep(world.context(), dt, table, rowDegrees(table), lambda, dx);
    LambdaSet lambdas;
    resetLambdas(gs.context(), lambdas);
    sweep(gs.context(), lambdas, {.mode = ProjectionMode::Compliance, .dt = dt});
    for (int i = 0; i < world.particles.size(); ++i)
        EXPECT_LT((world.particles.p[i] - gs.particles.p[i]).norm(), 1e-15) << "particle " << i;
    EXPECT_LT(test::relativeError(lambda, lambdas[0]), 1e-15);
}

}  // namespace
}  // namespace sim::cuda
