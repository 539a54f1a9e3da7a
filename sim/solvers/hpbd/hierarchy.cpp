#include "sim/solvers/hpbd/hierarchy.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <sstream>

namespace sim {

namespace {

// A neighbour in the level graph being coarsened.
struct Link {
    int other;
    Real rest;
    Real scale;
};
using Graph = std::vector<std::vector<Link>>;

Link* findLink(std::vector<Link>& links, int other) {
    for (Link& l : links)
        if (l.other == other) return &l;
    return nullptr;
}

void removeLink(std::vector<Link>& links, int other) {
    links.erase(
        std::remove_if(links.begin(), links.end(), [&](const Link& l) { return l.other == other; }),
        links.end());
}

// Adds the edge a-b unless it is a loop. A duplicate merges into the existing edge, which
// keeps the shorter rest length: of two mesh paths between a and b the shorter is nearer the
// geodesic (the longer would only grip once the cloth is stretched beyond its rest state).
void addEdge(Graph& g, int a, int b, Real rest, Real scale) {
    if (a == b) return;
    if (Link* ab = findLink(g[a], b)) {
        if (rest < ab->rest) {
            Link* ba = findLink(g[b], a);
            ab->rest = ba->rest = rest;
            ab->scale = ba->scale = scale;
        }
        return;
    }
    g[a].push_back({b, rest, scale});
    g[b].push_back({a, rest, scale});
}

// §6.2: one greedy sweep. All particles start coarse; a particle turns fine when it has at
// least k coarse neighbours and each fine neighbour keeps strictly more than k.
std::vector<uint8_t> greedyCover(const Graph& g, const std::vector<int>& order, int k) {
    const size_t n = g.size();
    std::vector<uint8_t> coarse(n, 0);
    std::vector<int> coarseCount(n, 0);
    for (int i : order) {
        coarse[i] = 1;
        coarseCount[i] = static_cast<int>(g[i].size());
    }
    for (int i : order) {
        if (coarseCount[i] < k) continue;
        bool ok = true;
        for (const Link& l : g[i])
            if (!coarse[l.other] && coarseCount[l.other] <= k) {
                ok = false;
                break;
            }
        if (!ok) continue;
        coarse[i] = 0;
        for (const Link& l : g[i]) --coarseCount[l.other];
    }
    return coarse;
}

// The visit order of the cover. §6.2 allows any order and steers with it: a particle visited
// late tends to stay coarse, which the paper uses for attached particles. The sweep marks the
// first particles it meets fine, so in index order it turns whole rows of a regular triangle
// grid fine and keeps every third row (1/3 of the particles), while Fig. 6's every other row
// and column keeps 1/4 with exactly k = 2 parents each — the sparsest 2-cover there
// (6 neighbours x 1/4 coarse = 2 x 3/4 fine). To steer the sweep towards such covers, a
// maximal independent set of the level graph (in index order, `visitLast` particles first so
// that they are preferred) is visited after the other particles, as the paper does with
// attached ones; `visitLast` particles still come last of all.
std::vector<int> coverOrder(const Graph& g, const std::vector<int>& particles,
                            const std::vector<uint8_t>& visitLast) {
    auto last = [&](int i) { return i < static_cast<int>(visitLast.size()) && visitLast[i]; };
    std::vector<uint8_t> seed(g.size(), 0), blocked(g.size(), 0);
    for (const bool pinned : {true, false})
        for (int i : particles) {
            if (last(i) != pinned || blocked[i]) continue;
            seed[i] = blocked[i] = 1;
            for (const Link& l : g[i]) blocked[l.other] = 1;
        }
    std::vector<int> order;
    order.reserve(particles.size());
    for (const bool pinned : {false, true})
        for (const uint8_t s : {0, 1})
            for (int i : particles)
                if (last(i) == pinned && seed[i] == s) order.push_back(i);
    return order;
}

// §6.3, Fig. 2: collapses fine particle i into the coarse neighbour closest to the average of
// its coarse neighbours' rest positions, re-targeting or dropping i's other constraints.
void collapse(Graph& g, int i, const std::vector<uint8_t>& coarse, const std::vector<Vec3>& rest,
              RestLengthRule rule) {
    Vec3 average = Vec3::Zero();
    int count = 0;
    for (const Link& l : g[i])
        if (coarse[l.other]) average += rest[l.other], ++count;
    if (count == 0) return;  // cannot happen for a particle the cover made fine
    average /= count;
    Real best = std::numeric_limits<Real>::infinity();
    for (const Link& l : g[i])
        if (coarse[l.other]) best = std::min(best, (rest[l.other] - average).squaredNorm());
    // Ties (a particle midway between two coarse ones, common on grids) go to the lowest index,
    // not to whichever link comes first: the coarse mesh must not depend on constraint order.
    int j = -1;
    for (const Link& l : g[i])
        if (coarse[l.other] && (j < 0 || l.other < j) &&
            (rest[l.other] - average).squaredNorm() <= best * (1 + 1e-9))
            j = l.other;
    const Link ij = *findLink(g[i], j);
    const std::vector<Link> links = std::move(g[i]);
    g[i].clear();
    for (const Link& l : links) removeLink(g[l.other], i);
    for (const Link& l : links) {
        if (l.other == j) continue;
        const Real restLength =
            rule == RestLengthRule::Geodesic ? l.rest + ij.rest : (rest[l.other] - rest[j]).norm();
        addEdge(g, l.other, j, restLength, l.scale + ij.scale);  // merged if already a neighbour
    }
}

// Shortens each geodesic rest length to the shortest path along the level-0 mesh between the
// endpoints (Dijkstra from each particle, bounded by its longest edge): the collapse sums
// follow one mesh path, not the shortest, and a too-long coarse constraint grips late.
void shortestMeshPaths(const Graph& mesh, std::vector<CoarseConstraint>& constraints) {
    const size_t n = mesh.size();
    std::vector<std::vector<size_t>> bySource(n);
    for (size_t c = 0; c < constraints.size(); ++c) bySource[constraints[c].i].push_back(c);
    std::vector<Real> dist(n, std::numeric_limits<Real>::infinity());
    std::vector<int> touched;
    using Item = std::pair<Real, int>;
    for (size_t a = 0; a < n; ++a) {
        if (bySource[a].empty()) continue;
        Real bound = 0;
        for (size_t c : bySource[a]) bound = std::max(bound, constraints[c].restLength);
        std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
        dist[a] = 0;
        touched.push_back(static_cast<int>(a));
        queue.push({0, static_cast<int>(a)});
        while (!queue.empty()) {
            const auto [d, u] = queue.top();
            queue.pop();
            if (d > dist[u] || d > bound) continue;
            for (const Link& l : mesh[u]) {
                const Real nd = d + l.rest;
                if (nd < dist[l.other] && nd <= bound) {
                    if (std::isinf(dist[l.other])) touched.push_back(l.other);
                    dist[l.other] = nd;
                    queue.push({nd, l.other});
                }
            }
        }
        for (size_t c : bySource[a])
            constraints[c].restLength = std::min(constraints[c].restLength, dist[constraints[c].j]);
        for (int t : touched) dist[t] = std::numeric_limits<Real>::infinity();
        touched.clear();
    }
}

}  // namespace

void linkParents(Hierarchy& h, int level, const std::vector<CoarseConstraint>& edges,
                 const std::vector<uint8_t>& coarse, const std::vector<Vec3>& rest, Real epsilon) {
    HierarchyLevel& L = h.levels[level];
    std::vector<std::vector<int>> coarseNeighbours(h.particleCount());
    for (const CoarseConstraint& e : edges) {
        if (coarse[e.j] && !coarse[e.i]) coarseNeighbours[e.i].push_back(e.j);
        if (coarse[e.i] && !coarse[e.j]) coarseNeighbours[e.j].push_back(e.i);
    }
    for (int i : L.particles) {
        if (coarse[i]) continue;
        std::vector<int>& P = coarseNeighbours[i];
        std::sort(P.begin(), P.end());
        P.erase(std::unique(P.begin(), P.end()), P.end());
        h.childSlot[i] = static_cast<int>(L.children.size());
        L.children.push_back(i);
        L.parentBegin.push_back(static_cast<int>(L.parents.size()));
        L.parentCount.push_back(static_cast<int>(P.size()));
        Real maxD = 0;
        for (int j : P) maxD = std::max(maxD, (rest[i] - rest[j]).norm());
        Real sum = 0;
        const size_t first = L.weights.size();
        for (int j : P) {
            // eq. 6: w^_ij = 1 / (d_ij / max_j d_ij + eps)
            const Real d = maxD > 0 ? (rest[i] - rest[j]).norm() / maxD : 1.0;
            const Real w = 1.0 / (d + epsilon);
            L.parents.push_back(j);
            L.weights.push_back(w);
            sum += w;
        }
        for (size_t k = first; k < L.weights.size(); ++k) L.weights[k] /= sum;
    }
}

Hierarchy buildHierarchy(const std::vector<Vec3>& rest,
                         const std::vector<DistanceConstraint>& edges,
                         const std::vector<uint8_t>& visitLast, const HpbdSettings& settings) {
    const int n = static_cast<int>(rest.size());
    Hierarchy h = Hierarchy::finestOnly(n);

    Graph g(n);
    for (const DistanceConstraint& e : edges)
        if (e.i >= 0 && e.j >= 0 && e.i < n && e.j < n)
            addEdge(g, e.i, e.j, e.restLength, e.complianceScale);
    const RestLengthRule rule =
        settings.restPoseLengths ? RestLengthRule::RestPose : RestLengthRule::Geodesic;
    const Graph mesh = rule == RestLengthRule::Geodesic ? g : Graph{};

    for (int level = 0; level < settings.levels; ++level) {
        const std::vector<int>& current = h.levels[level].particles;
        const std::vector<int> order = coverOrder(g, current, visitLast);
        const std::vector<uint8_t> coarse = greedyCover(g, order, settings.parents);

        std::vector<int> next;
        for (int i : current)
            if (coarse[i]) next.push_back(i);
        if (next.size() == current.size() ||
            static_cast<int>(next.size()) < settings.minLevelParticles)
            break;  // no reduction, or the level would be too small to be worth a pass

        std::vector<CoarseConstraint> levelEdges;
        for (int a : current)
            for (const Link& l : g[a])
                if (a < l.other) levelEdges.push_back({a, l.other, l.rest, l.scale});
        linkParents(h, level, levelEdges, coarse, rest, settings.weightEpsilon);

        for (int i : order)
            if (!coarse[i]) collapse(g, i, coarse, rest, rule);

        HierarchyLevel coarser;
        coarser.particles = next;
        for (int a : next) {
            h.levelOf[a] = level + 1;
            for (const Link& l : g[a])
                if (a < l.other) coarser.constraints.push_back({a, l.other, l.rest, l.scale});
        }
        if (rule == RestLengthRule::Geodesic) {
            shortestMeshPaths(mesh, coarser.constraints);
            for (const CoarseConstraint& c : coarser.constraints) {  // later levels sum these
                findLink(g[c.i], c.j)->rest = c.restLength;
                findLink(g[c.j], c.i)->rest = c.restLength;
            }
        }
        h.levels.push_back(std::move(coarser));
    }
    return h;
}

void splitInHierarchy(Hierarchy& h, int original, int duplicate) {
    if (h.levels.empty()) return;
    if (duplicate >= h.particleCount()) {
        for (int i = h.particleCount(); i <= duplicate; ++i) h.levels[0].particles.push_back(i);
        h.levelOf.resize(duplicate + 1, 0);
        h.childSlot.resize(duplicate + 1, -1);
    }
    if (original < 0 || original >= h.particleCount()) return;
    std::vector<uint8_t> done(h.particleCount(), 0);
    std::vector<int> stack{original};
    while (!stack.empty()) {
        const int x = stack.back();
        stack.pop_back();
        if (done[x]) continue;
        done[x] = 1;
        const int top = h.levelOf[x];
        for (int level = 1; level <= top; ++level) {
            auto& C = h.levels[level].constraints;
            C.erase(std::remove_if(C.begin(), C.end(),
                                   [&](const CoarseConstraint& c) { return c.i == x || c.j == x; }),
                    C.end());
        }
        const int slot = h.childSlot[x];
        if (slot < 0) continue;
        HierarchyLevel& L = h.levels[top];
        const int begin = L.parentBegin[slot];
        for (int k = 0; k < L.parentCount[slot]; ++k) stack.push_back(L.parents[begin + k]);
        L.parentCount[slot] = 0;
    }
}

std::string checkHierarchy(const Hierarchy& h, bool requireParents) {
    std::ostringstream err;
    const int n = h.particleCount();
    if (h.levels.empty()) return "hierarchy has no level 0";
    if (static_cast<int>(h.childSlot.size()) != n) return "childSlot size differs from levelOf";
    if (static_cast<int>(h.levels[0].particles.size()) != n)
        return "level 0 does not hold every particle";
    for (int level = 0; level < static_cast<int>(h.levels.size()); ++level) {
        const HierarchyLevel& L = h.levels[level];
        int expected = 0;
        for (int i = 0; i < n; ++i) expected += h.levelOf[i] >= level;
        if (static_cast<int>(L.particles.size()) != expected) {
            err << "level " << level << " holds " << L.particles.size()
                << " particles, levelOf says " << expected;
            return err.str();
        }
        for (int i : L.particles)
            if (i < 0 || i >= n || h.levelOf[i] < level) {
                err << "level " << level << " lists particle " << i << " that is not on it";
                return err.str();
            }
        for (const CoarseConstraint& c : L.constraints) {
            if (c.i < 0 || c.j < 0 || c.i >= n || c.j >= n || c.i == c.j ||
                h.levelOf[c.i] < level || h.levelOf[c.j] < level || !(c.restLength > 0) ||
                !std::isfinite(c.restLength)) {
                err << "level " << level << " constraint " << c.i << "-" << c.j << " (rest "
                    << c.restLength << ") is invalid";
                return err.str();
            }
        }
        const size_t m = L.children.size();
        if (L.parentBegin.size() != m || L.parentCount.size() != m ||
            L.parents.size() != L.weights.size())
            return "parent arrays of level " + std::to_string(level) + " differ in size";
        for (size_t c = 0; c < m; ++c) {
            const int i = L.children[c];
            if (i < 0 || i >= n || h.levelOf[i] != level || h.childSlot[i] != static_cast<int>(c)) {
                err << "level " << level << " child " << i << " is not a fine particle of it";
                return err.str();
            }
            if (requireParents && L.parentCount[c] < 1) {
                err << "particle " << i << " on level " << level << " has no parent";
                return err.str();
            }
            Real sum = 0;
            for (int k = 0; k < L.parentCount[c]; ++k) {
                const int j = L.parents[L.parentBegin[c] + k];
                const Real w = L.weights[L.parentBegin[c] + k];
                if (j < 0 || j >= n || h.levelOf[j] <= level || !(w >= 0)) {
                    err << "particle " << i << " has invalid parent " << j << " weight " << w;
                    return err.str();
                }
                sum += w;
            }
            if (L.parentCount[c] > 0 && std::abs(sum - 1.0) > 1e-9) {
                err << "weights of particle " << i << " sum to " << sum;
                return err.str();
            }
        }
    }
    for (int i = 0; requireParents && i < n; ++i)
        if (h.levelOf[i] < h.coarseLevels() && h.childSlot[i] < 0) {
            err << "particle " << i << " below the top level has no parent slot";
            return err.str();
        }
    return {};
}

}  // namespace sim
