#pragma once
// Shared by the GPU tests: skipping without a device, fresh random seeds (printed, so a
// failure can be replayed), error measures, and small worlds with every device row kind.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "sim/core/stages.h"
#include "sim/cuda/device.h"
#include "sim/scenes/scene_table.h"
#include "sim/world/cloth_builder.h"
#include "sim/world/softbody_builder.h"
#include "sim/world/world.h"

#ifdef PBD_HAVE_CUDA
#include "sim/cuda/device_buffer.h"
#include "sim/cuda/device_views.h"
#include "sim/solvers/mgpbd/csr_matrix.h"
#endif

// Device tests call this first: without a usable GPU they skip and say why.
#define REQUIRE_GPU()                                                           \
    do {                                                                        \
        const std::string pbdWhy = sim::cuda::unavailableReason();              \
        if (!pbdWhy.empty()) GTEST_SKIP() << "needs a CUDA device: " << pbdWhy; \
    } while (0)

namespace sim::cuda::test {

// A generator seeded from std::random_device; the seed goes into the failure message.
struct FreshRandom {
    unsigned seed = std::random_device{}();
    std::mt19937 rng{seed};
    std::string trace() const { return "random seed " + std::to_string(seed); }
    double uniform(double lo, double hi) {
        return std::uniform_real_distribution<double>(lo, hi)(rng);
    }
};

// The tolerances: relative error <= 1e-5 in float, <= 1e-12 in double.
template <class T>
constexpr double kernelTolerance() {
    return std::is_same_v<T, float> ? 1e-5 : 1e-12;
}

// max |a - b| / max |b| (normwise relative error; 0 / 0 counts as 0). NaN anywhere fails.
template <class A, class B>
double relativeError(const std::vector<A>& a, const std::vector<B>& b) {
    if (a.size() != b.size()) return INFINITY;
    double diff = 0, scale = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        const double x = double(a[i]), y = double(b[i]);
        if (!std::isfinite(x) || !std::isfinite(y)) return INFINITY;
        diff = std::max(diff, std::abs(x - y));
        scale = std::max(scale, std::abs(y));
    }
    return scale > 0 ? diff / scale : diff;
}

inline std::vector<double> flatten(const std::vector<Vec3>& v) {
    std::vector<double> out;
    for (const Vec3& x : v) out.insert(out.end(), {x.x(), x.y(), x.z()});
    return out;
}

// A draped sheet: a res x res grid with bending, two pinned corners, a few soft
// attachments to random targets, and positions predicted and jittered (seeded) off rest.
inline void clothWorld(World& world, int res, FreshRandom& random, Real compliance = 1e-7) {
    GridSpec grid;
    grid.cols = grid.rows = res;
    grid.origin = Vec3(-0.5, 1.0, 0.0);
    grid.vAxis = -Vec3::UnitY();
    ASSERT_EQ(addCloth(world, makeGridMesh(grid), ClothOptions{}), "");
    world.pin(gridIndex(grid, 0, 0), true);
    world.pin(gridIndex(grid, 0, res), true);
    world.settings.stretch = Material{1.0, compliance};
    world.settings.attachment = Material{1.0, 1e-5};
    for (int k = 0; k < 3; ++k) {
        AttachmentConstraint a;
        a.i = 1 + k * (res / 3) + res * (res / 2);
        a.target = world.particles.x[a.i] +
                   Vec3(random.uniform(-0.1, 0.1), random.uniform(-0.1, 0.1), 0.1);
        world.constraints.attachments.push_back(a);
    }
    world.bumpTopology();
    Particles& P = world.particles;
    const Real dt = world.settings.substepDt();
    applyExternalForces(P, world.triangles, world.settings, dt);
    predictPositions(P, dt);
    for (int i = 0; i < P.size(); ++i)
        if (P.w[i] > 0)
            P.p[i] += Vec3(random.uniform(-0.3, 0.3), random.uniform(-0.3, 0.3),
                           random.uniform(-0.3, 0.3)) /
                      res;
}

// An n^3-cell box of tets (edges, volume and ARAP rows of the given form), bottom face
// pinned, positions deformed by a random affine map plus jitter.
inline void boxWorld(World& world, int n, ArapForm form, FreshRandom& random) {
    SoftBodyOptions options;
    options.edges = true;
    options.volume = true;
    options.arapForm = form;
    ASSERT_EQ(addSoftBody(world, makeBoxTets(Vec3::Zero(), Vec3(0.3, 0.3, 0.3), n, n, n), options),
              "");
    world.settings.volume = Material{1.0, 1e-8};
    world.settings.stretch = Material{1.0, 1e-7};
    Particles& P = world.particles;
    for (int i = 0; i < P.size(); ++i)
        if (P.x[i].y() == 0) world.pin(i, true);
    Mat3 F = Mat3::Identity();
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) F(r, c) += random.uniform(-0.3, 0.3);
    for (int i = 0; i < P.size(); ++i)
        P.p[i] = F * P.x[i] + Vec3(random.uniform(-0.01, 0.01), random.uniform(-0.01, 0.01),
                                   random.uniform(-0.01, 0.01));
}

#ifdef PBD_HAVE_CUDA
// A host CSR matrix on the device with values in V.
template <class V>
struct DeviceCsr {
    int rows = 0, cols = 0;
    long long nonZeros = 0;
    DeviceBuffer<int> rowStart, col;
    DeviceBuffer<V> val;
    explicit DeviceCsr(const CsrMatrix& A) : rows(A.rows), cols(A.cols), nonZeros(A.nonZeros()) {
        const std::vector<int> start(A.rowStart.begin(), A.rowStart.end());
        const std::vector<V> values(A.val.begin(), A.val.end());
        rowStart.upload(start, nullptr);
        col.upload(A.col, nullptr);
        val.upload(values, nullptr);
        CUDA_CHECK(cudaDeviceSynchronize());
    }
    CsrView<const V> view() const {
        return {rows, cols, nonZeros, rowStart.data(), col.data(), val.data()};
    }
    CsrView<V> mutableView() {
        return {rows, cols, nonZeros, rowStart.data(), col.data(), val.data()};
    }
};

template <class T>
DeviceBuffer<T> upload(const std::vector<T>& host) {
    DeviceBuffer<T> d;
    d.upload(host, nullptr);
    CUDA_CHECK(cudaDeviceSynchronize());
    return d;
}
#endif

}  // namespace sim::cuda::test
