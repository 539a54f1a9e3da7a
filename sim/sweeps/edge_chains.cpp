#include "sim/sweeps/edge_chains.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "sim/contact/step_context.h"

namespace sim {

namespace {

int otherEnd(const DistanceConstraint& d, int v) {
    return d.i == v ? d.j : d.i;
}
int endSlot(const DistanceConstraint& d, int v) {
    return d.i == v ? 0 : 1;
}

// link[2 e + end]: the edge that continues e straight on through that end (0: i, 1: j), or -1.
std::vector<int> straightLinks(const Particles& P, const std::vector<DistanceConstraint>& D) {
    const int n = P.size();
    std::vector<int> first(n + 1, 0), incident(2 * D.size());
    for (const DistanceConstraint& d : D) {
        ++first[d.i + 1];
        ++first[d.j + 1];
    }
    for (int v = 0; v < n; ++v) first[v + 1] += first[v];
    std::vector<int> fill(first.begin(), first.end() - 1);
    for (size_t e = 0; e < D.size(); ++e) {
        incident[fill[D[e].i]++] = static_cast<int>(e);
        incident[fill[D[e].j]++] = static_cast<int>(e);
    }
    std::vector<int> link(2 * D.size(), -1);
    std::vector<std::tuple<Real, int, int>> pairs;
    for (int v = 0; v < n; ++v) {
        pairs.clear();
        for (int a = first[v]; a < first[v + 1]; ++a)
            for (int b = a + 1; b < first[v + 1]; ++b) {
                const int ea = incident[a], eb = incident[b];
                const Vec3 da = P.rest[otherEnd(D[ea], v)] - P.rest[v];
                const Vec3 db = P.rest[otherEnd(D[eb], v)] - P.rest[v];
                const Real len2 = da.squaredNorm() * db.squaredNorm();
                if (len2 <= 0) continue;
                const Real cosine = da.dot(db) / std::sqrt(len2);
                if (cosine < EdgeChains::kStraight) pairs.emplace_back(cosine, ea, eb);
            }
        std::sort(pairs.begin(), pairs.end());  // most nearly opposite first
        for (const auto& [cosine, ea, eb] : pairs) {
            int& la = link[2 * ea + endSlot(D[ea], v)];
            int& lb = link[2 * eb + endSlot(D[eb], v)];
            if (la >= 0 || lb >= 0) continue;
            la = eb;
            lb = ea;
        }
    }
    return link;
}

}  // namespace

void EdgeChains::update(const StepContext& ctx) {
    const auto& distance = ctx.constraints.distance;
    if (version_ == ctx.topologyVersion() && size_ == distance.size()) return;
    build(ctx.particles, distance);
    version_ = ctx.topologyVersion();
    size_ = distance.size();
}

void EdgeChains::build(const Particles& P, const std::vector<DistanceConstraint>& D) {
    start_.clear();
    edge_.clear();
    node_.clear();
    inChain_.assign(D.size(), 0);
    onChain_.assign(P.size(), 0);
    if (P.rest.size() != static_cast<size_t>(P.size())) return;  // no rest shape: no chains
    const std::vector<int> link = straightLinks(P, D);
    std::vector<uint8_t> used(D.size(), 0);
    std::vector<int> mark(P.size(), -1);  // the chain a particle was last added to
    // Walks from edge e0 through its end `from`, away from it, while the edges continue
    // straight on, are unused and reach a particle this chain has not visited.
    auto walk = [&](int e0, int from) {
        const int c = static_cast<int>(start_.size());
        const size_t edges = edge_.size(), nodes = node_.size();
        node_.push_back(from);
        mark[from] = c;
        for (int e = e0, v = from; e >= 0 && !used[e];) {
            const int o = otherEnd(D[e], v);
            if (mark[o] == c) break;
            used[e] = 1;
            edge_.push_back(static_cast<uint32_t>(e));
            node_.push_back(o);
            mark[o] = c;
            e = link[2 * e + endSlot(D[e], o)];
            v = o;
        }
        if (edge_.size() - edges < 2) {  // a single edge: the point projection keeps it
            edge_.resize(edges);
            node_.resize(nodes);
            return;
        }
        start_.push_back(static_cast<uint32_t>(edges));
    };
    // Open chains from their ends, then what is left (closed loops) from any edge.
    for (size_t e = 0; e < D.size(); ++e) {
        if (used[e]) continue;
        const bool atI = link[2 * e] < 0, atJ = link[2 * e + 1] < 0;
        if (atI != atJ) walk(static_cast<int>(e), atI ? D[e].i : D[e].j);
    }
    for (size_t e = 0; e < D.size(); ++e)
        if (!used[e] && (link[2 * e] >= 0 || link[2 * e + 1] >= 0))
            walk(static_cast<int>(e), D[e].i);
    start_.push_back(static_cast<uint32_t>(edge_.size()));
    if (start_.size() == 1) start_.clear();
    for (uint32_t e : edge_) inChain_[e] = 1;
    for (int v : node_) onChain_[v] = 1;
}

void EdgeChains::project(std::size_t chain, Particles& P, const std::vector<DistanceConstraint>& D,
                         const ProjectionParams& params, Real* lambda) const {
    const uint32_t first = start_[chain], m = start_[chain + 1] - first;
    const uint32_t* e = edge_.data() + first;
    const int* q = node_.data() + first + chain;  // m + 1 particles
    // Per-thread scratch, sized once for the longest chain seen (no allocation per sweep).
    // Rows k = 1..m; row k is edge e[k-1] between q[k-1] and q[k]; 0 and m+1 are padding.
    static thread_local std::vector<Vec3> n;
    static thread_local std::vector<Real> diag, upper, x;
    if (n.size() < m + 2) {
        n.resize(m + 2);
        diag.resize(m + 2);
        upper.resize(m + 2);
        x.resize(m + 2);
    }
    const bool xpbd = params.mode == ProjectionMode::Compliance;
    // The chain's local system (J W J^T + alpha~) dlambda = -C - alpha~ lambda: C_k =
    // |p_q[k] - p_q[k-1]| - l_k with gradient n_k at q[k] and -n_k at q[k-1], so row k meets
    // row k+1 at q[k] only: A(k, k+1) = -w_q[k] n_k . n_k+1.
    for (uint32_t k = 1; k <= m; ++k) {
        const DistanceConstraint& d = D[e[k - 1]];
        Vec3 g[2];  // g[0] = n_k, or zero for a zero-length edge (then nothing moves through it)
        const Real C = evaluateDistance(P.p[q[k]], P.p[q[k - 1]], d.restLength, g);
        const Real at = xpbd ? params.alphaTilde * d.complianceScale : 0;
        n[k] = g[0];
        diag[k] = P.w[q[k - 1]] + P.w[q[k]] + at + 1e-12;
        x[k] = n[k].isZero() ? 0 : -C - (xpbd ? at * lambda[e[k - 1]] : 0);
    }
    for (uint32_t k = 1; k < m; ++k) upper[k] = -P.w[q[k]] * n[k].dot(n[k + 1]);
    // Thomas algorithm (A is symmetric positive definite: no pivoting).
    for (uint32_t k = 2; k <= m; ++k) {
        const Real f = upper[k - 1] / diag[k - 1];
        diag[k] -= f * upper[k - 1];
        x[k] -= f * x[k - 1];
    }
    x[m] /= diag[m];
    for (uint32_t k = m - 1; k >= 1; --k) x[k] = (x[k] - upper[k] * x[k + 1]) / diag[k];
    if (!xpbd)
        for (uint32_t k = 1; k <= m; ++k) x[k] *= params.kPrime;
    n[0].setZero();
    n[m + 1].setZero();
    x[0] = x[m + 1] = 0;
    for (uint32_t j = 0; j <= m; ++j) P.p[q[j]] += P.w[q[j]] * (x[j] * n[j] - x[j + 1] * n[j + 1]);
    if (xpbd)
        for (uint32_t k = 1; k <= m; ++k) lambda[e[k - 1]] += x[k];
}

}  // namespace sim
