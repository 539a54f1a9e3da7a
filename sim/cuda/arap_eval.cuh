#pragma once
// The ARAP rows of sim/constraints/arap.cpp on the device (MGPBD eq. 8; the essay is in
// arap.h): the polar decomposition F = R S from the eigenvectors of F^T F by Eigen's
// closed-form 3x3 solver (SelfAdjointEigenSolver::computeDirect, ported step by step so
// that the two agree to rounding, ties and the degenerate branches included), or for the
// norm row R alone by the scaled Newton iteration of arap.cpp where det F is well above 0, then
// C = ||F - R||_F (the norm row) or C = w (S - I)_ab (the six strain rows) with their
// gradients.
#include "sim/cuda/device_math.cuh"

namespace sim::cuda {

constexpr double kEpsilon = 2.220446049250313e-16;  // NumTraits<double>::epsilon()

__device__ inline double norm3(D3 v) {
    return sqrt(dot(v, v));
}
// Eigen's normalized(): unchanged when the norm is 0.
__device__ inline D3 normalized(D3 v) {
    const double z = dot(v, v);
    return z > 0 ? v * (1.0 / sqrt(z)) : v;
}

// Eigen's computeRoots: eigenvalues of a symmetric m (lower triangle read), ascending.
__device__ inline void eigenRoots(const M3& m, double roots[3]) {
    const double inv3 = 1.0 / 3.0, sqrt3 = sqrt(3.0);
    const double c0 = m.m[0][0] * m.m[1][1] * m.m[2][2] + 2.0 * m.m[1][0] * m.m[2][0] * m.m[2][1] -
                      m.m[0][0] * m.m[2][1] * m.m[2][1] - m.m[1][1] * m.m[2][0] * m.m[2][0] -
                      m.m[2][2] * m.m[1][0] * m.m[1][0];
    const double c1 = m.m[0][0] * m.m[1][1] - m.m[1][0] * m.m[1][0] + m.m[0][0] * m.m[2][2] -
                      m.m[2][0] * m.m[2][0] + m.m[1][1] * m.m[2][2] - m.m[2][1] * m.m[2][1];
    const double c2 = m.m[0][0] + m.m[1][1] + m.m[2][2];
    const double c2over3 = c2 * inv3;
    double aOver3 = (c2 * c2over3 - c1) * inv3;
    aOver3 = fmax(aOver3, 0.0);
    const double halfB = 0.5 * (c0 + c2over3 * (2.0 * c2over3 * c2over3 - c1));
    double q = aOver3 * aOver3 * aOver3 - halfB * halfB;
    q = fmax(q, 0.0);
    const double rho = sqrt(aOver3);
    const double theta = atan2(sqrt(q), halfB) * inv3;
    const double cosT = cos(theta), sinT = sin(theta);
    roots[0] = c2over3 - rho * (cosT + sqrt3 * sinT);
    roots[1] = c2over3 - rho * (cosT - sqrt3 * sinT);
    roots[2] = c2over3 + 2.0 * rho * cosT;
}

// Eigen's extract_kernel: a unit vector spanning the kernel of the rank-2 `mat`; the
// column it started from goes to *representative.
__device__ inline D3 extractKernel(const M3& mat, D3* representative) {
    int i0 = 0;
    double best = fabs(mat.m[0][0]);
    for (int i = 1; i < 3; ++i)
        if (fabs(mat.m[i][i]) > best) best = fabs(mat.m[i][i]), i0 = i;
    const D3 rep = col(mat, i0);
    if (representative) *representative = rep;
    const D3 c0 = cross(rep, col(mat, (i0 + 1) % 3)), c1 = cross(rep, col(mat, (i0 + 2) % 3));
    const double n0 = dot(c0, c0), n1 = dot(c1, c1);
    return n0 > n1 ? c0 * (1.0 / sqrt(n0)) : c1 * (1.0 / sqrt(n1));
}

// Eigen's direct_selfadjoint_eigenvalues<3>::run: eigenvectors (columns, in the order of
// ascending eigenvalues) of the symmetric `mat`.
__device__ inline M3 eigenvectors3(const M3& mat) {
    M3 s;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) s.m[i][j] = i >= j ? mat.m[i][j] : mat.m[j][i];
    const double shift = (mat.m[0][0] + mat.m[1][1] + mat.m[2][2]) / 3.0;
    for (int i = 0; i < 3; ++i) s.m[i][i] -= shift;
    double scale = 0;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) scale = fmax(scale, fabs(s.m[i][j]));
    if (scale > 0)
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) s.m[i][j] /= scale;
    double ev[3];
    eigenRoots(s, ev);
    M3 vec;
    if (ev[2] - ev[0] <= kEpsilon) {
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) vec.m[i][j] = i == j ? 1.0 : 0.0;
        return vec;
    }
    double d0 = ev[2] - ev[1];
    const double d1 = ev[1] - ev[0];
    int k = 0, l = 2;
    if (d0 > d1) {
        k = 2;
        l = 0;
        d0 = d1;
    }
    M3 tmp = s;
    for (int i = 0; i < 3; ++i) tmp.m[i][i] -= ev[k];
    D3 colL;
    const D3 colK = extractKernel(tmp, &colL);
    if (d0 <= 2 * kEpsilon * d1) {
        colL = colL - dot(colK, colL) * colL;  // as Eigen 3.4 writes it
        colL = normalized(colL);
    } else {
        tmp = s;
        for (int i = 0; i < 3; ++i) tmp.m[i][i] -= ev[l];
        colL = extractKernel(tmp, nullptr);
    }
    setCol(vec, k, colK);
    setCol(vec, l, colL);
    setCol(vec, 1, normalized(cross(col(vec, 2), col(vec, 0))));
    return vec;
}

