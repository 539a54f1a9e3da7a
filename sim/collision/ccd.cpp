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

bool vertexTriangleCrossing(const Vec3& q0, const Vec3& q1, const Vec3& a0, const Vec3& a1,
                            const Vec3& b0, const Vec3& b1, const Vec3& c0, const Vec3& c1,
                            Real* tOut) {
    // f(t) = (B + t dB) x (C + t dC) . (Q + t dQ), all relative to a.
    const Vec3 B = b0 - a0, C = c0 - a0, Q = q0 - a0;
    const Vec3 dB = (b1 - a1) - B, dC = (c1 - a1) - C, dQ = (q1 - a1) - Q;
    const Vec3 n0 = B.cross(C), n1 = B.cross(dC) + dB.cross(C), n2 = dB.cross(dC);
    const Real k0 = n0.dot(Q), k1 = n1.dot(Q) + n0.dot(dQ), k2 = n2.dot(Q) + n1.dot(dQ),
               k3 = n2.dot(dQ);
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
    // subscript in its unrolled path under the asan preset, a false positive).
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
        if (insideAt(t, q0, q1, a0, a1, b0, b1, c0, c1)) {
            if (tOut) *tOut = t;
            return true;
        }
    }
    return false;
}

int CrossingCounter::count(const std::vector<Vec3>& x0, const std::vector<Vec3>& x1,
                           const std::vector<std::array<int, 3>>& triangles) {
    if (triangles.empty() || x0.size() != x1.size()) return 0;
    boxes_.resize(triangles.size());
    Real edgeSum = 0;
    for (size_t t = 0; t < triangles.size(); ++t) {
        Aabb box;
        for (int k : triangles[t]) box.add(x0[k]), box.add(x1[k]);
        boxes_[t] = box;
        edgeSum += (x0[triangles[t][1]] - x0[triangles[t][0]]).norm();
    }
    hash_.build(boxes_, std::max(edgeSum / triangles.size(), 1e-6));
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
