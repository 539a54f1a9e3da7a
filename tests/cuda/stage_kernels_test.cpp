// The per-stage kernels (stage_kernels.h) against the CPU stages they mirror, on fresh
// random inputs, every output poisoned (NaN) before the launch. Skipped without a GPU.
#include "sim/cuda/stage_kernels.h"

#include <gtest/gtest.h>

#include "sim/contact/collision_stage.h"
#include "sim/cuda/device_dual.h"
#include "sim/cuda/device_particles.h"
#include "sim/cuda/device_rows.h"
#include "sim/solvers/mgpbd/dual_system.h"
#include "tests/cuda/gpu_test_util.h"

namespace sim::cuda {
namespace {

using test::FreshRandom;
using test::relativeError;

const double* raw(const std::vector<Vec3>& v) {
    return reinterpret_cast<const double*>(v.data());
}

TEST(StageKernels, PredictAndUpdateVelocitiesMatchTheCpuStages) {
    REQUIRE_GPU();
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    World world;
    test::clothWorld(world, 8, random);
    Particles cpu = world.particles;
    for (Vec3& v : cpu.v)
        v = Vec3(random.uniform(-1, 1), random.uniform(-1, 1), random.uniform(-1, 1));
    const Real dt = world.settings.substepDt();
    const int n = cpu.size();
    DeviceBuffer<double> x, v, w, p;
    x.upload(raw(cpu.x), 3 * n, nullptr);
    v.upload(raw(cpu.v), 3 * n, nullptr);
    w.upload(cpu.w, nullptr);
    p.resize(3 * n);
    p.poison(nullptr);
    const double g[3] = {world.settings.gravity.x(), world.settings.gravity.y(),
                         world.settings.gravity.z()};
    launchPredict(n, x.data(), v.data(), w.data(), g, dt, p.data(), nullptr);
    applyExternalForces(cpu, {}, world.settings, dt);  // gravity only: no triangles, no wind
    predictPositions(cpu, dt);
    EXPECT_LT(relativeError(p.toHost(nullptr), test::flatten(cpu.p)), 1e-12);
    EXPECT_LT(relativeError(v.toHost(nullptr), test::flatten(cpu.v)), 1e-12);

    for (Vec3& q : cpu.p)
        q += Vec3(random.uniform(-0.1, 0.1), random.uniform(-0.1, 0.1), random.uniform(-0.1, 0.1));
    p.upload(raw(cpu.p), 3 * n, nullptr);
    v.poison(nullptr);
    launchUpdateVelocities(n, p.data(), x.data(), v.data(), dt, nullptr);
    updateVelocities(cpu, dt);
    EXPECT_LT(relativeError(v.toHost(nullptr), test::flatten(cpu.v)), 1e-12);
    EXPECT_LT(relativeError(x.toHost(nullptr), test::flatten(cpu.x)), 1e-12);
}

template <class T>
class DualKernels : public ::testing::Test {};
using Precisions = ::testing::Types<float, double>;
TYPED_TEST_SUITE(DualKernels, Precisions);

// evaluate, fillMatrix and positionDelta of the dual system on worlds with every row kind:
// distance, bending and attachment (cloth), distance, tet volume and ARAP in both forms (box).
TYPED_TEST(DualKernels, EvaluateFillAndPositionDeltaMatchDualSystem) {
    using T = TypeParam;
    REQUIRE_GPU();
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    World cloth, strain, norm;
    test::clothWorld(cloth, 8, random);
    test::boxWorld(strain, 2, ArapForm::StrainRows, random);
    test::boxWorld(norm, 2, ArapForm::Norm, random);
    const double tol = test::kernelTolerance<T>();
    for (World* world : {&cloth, &strain, &norm}) {
        const Real dt = world->settings.substepDt();
        DualSystem system;
        system.update(world->context());
        const int rows = system.rows();
        Vector lambda(rows);
        for (Real& l : lambda) l = random.uniform(-1e-3, 1e-3);
        system.assemble(world->context(), dt, lambda);

        DeviceRows deviceRows;
        ASSERT_EQ(deviceRows.upload(world->context(), buildRowTable(world->context()), nullptr),
                  "");
        deviceRows.refresh(world->context(), dt, nullptr);
        DeviceDual<T> dual;
        ASSERT_EQ(dual.upload(system, deviceRows, nullptr), "");
        const Particles& P = world->particles;
        DeviceBuffer<double> p, w, l, dlambda, dx;
        p.upload(raw(P.p), 3 * P.size(), nullptr);
        w.upload(P.w, nullptr);
        l.upload(lambda, nullptr);
        dual.gradients().poison(nullptr);
        dual.b().poison(nullptr);
        dual.alphaTilde().poison(nullptr);
        dual.evaluate(deviceRows, p.data(), l.data(), nullptr);
        EXPECT_LT(
            relativeError(dual.gradients().toHost(nullptr), test::flatten(system.gradients())),
            tol);
        EXPECT_LT(relativeError(dual.b().toHost(nullptr), system.b), 1e-12);
        EXPECT_LT(relativeError(dual.alphaTilde().toHost(nullptr), system.alphaTilde), 1e-12);

        dual.values().poison(nullptr);
        dual.fill(w.data(), nullptr);
        EXPECT_LT(relativeError(dual.values().toHost(nullptr), system.A.val), tol);

        Vector step(rows);
        for (Real& s : step) s = random.uniform(-1e-2, 1e-2);
        std::vector<Vec3> expected;
        system.positionDelta(world->context(), step, expected);
        dlambda.upload(step, nullptr);
        dx.resize(3 * P.size());
        dx.poison(nullptr);
        const double omega = random.uniform(0.1, 1.0);
        dual.positionDelta(w.data(), dlambda.data(), omega, dx.data(), p.data(), nullptr);
        EXPECT_LT(relativeError(dx.toHost(nullptr), test::flatten(expected)), tol);
        std::vector<double> moved = p.toHost(nullptr), wanted = test::flatten(expected);
        const std::vector<double> start = test::flatten(P.p);
        for (size_t k = 0; k < moved.size(); ++k) {
            moved[k] -= start[k];
            wanted[k] *= omega;
        }
        EXPECT_LT(relativeError(moved, wanted), std::max(tol, 1e-10));  // p + omega dx, less p
    }
}

TEST(StageKernels, ContactProjectionMatchesProjectContacts) {
    REQUIRE_GPU();
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    World world;
    for (int k = 0; k < 200; ++k) {
        const int i = world.particles.add(
            Vec3(random.uniform(-1, 1), random.uniform(0.0, 0.02), random.uniform(-1, 1)), 1.0);
        world.particles.p[i] =
            world.particles.x[i] + Vec3(random.uniform(-0.02, 0.02), random.uniform(-0.05, 0.0),
                                        random.uniform(-0.02, 0.02));
    }
    world.colliders.push_back(Collider::plane(Vec3::Zero(), Vec3::UnitY()));
    world.colliders.push_back(Collider::sphere(Vec3(0.5, -0.2, 0.5), 0.3));
    const Real dt = 0.01, friction = random.uniform(0.0, 1.0);
    generateContacts(world.particles, world.colliders, world.settings.collisionThickness,
                     world.contacts().colliders, dt);
    ASSERT_GT(world.contacts().colliders.size(), 20u);
    std::vector<Contact> contacts = world.contacts().colliders;
    DeviceParticles device;
    device.upload(world.particles, nullptr);
    ASSERT_TRUE(device.uploadContacts(contacts, nullptr));
    device.projectContacts(friction, dt, nullptr);
    Particles gpu = world.particles;
    device.download(gpu, &contacts, nullptr);
    projectContacts(world.particles, world.contacts().colliders, friction, dt);
    EXPECT_LT(relativeError(test::flatten(gpu.p), test::flatten(world.particles.p)), 1e-12);
    std::vector<double> pushedGpu, pushedCpu;
    for (size_t k = 0; k < contacts.size(); ++k) {
        pushedGpu.push_back(contacts[k].pushed);
        pushedCpu.push_back(world.contacts().colliders[k].pushed);
    }
    EXPECT_LT(relativeError(pushedGpu, pushedCpu), 1e-12);
}

}  // namespace
}  // namespace sim::cuda
