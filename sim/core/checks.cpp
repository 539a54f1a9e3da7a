#include "sim/core/checks.h"

#include <numeric>

#include "sim/core/world.h"

namespace sim {

int countPenetrations(const World& world) {
    const Real h = world.settings.collisionThickness;
    int count = 0;
    for (const Vec3& x : world.particles.x)
        for (const Collider& c : world.colliders)
            if (signedDistance(c, x, 0.0) < -h) {
                ++count;
                break;
            }
    return count;
}

int countComponents(const World& world) {
    const int n = world.particles.size();
    std::vector<int> parent(n);
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](int i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    };
    auto unite = [&](int a, int b) { parent[find(a)] = find(b); };
    // Every constraint joins its particles (a soft body is held by its tets, not edges);
    // contact-like ones (regenerated every substep) join nothing.
    visitConstraints(world.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        if constexpr (!Traits::unilateral)
            for (const auto& c : array) {
                const auto idx = Traits::indices(c);
                for (int k : idx) unite(k, idx[0]);
            }
    });
    for (const Triangle& t : world.triangles) unite(t[0], t[1]), unite(t[1], t[2]);
    int roots = 0;
    for (int i = 0; i < n; ++i) roots += find(i) == i;
    return roots;
}

int CrossingMonitor::update(const World& world) {
    const std::vector<Vec3>& x = world.particles.x;
    const size_t old = previous_.size();
    if (old > x.size()) previous_.clear();
    // A particle new since the last call (a tear's duplicate) is traced back by its velocity.
    for (size_t i = previous_.size(); i < x.size(); ++i)
        previous_.push_back(x[i] - world.settings.frameDt * world.particles.v[i]);
    const int crossings = old == 0 ? 0 : counter_.count(previous_, x, world.triangles);
    previous_ = x;
    return crossings;
}

}  // namespace sim