struct Polar {
    M3 R, V;
    D3 sigma;
};

// polarParts of arap.cpp.
__device__ inline Polar polarParts(const M3& F) {
    Polar out;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) out.R.m[i][j] = out.V.m[i][j] = i == j ? 1.0 : 0.0;
    out.sigma = D3{0, 0, 0};
    double scale = 0;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) scale = fmax(scale, fabs(F.m[i][j]));
    if (!(scale > 0) || !isfinite(scale)) return out;
    M3 A;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) A.m[i][j] = F.m[i][j] / scale;
    const M3 E = eigenvectors3(mul(transpose(A), A));
    M3 V;
    setCol(V, 0, col(E, 2));
    setCol(V, 1, col(E, 1));
    setCol(V, 2, normalized(cross(col(V, 0), col(V, 1))));
    D3 u0 = mul(A, col(V, 0));
    const double n0 = norm3(u0);
    if (!(n0 > 1e-12)) return out;
    u0 = D3{u0.x / n0, u0.y / n0, u0.z / n0};
    D3 u1 = mul(A, col(V, 1));
    u1 = u1 - dot(u0, u1) * u0;
    const double n1 = norm3(u1);
    if (n1 > 1e-9 * n0) {
        u1 = D3{u1.x / n1, u1.y / n1, u1.z / n1};
    } else {
        const D3 axis = fabs(u0.x) < 0.9 ? D3{1, 0, 0} : D3{0, 1, 0};
        u1 = normalized(cross(u0, axis));
    }
    M3 U;
    setCol(U, 0, u0);
    setCol(U, 1, u1);
    setCol(U, 2, cross(u0, u1));
    out.R = mul(U, transpose(V));
    out.V = V;
    const double s0 = dot(col(U, 0), mul(F, col(V, 0)));
    const double s1 = dot(col(U, 1), mul(F, col(V, 1)));
    const double s2 = dot(col(U, 2), mul(F, col(V, 2)));
    out.sigma = D3{s0, s1, s2};
    return out;
}

