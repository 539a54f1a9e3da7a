#include "sim/collision/particle_pairs.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace sim {

namespace {

struct CellHash {
    size_t operator()(const std::array<long long, 3>& c) const {
        return static_cast<size_t>(c[0] * 73856093LL ^ c[1] * 19349663LL ^ c[2] * 83492791LL);
    }
};

std::array<long long, 3> cellOf(const Vec3& x, Real size) {
    return {static_cast<long long>(std::floor(x.x() / size)),
            static_cast<long long>(std::floor(x.y() / size)),
            static_cast<long long>(std::floor(x.z() / size))};
}

}  // namespace

void findSeparationPairs(const Particles& P, ParticleRange a, ParticleRange b, Real distance,
                         Real reach, std::vector<SeparationConstraint>& out) {
    out.clear();
    if (!(reach > 0)) return;
    std::unordered_map<std::array<long long, 3>, std::vector<int>, CellHash> grid;
    for (int k = b.first; k < b.first + b.count; ++k) grid[cellOf(P.x[k], reach)].push_back(k);
    const Real reach2 = reach * reach;
    for (int i = a.first; i < a.first + a.count; ++i) {
        const auto c = cellOf(P.x[i], reach);
        for (long long dx = -1; dx <= 1; ++dx)
            for (long long dy = -1; dy <= 1; ++dy)
                for (long long dz = -1; dz <= 1; ++dz) {
                    auto it = grid.find({c[0] + dx, c[1] + dy, c[2] + dz});
                    if (it == grid.end()) continue;
                    for (int j : it->second)
                        if ((P.x[i] - P.x[j]).squaredNorm() < reach2)
                            out.push_back({i, j, distance, 1.0});
                }
    }
    std::sort(out.begin(), out.end(),
              [](const auto& l, const auto& r) { return l.i != r.i ? l.i < r.i : l.j < r.j; });
}

}  // namespace sim
