#include "sim/core/stages.h"

#include <Eigen/Dense>
#include <array>

namespace sim {

namespace {
constexpr int kParallelThreshold = 8192;  // below this OpenMP costs more than it saves
}

void applyExternalForces(Particles& P, const std::vector<std::array<int, 3>>& triangles,
                         const Settings& settings, Real dt) {
    const int n = P.size();
    const Vec3 g = settings.gravity;
#pragma omp parallel for if (n > kParallelThreshold)
    for (int i = 0; i < n; ++i)
        if (P.w[i] > 0) P.v[i] += dt * g;

    if (settings.wind.squaredNorm() == 0 || settings.windDrag == 0) return;
    for (const auto& t : triangles) {
        const Vec3 cross = (P.x[t[1]] - P.x[t[0]]).cross(P.x[t[2]] - P.x[t[0]]);
        const Real twiceArea = cross.norm();
        if (twiceArea < 1e-12) continue;
        const Vec3 normal = cross / twiceArea;
        const Vec3 vTri = (P.v[t[0]] + P.v[t[1]] + P.v[t[2]]) / 3.0;
        const Vec3 force =
            settings.windDrag * 0.5 * twiceArea * (settings.wind - vTri).dot(normal) * normal;
        for (int k = 0; k < 3; ++k) P.v[t[k]] += dt * P.w[t[k]] * force / 3.0;
    }
}

void dampVelocities(Particles& P, Real kDamping) {
    if (kDamping <= 0) return;
    const int n = P.size();
    Real mass = 0;
    Vec3 xcm = Vec3::Zero(), vcm = Vec3::Zero();
    for (int i = 0; i < n; ++i) {
        if (P.w[i] == 0) continue;
        xcm += P.m[i] * P.x[i];
        vcm += P.m[i] * P.v[i];
        mass += P.m[i];
    }
    if (mass <= 0) return;
    xcm /= mass;  // (1)
    vcm /= mass;  // (2)
    Vec3 L = Vec3::Zero();
    Mat3 I = Mat3::Zero();
    for (int i = 0; i < n; ++i) {
        if (P.w[i] == 0) continue;
        const Vec3 r = P.x[i] - xcm;
        L += r.cross(P.m[i] * P.v[i]);  // (3)
        Mat3 rt;
        rt << 0, -r.z(), r.y(), r.z(), 0, -r.x(), -r.y(), r.x(), 0;
        I += rt * rt.transpose() * P.m[i];  // (4)
    }
    // (5) w = I^-1 L; I is singular for collinear particles, so solve in least squares.
    const Vec3 omega = I.completeOrthogonalDecomposition().solve(L);
#pragma omp parallel for if (n > kParallelThreshold)
    for (int i = 0; i < n; ++i) {
        if (P.w[i] == 0) continue;
        const Vec3 dv = vcm + omega.cross(P.x[i] - xcm) - P.v[i];  // (7)
        P.v[i] += kDamping * dv;                                   // (8)
    }
}

void predictPositions(Particles& P, Real dt) {
    const int n = P.size();
#pragma omp parallel for if (n > kParallelThreshold)
    for (int i = 0; i < n; ++i) P.p[i] = P.x[i] + dt * P.v[i];
}

void updateVelocities(Particles& P, Real dt) {
    const int n = P.size();
    const Real inv = 1.0 / dt;
#pragma omp parallel for if (n > kParallelThreshold)
    for (int i = 0; i < n; ++i) {
        P.v[i] = (P.p[i] - P.x[i]) * inv;
        P.x[i] = P.p[i];
    }
}

}  // namespace sim
