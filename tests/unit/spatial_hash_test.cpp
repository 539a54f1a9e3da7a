// The spatial hash against brute force: every query reports exactly the hashed boxes that
// overlap it, each once, whatever the boxes' sizes, signs and count.
#include "sim/collision/spatial_hash.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace sim;

namespace {

Aabb randomBox(std::mt19937& rng, Real spread, Real size) {
    std::uniform_real_distribution<Real> at(-spread, spread), extent(0, size);
    Aabb box;
    const Vec3 lo(at(rng), at(rng), at(rng));
    box.add(lo);
    box.add(lo + Vec3(extent(rng), extent(rng), extent(rng)));
    return box;
}

// Queries `queries` random boxes and compares with a scan of all boxes.
void expectQueriesMatchBruteForce(const std::vector<Aabb>& boxes, Real cell, int queries,
                                  std::mt19937& rng, Real querySize) {
    SpatialHash hash;
    hash.build(boxes, cell);
    for (int q = 0; q < queries; ++q) {
        const Aabb query = randomBox(rng, 1.2, querySize);
        std::vector<int> count(boxes.size(), 0);
        hash.query(query, [&](int b) { ++count[b]; });
        for (size_t b = 0; b < boxes.size(); ++b)
            ASSERT_EQ(count[b], boxes[b].overlaps(query) ? 1 : 0)
                << "box " << b << " of " << boxes.size() << ", query " << q;
    }
}

}  // namespace

TEST(SpatialHash, QueriesReportEachOverlappingBoxOnce) {
    std::mt19937 rng(7);
    // Small boxes (a cloth's triangles), a few spanning many cells (flung particles), across
    // the origin so that negative cells are hashed too; table sizes from the smallest (64)
    // up to thousands of buckets.
    for (int n : {1, 5, 40, 700, 3000}) {
        std::vector<Aabb> boxes;
        for (int b = 0; b < n; ++b) boxes.push_back(randomBox(rng, 1.0, b % 50 == 0 ? 0.8 : 0.05));
        expectQueriesMatchBruteForce(boxes, 0.04, 60, rng, 0.03);
        expectQueriesMatchBruteForce(boxes, 0.04, 10, rng, 0.5);  // queries over many cells
    }
}

TEST(SpatialHash, EmptyAndRebuiltTables) {
    SpatialHash hash;
    int calls = 0;
    hash.query(Aabb{}, [&](int) { ++calls; });  // never built
    const std::vector<Aabb> none;
    hash.build(none, 0.1);
    Aabb everything;
    everything.add(Vec3::Constant(-10)), everything.add(Vec3::Constant(10));
    hash.query(everything, [&](int) { ++calls; });
    EXPECT_EQ(calls, 0);
    // A rebuild with fewer boxes leaves nothing of the larger table behind.
    std::mt19937 rng(3);
    std::vector<Aabb> many, few;
    for (int b = 0; b < 2000; ++b) many.push_back(randomBox(rng, 1.0, 0.05));
    for (int b = 0; b < 3; ++b) few.push_back(randomBox(rng, 1.0, 0.05));
    hash.build(many, 0.04);
    hash.build(few, 0.04);
    std::vector<int> seen;
    hash.query(everything, [&](int b) { seen.push_back(b); });
    EXPECT_EQ(seen.size(), 3u);
}
