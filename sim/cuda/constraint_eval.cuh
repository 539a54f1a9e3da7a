#pragma once
// C and grad C of every device row kind, in double, line for line the CPU's functions
// (sim/constraints/*.h; the formulas and paper equations are there) so that the kernels
// match them to rounding: distance (PBD eq. 10-11), bending (signed dihedral angle with
// fastAtan2), attachment, tet volume (course report eq. 20-24) and ARAP (MGPBD eq. 8,
// arap_eval.cuh).
#include "sim/core/fast_atan2.h"
#include "sim/cuda/arap_eval.cuh"
#include "sim/cuda/device_math.cuh"
#include "sim/cuda/device_views.h"

namespace sim::cuda {

constexpr double kPi = 3.14159265358979323846;

__device__ inline double evalDistance(D3 a, D3 b, double rest, D3 g[]) {
    const D3 d = a - b;
    const double len2 = dot(d, d);
    if (len2 < 1e-24) {
        g[0] = g[1] = D3{0, 0, 0};
        return -rest;
    }
    const double len = sqrt(len2);
    g[0] = d * (1.0 / len);
    g[1] = -g[0];
    return len - rest;
}

__device__ inline double evalBending(D3 p1, D3 p2, D3 p3, D3 p4, double restAngle, D3 g[]) {
    const D3 e = p2 - p1, a3 = p3 - p1, a4 = p4 - p1;
    const D3 n1 = cross(e, a3), n2 = cross(a4, e);
    const double e2 = dot(e, e), n1sq = dot(n1, n1), n2sq = dot(n2, n2);
    if (e2 < 1e-24 || n1sq < 1e-20 || n2sq < 1e-20) {
        for (int k = 0; k < 4; ++k) g[k] = D3{0, 0, 0};
        return 0.0;
    }
    const double elen = sqrt(e2);
    double C = fastAtan2(dot(cross(n1, n2), e), dot(n1, n2) * elen) - restAngle;
    if (C > kPi) C -= 2 * kPi;
    if (C <= -kPi) C += 2 * kPi;
    const double s3 = elen / n1sq, s4 = elen / n2sq;
    const double invE2 = 1.0 / e2;
    const double t3 = dot(a3, e) * invE2 * s3, t4 = dot(a4, e) * invE2 * s4;
    const D3 g1{t3 * n1.x + t4 * n2.x, t3 * n1.y + t4 * n2.y, t3 * n1.z + t4 * n2.z};
    const D3 g2{-s3 * n1.x, -s3 * n1.y, -s3 * n1.z};
    const D3 g3{-s4 * n2.x, -s4 * n2.y, -s4 * n2.z};
    g[0] = D3{-(g1.x + g2.x + g3.x), -(g1.y + g2.y + g3.y), -(g1.z + g2.z + g3.z)};
    g[1] = g1;
    g[2] = g2;
    g[3] = g3;
    return C;
}

__device__ inline double evalAttachment(D3 p, D3 target, D3 g[]) {
    const D3 d = p - target;
    const double len = sqrt(dot(d, d));
    if (len < 1e-12) {
        g[0] = D3{0, 0, 0};
        return 0.0;
    }
    g[0] = D3{d.x / len, d.y / len, d.z / len};
    return len;
}

__device__ inline double evalTetVolume(D3 x1, D3 x2, D3 x3, D3 x4, double restVolume, D3 g[]) {
    const D3 e1 = x2 - x1, e2 = x3 - x1, e3 = x4 - x1;
    g[1] = cross(e2, e3);
    g[2] = cross(e3, e1);
    g[3] = cross(e1, e2);
    g[0] = -((g[1] + g[2]) + g[3]);
    return dot(e1, g[1]) - 6.0 * restVolume;
}

// C and the gradients of row r of `block` (its slots' particles from `slots`) at p.
__device__ inline double evalRow(const RowBlock& block, const SlotView& slots, const double* p,
                                 int r, D3 g[4]) {
    const int* idx = slots.slotParticle + slots.slotStart[r];
    const double* q =
        block.params + static_cast<long long>(r - block.begin) * rowParamStride(block.kind);
    switch (block.kind) {
        case RowKind::Distance:
            return evalDistance(load3(p, idx[0]), load3(p, idx[1]), q[0], g);
        case RowKind::Bending:
            return evalBending(load3(p, idx[0]), load3(p, idx[1]), load3(p, idx[2]),
                               load3(p, idx[3]), q[0], g);
        case RowKind::Attachment:
            return evalAttachment(load3(p, idx[0]), D3{q[0], q[1], q[2]}, g);
        case RowKind::TetVolume:
            return evalTetVolume(load3(p, idx[0]), load3(p, idx[1]), load3(p, idx[2]),
                                 load3(p, idx[3]), q[0], g);
        case RowKind::Arap: {
            M3 restInverse;
            for (int i = 0; i < 3; ++i)
                for (int j = 0; j < 3; ++j) restInverse.m[i][j] = q[3 * i + j];
            const int row = static_cast<int>(q[10]);
            return evalArap(load3(p, idx[0]), load3(p, idx[1]), load3(p, idx[2]), load3(p, idx[3]),
                            restInverse, row, g);
        }
    }
    return 0.0;
}

}  // namespace sim::cuda
