// Block sparse rows (sim/solvers/mgpbd/bsr_matrix.h): the products of a block copy equal
// the CSR matrix's, for the block sizes the kernels are compiled for and a runtime one.
#include "sim/solvers/mgpbd/bsr_matrix.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace sim {
namespace {

// A random rows x cols CSR matrix with a few entries per row (sorted columns).
CsrMatrix randomCsr(int rows, int cols, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<Real> u(-1, 1);
    std::uniform_int_distribution<int> c(0, cols - 1);
    CsrMatrix A;
    A.rows = rows;
    A.cols = cols;
    A.rowStart.assign(rows + 1, 0);
    for (int r = 0; r < rows; ++r) {
        std::vector<int> cs;
        for (int k = 0; k < 5; ++k) cs.push_back(c(rng));
        std::sort(cs.begin(), cs.end());
        cs.erase(std::unique(cs.begin(), cs.end()), cs.end());
        for (int col : cs) {
            A.col.push_back(col);
            A.val.push_back(u(rng));
        }
        A.rowStart[r + 1] = static_cast<int64_t>(A.col.size());
    }
    return A;
}

TEST(BsrMatrix, ProductsEqualCsr) {
    for (auto [br, bc] : {std::pair{3, 3}, {3, 6}, {6, 6}, {6, 3}, {2, 4}}) {
        const CsrMatrix A = randomCsr(12 * br, 10 * bc, 7u + br * 10 + bc);
        BsrOf<double> B;
        ASSERT_TRUE(blockPattern(A, br, bc, B));
        EXPECT_EQ(B.rows, 12);
        EXPECT_EQ(B.cols, 10);
        std::mt19937 rng(3);
        std::uniform_real_distribution<Real> u(-1, 1);
        Vector x(A.cols), b(A.rows), y0, y1, r0, r1;
        for (Real& v : x) v = u(rng);
        for (Real& v : b) v = u(rng);
        multiply(A, x, y0);
        multiply(B, x, y1);
        residual(A, x, b, r0);
        residual(B, x, b, r1);
        Vector a0 = b, a1 = b;
        for (size_t i = 0; i < y0.size(); ++i) a0[i] += y0[i];
        multiplyAdd(B, x, a1);
        for (int i = 0; i < A.rows; ++i) {
            EXPECT_NEAR(y0[i], y1[i], 1e-13) << br << "x" << bc << " row " << i;
            EXPECT_NEAR(r0[i], r1[i], 1e-13) << br << "x" << bc << " row " << i;
            EXPECT_NEAR(a0[i], a1[i], 1e-13) << br << "x" << bc << " row " << i;
        }
        // A refill follows new values on the same pattern.
        CsrMatrix A2 = A;
        for (Real& v : A2.val) v *= -2;
        fillBlocks(A2, B);
        multiply(B, x, y1);
        for (int i = 0; i < A.rows; ++i) EXPECT_NEAR(-2 * y0[i], y1[i], 1e-13);
    }
}

TEST(BsrMatrix, RefusesSizesThatAreNotBlockMultiples) {
    const CsrMatrix A = randomCsr(10, 9, 1u);
    BsrOf<float> B;
    EXPECT_FALSE(blockPattern(A, 3, 3, B));
    EXPECT_EQ(B.rows, 0);
    EXPECT_TRUE(blockPattern(A, 2, 3, B));
}

}  // namespace
}  // namespace sim
