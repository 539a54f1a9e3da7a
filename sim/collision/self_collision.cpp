#include "sim/collision/self_collision.h"

#include <algorithm>
#include <cmath>

namespace sim {

namespace {

// Barycentric coordinates of the projection of x onto the triangle's plane.
void barycentric(const Vec3& x, const Vec3& a, const Vec3& b, const Vec3& c, Real out[3]) {
    const Vec3 e0 = b - a, e1 = c - a, d = x - a;
    const Real d00 = e0.dot(e0), d01 = e0.dot(e1), d11 = e1.dot(e1);
    const Real d20 = d.dot(e0), d21 = d.dot(e1);
    const Real den = d00 * d11 - d01 * d01;
    if (std::abs(den) < 1e-30) {
        out[0] = 1, out[1] = out[2] = 0;
        return;
    }
    out[1] = (d11 * d20 - d01 * d21) / den;
    out[2] = (d00 * d21 - d01 * d20) / den;
    out[0] = 1 - out[1] - out[2];
}

}  // namespace

Real evaluateSelfContact(const Vec3& q, const Vec3& p1, const Vec3& p2, const Vec3& p3, Real side,
                         Real thickness, Vec3* normal, Real bary[3]) {
    const Vec3 cross = (p2 - p1).cross(p3 - p1);
    const Real len = cross.norm();
    if (len < 1e-14) {
        normal->setZero();
        bary[0] = bary[1] = bary[2] = 0;
        return 0;
    }
    *normal = cross / len;
    barycentric(q, p1, p2, p3, bary);
    return side * (q - p1).dot(*normal) - thickness;  // eq. 12
}

void SelfCollision::generate(const Particles& P, const std::vector<std::array<int, 3>>& triangles,
                             Real thickness, std::vector<SelfContact>& contacts) {
    contacts.clear();
    if (triangles.empty()) return;
    triBoxes_.resize(triangles.size());
    Real edgeSum = 0;
    for (size_t t = 0; t < triangles.size(); ++t) {
        Aabb box;
        for (int k : triangles[t]) box.add(P.x[k]), box.add(P.p[k]);
        box.inflate(thickness);
        triBoxes_[t] = box;
        edgeSum += (P.x[triangles[t][1]] - P.x[triangles[t][0]]).norm();
    }
    const Real cell = std::max(edgeSum / triangles.size(), 4 * thickness);
    hash_.build(triBoxes_, cell);

    const int n = P.size();
    for (int q = 0; q < n; ++q) {
        if (P.w[q] == 0) continue;  // a pinned vertex cannot be pushed; the triangle will be
        Aabb box;
        box.add(P.x[q]);
        box.add(P.p[q]);
        const Real motion = (P.p[q] - P.x[q]).norm();
        hash_.query(box, [&](int t) {
            const auto& tri = triangles[t];
            if (tri[0] == q || tri[1] == q || tri[2] == q) return;
            const Vec3 &a = P.x[tri[0]], &b = P.x[tri[1]], &c = P.x[tri[2]];
            Vec3 nrm;
            Real bary[3];
            const Real dist = evaluateSelfContact(P.x[q], a, b, c, 1.0, 0.0, &nrm, bary);
            if (nrm.squaredNorm() == 0) return;
            // Only pairs whose projection lands on (or just off) the triangle.
            const Real slack = 0.25;
            if (bary[0] < -slack || bary[1] < -slack || bary[2] < -slack) return;
            Real triMotion = 0;
            for (int k : tri) triMotion = std::max(triMotion, (P.p[k] - P.x[k]).norm());
            if (std::abs(dist) > motion + triMotion + 2 * thickness) return;
            SelfContact sc;
            sc.q = q;
            sc.tri[0] = tri[0], sc.tri[1] = tri[1], sc.tri[2] = tri[2];
            sc.side = dist >= 0 ? 1.0 : -1.0;
            sc.maxStep = motion + triMotion + 2 * thickness;
            contacts.push_back(sc);
        });
    }
}

void projectSelfContacts(Particles& P, const std::vector<SelfContact>& contacts, Real thickness) {
    for (const SelfContact& sc : contacts) {
        Vec3& q = P.p[sc.q];
        Vec3 n;
        Real b[3];
        const Real C = evaluateSelfContact(q, P.p[sc.tri[0]], P.p[sc.tri[1]], P.p[sc.tri[2]],
                                           sc.side, thickness, &n, b);
        if (C >= 0) continue;
        if (b[0] < 0 || b[1] < 0 || b[2] < 0) continue;  // q has slid off this triangle
        const Real wq = P.w[sc.q];
        Real sum = wq;
        for (int k = 0; k < 3; ++k) sum += P.w[sc.tri[k]] * b[k] * b[k];
        if (sum < 1e-12) continue;
        Real s = -C / sum;  // PBD eq. 9 with stiffness 1
        const Real largest = std::abs(s) * std::max({wq, P.w[sc.tri[0]] * b[0],
                                                     P.w[sc.tri[1]] * b[1], P.w[sc.tri[2]] * b[2]});
        if (largest > sc.maxStep) s *= sc.maxStep / largest;
        q += s * wq * sc.side * n;
        for (int k = 0; k < 3; ++k) P.p[sc.tri[k]] -= s * P.w[sc.tri[k]] * b[k] * sc.side * n;
    }
}

}  // namespace sim
