// The sparse and dense kernels (linalg_kernels.h) against double-precision references on
// the same (T-rounded) inputs. Errors are measured against the magnitudes that enter each
// sum (|A| |x|), the bound rounding obeys whatever the cancellation. Skipped without a GPU.
#include "sim/cuda/linalg_kernels.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>

#include "sim/solvers/mgpbd/amg_hierarchy.h"
#include "sim/solvers/mgpbd/dual_system.h"
#include "sim/solvers/mgpbd/sparse_product.h"
#include "tests/cuda/gpu_test_util.h"

namespace sim::cuda {
namespace {

using test::DeviceCsr;
using test::FreshRandom;

// The assembled dual matrix of a jittered cloth (rows ~ 3 res^2).
CsrMatrix clothMatrix(int res, FreshRandom& random) {
    World world;
    test::clothWorld(world, res, random);
    DualSystem system;
    system.update(world.context());
    system.assemble(world.context(), world.settings.substepDt(), Vector(system.rows(), 0.0));
    return system.A;
}

template <class T>
std::vector<T> randomVector(int n, FreshRandom& random) {
    std::vector<T> v(n);
    for (T& x : v) x = static_cast<T>(random.uniform(-1, 1));
    return v;
}

// max |got - want| / max scale.
double scaledError(const std::vector<double>& got, const std::vector<double>& want,
                   const std::vector<double>& scale) {
    double e = 0, s = 0;
    for (size_t i = 0; i < got.size(); ++i) {
        if (!std::isfinite(got[i])) return INFINITY;
        e = std::max(e, std::abs(got[i] - want[i]));
        s = std::max(s, scale[i]);
    }
    return s > 0 ? e / s : e;
}

template <class T>
std::vector<double> toDouble(const std::vector<T>& v) {
    return std::vector<double>(v.begin(), v.end());
}

template <class T>
class Linalg : public ::testing::Test {};
using Precisions = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Linalg, Precisions);

TYPED_TEST(Linalg, MultiplyResidualAndMultiplyAddMatchExactSums) {
    using T = TypeParam;
    REQUIRE_GPU();
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    const CsrMatrix A = clothMatrix(12, random);
    CsrOf<T> At;
    convertValues(A, At);
    DeviceCsr<T> dA(A);
    const std::vector<T> x = randomVector<T>(A.cols, random), b = randomVector<T>(A.rows, random);
    std::vector<double> ax(A.rows, 0), scale(A.rows, 0);
    for (int i = 0; i < A.rows; ++i)
        for (int64_t k = A.rowStart[i]; k < A.rowStart[i + 1]; ++k) {
            ax[i] += double(At.val[k]) * double(x[At.col[k]]);
            scale[i] += std::abs(double(At.val[k]) * double(x[At.col[k]]));
        }
    DeviceBuffer<T> dx = test::upload(x), db = test::upload(b), dy;
    dy.resize(A.rows);
    const double tol = test::kernelTolerance<T>();

    dy.poison(nullptr);
    launchMultiply<T, T>(dA.view(), dx.data(), dy.data(), nullptr);
    EXPECT_LT(scaledError(toDouble(dy.toHost(nullptr)), ax, scale), tol);

    dy.poison(nullptr);
    launchResidual<T, T>(dA.view(), dx.data(), db.data(), dy.data(), nullptr);
    std::vector<double> r(A.rows), rs(A.rows);
    for (int i = 0; i < A.rows; ++i)
        r[i] = double(b[i]) - ax[i], rs[i] = std::abs(double(b[i])) + scale[i];
    EXPECT_LT(scaledError(toDouble(dy.toHost(nullptr)), r, rs), tol);

    DeviceBuffer<T> dz = test::upload(b);
    launchMultiplyAdd<T, T>(dA.view(), dx.data(), dz.data(), nullptr);
    for (int i = 0; i < A.rows; ++i) r[i] = double(b[i]) + ax[i];
    EXPECT_LT(scaledError(toDouble(dz.toHost(nullptr)), r, rs), tol);
}

// Smoother::chebyshev's three step forms and the zero-guess start, z = dinv (b - A x).
TYPED_TEST(Linalg, SmoothingStepsMatchTheirFormulas) {
    using T = TypeParam;
    REQUIRE_GPU();
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    const CsrMatrix A = clothMatrix(10, random);
    CsrOf<T> At;
    convertValues(A, At);
    DeviceCsr<T> dA(A);
    const int n = A.rows;
    const std::vector<T> x = randomVector<T>(n, random), b = randomVector<T>(n, random),
                         prev = randomVector<T>(n, random);
    std::vector<T> dinv(n);
    for (int i = 0; i < n; ++i) dinv[i] = static_cast<T>(1.0 / A.val[A.find(i, i)]);
    const T c1 = static_cast<T>(random.uniform(0.1, 0.9)),
            c2 = static_cast<T>(random.uniform(0.1, 2.0));
    DeviceBuffer<T> dx = test::upload(x), db = test::upload(b), dd = test::upload(dinv), out;
    out.resize(n);
    const double tol = test::kernelTolerance<T>();
    for (int mode = 0; mode < 3; ++mode) {
        if (mode == 2)
            out.upload(prev, nullptr);  // x_{k-1} in
        else
            out.poison(nullptr);
        launchSmoothingStep<T>(dA.view(), dd.data(), db.data(), dx.data(), out.data(), c1, c2, mode,
                               nullptr);
        std::vector<double> want(n), scale(n);
        for (int i = 0; i < n; ++i) {
            double ax = 0, mag = 0;
            for (int64_t k = A.rowStart[i]; k < A.rowStart[i + 1]; ++k) {
                ax += double(At.val[k]) * double(x[At.col[k]]);
                mag += std::abs(double(At.val[k]) * double(x[At.col[k]]));
            }
            const double z = double(dinv[i]) * (double(b[i]) - ax);
            const double xi = x[i], pi = prev[i];
            want[i] = mode == 0   ? xi + c2 * z
                      : mode == 1 ? (1 + double(c1)) * xi + c2 * z
                                  : xi + c1 * (xi - pi) + c2 * z;
            scale[i] = 2 * std::abs(xi) + std::abs(double(c1)) * (std::abs(xi) + std::abs(pi)) +
                       std::abs(double(c2) * double(dinv[i])) * (std::abs(double(b[i])) + mag);
        }
        EXPECT_LT(scaledError(toDouble(out.toHost(nullptr)), want, scale), tol) << "mode " << mode;
    }
    out.poison(nullptr);
    launchScaledDiagonal<T>(n, c2, dd.data(), db.data(), out.data(), nullptr);
    std::vector<double> want(n);
    for (int i = 0; i < n; ++i) want[i] = double(c2) * double(dinv[i]) * double(b[i]);
    EXPECT_LT(test::relativeError(out.toHost(nullptr), want), tol);

    DeviceBuffer<int> diag;
    std::vector<int> offsets(n);
    for (int i = 0; i < n; ++i) offsets[i] = static_cast<int>(A.find(i, i));
    diag.upload(offsets, nullptr);
    DeviceCsr<double> dA64(A);
    out.poison(nullptr);
    launchDiagonalInverse<double, T>(n, diag.data(), dA64.val.data(), out.data(), nullptr);
    EXPECT_LT(test::relativeError(out.toHost(nullptr), toDouble(dinv)), tol);
}

// A_{l+1} = R (A P) in fixed patterns: sparse_product.h's multiplyNumeric, the tentative
// prolongator of an AMG setup on the cloth's A.
TEST(Linalg, GalerkinProductsMatchMultiplyNumeric) {
    REQUIRE_GPU();
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    const CsrMatrix A = clothMatrix(14, random);
    AmgOptions settings;
    settings.coarseSize = 50;
    AmgHierarchy amg;
    amg.setup(A, settings);
    ASSERT_GE(amg.levelCount(), 2);
    const CsrMatrix& P = amg.prolongator(0);
    const CsrMatrix R = transpose(P);
    CsrMatrix AP = multiplySymbolic(A, P), coarse = multiplySymbolic(R, AP);
    DeviceCsr<double> dA(A), dP(P), dR(R), dAP(AP), dC(coarse);
    dAP.val.poison(nullptr);
    dC.val.poison(nullptr);
    launchMultiplyNumeric<double>(dA.view(), dP.view(), dAP.mutableView(), nullptr);
    launchMultiplyNumeric<double>(dR.view(), dAP.view(), dC.mutableView(), nullptr);
    multiplyNumeric(A, P, AP);
    multiplyNumeric(R, AP, coarse);
    EXPECT_LT(test::relativeError(dAP.val.toHost(nullptr), AP.val), 1e-12);
    EXPECT_LT(test::relativeError(dC.val.toHost(nullptr), coarse.val), 1e-12);
    EXPECT_LT(test::relativeError(coarse.val, amg.op(1).val), 1e-12);  // the setup's own A_1
}

// The coarsest level: a CSR scattered dense, and products with a dense matrix.
TYPED_TEST(Linalg, DenseScatterAndProductMatchEigen) {
    using T = TypeParam;
    REQUIRE_GPU();
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    const CsrMatrix A = clothMatrix(5, random);
    const int n = A.rows;
    DeviceCsr<double> dA(A);
    DeviceBuffer<double> dense;
    dense.resize(static_cast<size_t>(n) * n);
    dense.poison(nullptr);
    dense.zero(nullptr);
    launchScatterDense(dA.view(), dense.data(), nullptr);
    Eigen::MatrixXd D = Eigen::MatrixXd::Zero(n, n);
    for (int i = 0; i < n; ++i)
        for (int64_t k = A.rowStart[i]; k < A.rowStart[i + 1]; ++k) D(i, A.col[k]) = A.val[k];
    const std::vector<double> scattered = dense.toHost(nullptr);
    EXPECT_EQ(Eigen::Map<const Eigen::MatrixXd>(scattered.data(), n, n), D);

    const std::vector<T> b = randomVector<T>(n, random);
    DeviceBuffer<T> db = test::upload(b), dx;
    dx.resize(n);
    dx.poison(nullptr);
    launchDenseMultiply<T>(n, dense.data(), db.data(), dx.data(), nullptr);
    std::vector<double> want(n, 0), scale(n, 0);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            want[i] += D(i, j) * double(b[j]), scale[i] += std::abs(D(i, j) * double(b[j]));
    EXPECT_LT(scaledError(toDouble(dx.toHost(nullptr)), want, scale), test::kernelTolerance<T>());

    launchSetIdentity(n, 2.5, dense.data(), nullptr);
    const std::vector<double> identity = dense.toHost(nullptr);
    EXPECT_EQ(Eigen::Map<const Eigen::MatrixXd>(identity.data(), n, n),
              2.5 * Eigen::MatrixXd::Identity(n, n));
}

// Sums in a fixed order: equal to the exact sum within rounding, and the same bits twice.
TEST(Linalg, ReductionsAreAccurateAndRepeatable) {
    REQUIRE_GPU();
    FreshRandom random;
    SCOPED_TRACE(random.trace());
    const int n = 300001;
    const std::vector<double> a = randomVector<double>(n, random),
                              b = randomVector<double>(n, random);
    long double exact = 0;
    double magnitude = 0;
    for (int i = 0; i < n; ++i)
        exact += static_cast<long double>(a[i]) * b[i], magnitude += std::abs(a[i] * b[i]);
    DeviceBuffer<double> da = test::upload(a), db = test::upload(b), partials, sum;
    partials.resize(reductionBlocks(n));
    sum.resize(1);
    double results[2];
    for (double& result : results) {
        sum.poison(nullptr);
        launchDotPartials(n, da.data(), db.data(), partials.data(), nullptr);
        launchSumPartials(partials.data(), reductionBlocks(n), sum.data(), nullptr);
        result = sum.toHost(nullptr)[0];
    }
    EXPECT_LT(std::abs(results[0] - static_cast<double>(exact)), 1e-13 * magnitude);
    EXPECT_EQ(results[0], results[1]);

    // q = A p with the partial sums of p . q (PCG's fused product).
    const CsrMatrix A = clothMatrix(10, random);
    const std::vector<double> p = randomVector<double>(A.rows, random);
    DeviceCsr<double> dA(A);
    DeviceBuffer<double> dp = test::upload(p), dq;
    dq.resize(A.rows);
    dq.poison(nullptr);
    partials.resize(multiplyPartialCount(A.rows, A.nonZeros()));
    launchMultiplyDot<double>(dA.view(), dp.data(), dq.data(), partials.data(), nullptr);
    launchSumPartials(partials.data(), multiplyPartialCount(A.rows, A.nonZeros()), sum.data(),
                      nullptr);
    Vector q;
    multiply(A, p, q);
    EXPECT_LT(test::relativeError(dq.toHost(nullptr), q), 1e-12);
    EXPECT_NEAR(sum.toHost(nullptr)[0], dot(p, q), 1e-12 * std::abs(dot(p, q)));
}

}  // namespace
}  // namespace sim::cuda
