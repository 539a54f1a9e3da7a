#pragma once
// Shared by the MGPBD tests: the mgpbd_cloth scene after one prediction with its free
// particles moved off the flat rest state, a dense copy of a CSR matrix, and the hanging
// cloth's peak strain under MGPBD.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <random>

#include "sim/core/stages.h"
#include "sim/scenes/scene_table.h"
#include "sim/solvers/mgpbd/csr_matrix.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/world/metrics.h"
#include "sim/world/world.h"
#include "tests/unit/random_draws.h"

namespace sim {

// mgpbd_cloth at `res`, external forces applied and positions predicted, then every free
// particle moved by uniform offsets in (-noise, noise)/res per axis (seeded) and by a smooth
// field of amplitude `wave` (a draped, curved sheet). noise = wave = 0: the flat sheet.
inline void predictedCloth(World& world, int res, Real noise, unsigned seed, Real wave = 0) {
    ASSERT_EQ(loadScene(world, "mgpbd_cloth", res), "");
    // The tests measure the paper's Algorithm 1
    world.settings.block<sim::MgpbdSettings>().applyPaperPreset();
    Particles& P = world.particles;
    const Real dt = world.settings.substepDt();
    applyExternalForces(P, world.triangles, world.settings, dt);
    predictPositions(P, dt);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<Real> u(-noise, noise);
    for (int i = 0; i < P.size(); ++i)
        if (P.w[i] > 0) {
            const Vec3 x = P.p[i];
            P.p[i] += drawVec3(u, rng) / res +
                      wave * Vec3(std::sin(3 * x.y()), std::sin(3 * x.z()), std::sin(3 * x.x()));
        }
}

// Peak max strain of hanging_cloth (res 32) over `frames` frames under MGPBD, with
// edit(world.settings.block<sim::MgpbdSettings>()) applied first.
template <class Edit>
Real hangingClothPeakStrain(int frames, Edit&& edit) {
    World world;
    EXPECT_EQ(loadScene(world, "hanging_cloth", 32), "");
    world.setSolver(SolverKind::MGPBD);
    edit(world.settings.block<sim::MgpbdSettings>());
    Real peak = 0;
    for (int f = 0; f < frames; ++f) {
        world.step();
        peak = std::max(peak, measure(world).maxStrain);
    }
    return peak;
}

inline Eigen::MatrixXd dense(const CsrMatrix& A) {
    Eigen::MatrixXd D = Eigen::MatrixXd::Zero(A.rows, A.cols);
    for (int r = 0; r < A.rows; ++r)
        for (int64_t k = A.rowStart[r]; k < A.rowStart[r + 1]; ++k) D(r, A.col[k]) = A.val[k];
    return D;
}

}  // namespace sim