// newtonPolarRotation of arap.cpp: X <- a X + b X^-T det X, the same steps and tests.
__device__ inline bool newtonPolarRotation(const M3& F, M3& R) {
    M3 X = F;
    bool scaled = true;
    for (int step = 0; step < 12; ++step) {
        const D3 x0 = col(X, 0), x1 = col(X, 1), x2 = col(X, 2);
        M3 C;  // the cofactor matrix: X^-T = C / det X
        setCol(C, 0, cross(x1, x2));
        setCol(C, 1, cross(x2, x0));
        setCol(C, 2, cross(x0, x1));
        const double det = dot(x0, col(C, 0));
        double a, b;
        if (scaled) {
            double xx = 0, cc = 0;
            for (int i = 0; i < 3; ++i)
                for (int j = 0; j < 3; ++j) {
                    xx += X.m[i][j] * X.m[i][j];
                    cc += C.m[i][j] * C.m[i][j];
                }
            if (!(det > 0) || !(det * det > 1e-8 * xx * xx * xx)) return false;
            const double inv = 1 / det;
            const double g = sqrt(sqrt(cc * inv * inv / xx));
            a = 0.5 * g;
            b = 0.5 * inv / g;
        } else {
            if (!(det > 0)) return false;
            a = 0.5;
            b = 0.5 / det;
        }
        double change = 0;
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) {
                const double next = a * X.m[i][j] + b * C.m[i][j];
                change += (next - X.m[i][j]) * (next - X.m[i][j]);
                X.m[i][j] = next;
            }
        if (change < 1e-14) {
            R = X;
            return true;
        }
        scaled = change > 1e-6;
    }
    return false;
}

// grad_1..3 are the columns of G = dC/dDs; grad_0 = -(grad_1 + grad_2 + grad_3).
__device__ inline void gradientsFromG(const M3& G, D3 g[4]) {
    g[1] = col(G, 0);
    g[2] = col(G, 1);
    g[3] = col(G, 2);
    g[0] = -((g[1] + g[2]) + g[3]);
}

// evaluateArap (row < 0) or row 0..5 of evaluateArapStrain (arap.cpp).
__device__ inline double evalArap(D3 x0, D3 x1, D3 x2, D3 x3, const M3& restInverse, int row,
                                  D3 g[4]) {
    M3 Ds;
    setCol(Ds, 0, x1 - x0);
    setCol(Ds, 1, x2 - x0);
    setCol(Ds, 2, x3 - x0);
    const M3 F = mul(Ds, restInverse);
    const M3 restInverseT = transpose(restInverse);
    if (row < 0) {
        M3 R;
        if (!newtonPolarRotation(F, R)) R = polarParts(F).R;  // polarRotation of arap.cpp
        M3 D;
        double sum = 0;
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) {
                D.m[i][j] = F.m[i][j] - R.m[i][j];
                sum += D.m[i][j] * D.m[i][j];
            }
        const double C = sqrt(sum);
        if (!(C > 1e-12) || !isfinite(C)) {
            for (int k = 0; k < 4; ++k) g[k] = D3{0, 0, 0};
            return isfinite(C) ? C : 0.0;
        }
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) D.m[i][j] /= C;
        gradientsFromG(mul(D, restInverseT), g);
        return C;
    }
    bool finite = true;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) finite = finite && isfinite(F.m[i][j]);
    if (!finite) {
        for (int k = 0; k < 4; ++k) g[k] = D3{0, 0, 0};
        return 0.0;
    }
    constexpr int kPair[6][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}};
    const int a = kPair[row][0], b = kPair[row][1];
    const double w = a == b ? 1.0 : sqrt(2.0);
    const Polar polar = polarParts(F);
    const M3& V = polar.V;
    const double s[3] = {polar.sigma.x, polar.sigma.y, polar.sigma.z};
    const double Sab =
        V.m[a][0] * s[0] * V.m[b][0] + V.m[a][1] * s[1] * V.m[b][1] + V.m[a][2] * s[2] * V.m[b][2];
    const double C = w * (Sab - (a == b ? 1 : 0));
    M3 M;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            double d = s[i] + s[j];
            if (fabs(d) < 1e-3) d = d < 0 ? -1e-3 : 1e-3;
            M.m[i][j] = (V.m[a][i] * V.m[b][j] + V.m[b][i] * V.m[a][j]) / (2 * d);
        }
    M3 G = mul(mul(F, mul(mul(V, M), transpose(V))), restInverseT);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) G.m[i][j] *= 2 * w;
    gradientsFromG(G, g);
    return C;
}

}  // namespace sim::cuda
