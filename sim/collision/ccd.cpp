#include "sim/collision/ccd.h"

#include <algorithm>
#include <cmath>

namespace sim {

namespace {

bool insideAt(Real t, const Vec3& q0, const Vec3& q1, const Vec3& a0, const Vec3& a1,
              const Vec3& b0, const Vec3& b1, const Vec3& c0, const Vec3& c1) {
    const Vec3 q = q0 + t * (q1 - q0), a = a0 + t * (a1 - a0), b = b0 + t * (b1 - b0),
               c = c0 + t * (c1 - c0);
    const Vec3 n = (b - a).cross(c - a);
    const Real n2 = n.squaredNorm();
    if (n2 < 1e-30) return false;
    // Signed areas of the sub-triangles opposite each vertex, relative to n.
    const Real u = (c - b).cross(q - b).dot(n), v = (a - c).cross(q - c).dot(n),
               w = (b - a).cross(q - a).dot(n);
    const Real eps = -1e-12 * n2;
    return u >= eps && v >= eps && w >= eps;
}

}  // namespace

namespace {

// Calls inside(t) at each t in [0, 1] where the cubic k3 t^3 + k2 t^2 + k1 t + k0 changes
// sign, earliest first; returns the first t it accepts, or -1.
template <class Inside>
Real firstCrossingRoot(Real k0, Real k1, Real k2, Real k3, Inside&& inside) {
    auto f = [&](Real t) { return ((k3 * t + k2) * t + k1) * t + k0; };
    // Split [0, 1] at the roots of f' so that f is monotone on each piece.
    Real splits[4] = {0, 1, 1, 1};
    int ns = 1;
    const Real A = 3 * k3, Bq = 2 * k2, Cq = k1;
    if (std::abs(A) > 1e-300) {
        const Real disc = Bq * Bq - 4 * A * Cq;
        if (disc >= 0) {
            const Real sq = std::sqrt(disc);
            for (Real r : {(-Bq - sq) / (2 * A), (-Bq + sq) / (2 * A)})
                if (r > 0 && r < 1) splits[ns++] = r;
        }
    } else if (std::abs(Bq) > 1e-300) {
        const Real r = -Cq / Bq;
        if (r > 0 && r < 1) splits[ns++] = r;
    }
    splits[ns++] = 1;
    // At most 4 entries: an insertion sort (std::sort here made GCC 12 warn of an out-of-bounds
    // subscript in its unrolled path in a sanitizer build, a false positive).
    for (int i = 1; i < ns; ++i)
        for (int j = i; j > 0 && splits[j] < splits[j - 1]; --j)
            std::swap(splits[j], splits[j - 1]);
    for (int s = 0; s + 1 < ns; ++s) {
        Real lo = splits[s], hi = splits[s + 1];
        Real flo = f(lo), fhi = f(hi);
        if (!((flo < 0 && fhi > 0) || (flo > 0 && fhi < 0))) continue;  // no sign change
        for (int it = 0; it < 60; ++it) {
            const Real mid = 0.5 * (lo + hi);
            const Real fm = f(mid);
            if ((fm < 0) == (flo < 0))
                lo = mid, flo = fm;
            else
                hi = mid;
        }
        const Real t = 0.5 * (lo + hi);
        if (inside(t)) return t;
    }
    return -1;
}

// Coefficients of f(t) = (B + t dB) x (C + t dC) . (Q + t dQ).
void tripleProductCubic(const Vec3& B, const Vec3& dB, const Vec3& C, const Vec3& dC, const Vec3& Q,
                        const Vec3& dQ, Real k[4]) {
    const Vec3 n0 = B.cross(C), n1 = B.cross(dC) + dB.cross(C), n2 = dB.cross(dC);
    k[0] = n0.dot(Q), k[1] = n1.dot(Q) + n0.dot(dQ), k[2] = n2.dot(Q) + n1.dot(dQ),
    k[3] = n2.dot(dQ);
}

}  // namespace

bool vertexTriangleCrossing(const Vec3& q0, const Vec3& q1, const Vec3& a0, const Vec3& a1,
                            const Vec3& b0, const Vec3& b1, const Vec3& c0, const Vec3& c1,
                            Real* tOut) {
    // f(t) = (b - a) x (c - a) . (q - a), all relative to a.
    const Vec3 B = b0 - a0, C = c0 - a0, Q = q0 - a0;
    Real k[4];
    tripleProductCubic(B, (b1 - a1) - B, C, (c1 - a1) - C, Q, (q1 - a1) - Q, k);
    const Real t = firstCrossingRoot(k[0], k[1], k[2], k[3], [&](Real at) {
        return insideAt(at, q0, q1, a0, a1, b0, b1, c0, c1);
    });
    if (t < 0) return false;
    if (tOut) *tOut = t;
    return true;
}

Real closestLineParameters(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d, Real* u,
                           Real* v) {
    const Vec3 e1 = b - a, e2 = d - c, r = a - c;
    const Real A = e1.dot(e1), B = e1.dot(e2), C = e2.dot(e2), D = e1.dot(r), E = e2.dot(r);
    const Real den = A * C - B * B;
    if (!(den > 1e-12 * A * C) || A == 0 || C == 0) return 0;
    *u = (B * E - C * D) / den;
    *v = (A * E - B * D) / den;
    return den / (A * C);
}

bool edgeEdgeCrossing(const Vec3& a0, const Vec3& a1, const Vec3& b0, const Vec3& b1,
                      const Vec3& c0, const Vec3& c1, const Vec3& d0, const Vec3& d1, Real* tOut) {
    // f(t) = (b - a) x (d - c) . (c - a): zero when the two lines meet.
    const Vec3 B = b0 - a0, C = d0 - c0, Q = c0 - a0;
    Real k[4];
    tripleProductCubic(B, (b1 - a1) - B, C, (d1 - c1) - C, Q, (c1 - a1) - Q, k);
    const Real t = firstCrossingRoot(k[0], k[1], k[2], k[3], [&](Real at) {
        const Vec3 a = a0 + at * (a1 - a0), b = b0 + at * (b1 - b0), c = c0 + at * (c1 - c0),
                   d = d0 + at * (d1 - d0);
        Real u = 0, v = 0;
        if (closestLineParameters(a, b, c, d, &u, &v) == 0) return false;  // parallel
        return u >= 0 && u <= 1 && v >= 0 && v <= 1;
    });
    if (t < 0) return false;
    if (tOut) *tOut = t;
    return true;
}

void uniqueEdges(const std::vector<std::array<int, 3>>& triangles,
                 std::vector<std::array<int, 2>>& edges) {
    edges.clear();
    for (const auto& t : triangles)
        for (int k = 0; k < 3; ++k)
            edges.push_back({std::min(t[k], t[(k + 1) % 3]), std::max(t[k], t[(k + 1) % 3])});
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
}

int CrossingCounter::countEdges(const std::vector<Vec3>& x0, const std::vector<Vec3>& x1,
                                const std::vector<std::array<int, 2>>& edges,
                                const std::vector<int>& origin) {
    if (edges.empty() || x0.size() != x1.size()) return 0;
    hashSwept(x0, x1, edges);
    int crossings = 0;
    // Violent motion (an exploding run) makes every swept box meet every other: the pairs
    // tested are capped at kMaxPairsPerEdge per edge, and truncated() says the count is then
    // a lower bound.
    const long maxPairs = kMaxPairsPerEdge * static_cast<long>(edges.size());
    long pairs = 0;
    truncated_ = false;
    for (int e = 0; e < static_cast<int>(edges.size()) && !truncated_; ++e) {
        // Plain ints: clang (the fuzz build) cannot capture structured bindings in a lambda.
        const int a = edges[e][0], b = edges[e][1];
        hash_.query(boxes_[e], [&](int f) {
            if (f <= e || truncated_) return;  // each pair once
            const int c = edges[f][0], d = edges[f][1];
            if (sharesOrigin(origin, a, b, c, d)) return;
            if (++pairs > maxPairs) {
                truncated_ = true;
                return;
            }
            if (edgeEdgeCrossing(x0[a], x1[a], x0[b], x1[b], x0[c], x1[c], x0[d], x1[d]))
                ++crossings;
        });
    }
    return crossings;
}

int CrossingCounter::count(const std::vector<Vec3>& x0, const std::vector<Vec3>& x1,
                           const std::vector<std::array<int, 3>>& triangles) {
    if (triangles.empty() || x0.size() != x1.size()) return 0;
    hashSwept(x0, x1, triangles);
    int crossings = 0;
    for (int q = 0; q < static_cast<int>(x0.size()); ++q) {
        Aabb box;
        box.add(x0[q]);
        box.add(x1[q]);
        hash_.query(box, [&](int t) {
            const auto& tri = triangles[t];
            if (tri[0] == q || tri[1] == q || tri[2] == q) return;
            if (vertexTriangleCrossing(x0[q], x1[q], x0[tri[0]], x1[tri[0]], x0[tri[1]], x1[tri[1]],
                                       x0[tri[2]], x1[tri[2]]))
                ++crossings;
        });
    }
    return crossings;
}

}  // namespace sim
