#pragma once
// 3-vectors and 3x3 matrices in double for the kernels (the CPU's Eigen types have no
// device code here). Launch geometry helpers shared by every .cu file.
#include <cuda_runtime.h>

namespace sim::cuda {

struct D3 {
    double x, y, z;
};
__device__ inline D3 operator+(D3 a, D3 b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
__device__ inline D3 operator-(D3 a, D3 b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
__device__ inline D3 operator-(D3 a) {
    return {-a.x, -a.y, -a.z};
}
__device__ inline D3 operator*(double s, D3 a) {
    return {s * a.x, s * a.y, s * a.z};
}
__device__ inline D3 operator*(D3 a, double s) {
    return {s * a.x, s * a.y, s * a.z};
}
__device__ inline double dot(D3 a, D3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
__device__ inline D3 cross(D3 a, D3 b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
__device__ inline double comp(D3 a, int k) {
    return k == 0 ? a.x : k == 1 ? a.y : a.z;
}
__device__ inline D3 load3(const double* p, int i) {
    return {p[3 * i], p[3 * i + 1], p[3 * i + 2]};
}
__device__ inline void store3(double* p, int i, D3 v) {
    p[3 * i] = v.x;
    p[3 * i + 1] = v.y;
    p[3 * i + 2] = v.z;
}
template <class T>
__device__ inline D3 loadT3(const T* g, long long s) {
    return {double(g[3 * s]), double(g[3 * s + 1]), double(g[3 * s + 2])};
}
template <class T>
__device__ inline void storeT3(T* g, long long s, D3 v) {
    g[3 * s] = T(v.x);
    g[3 * s + 1] = T(v.y);
    g[3 * s + 2] = T(v.z);
}

// Row-major 3x3.
struct M3 {
    double m[3][3];
};
__device__ inline D3 col(const M3& a, int c) {
    return {a.m[0][c], a.m[1][c], a.m[2][c]};
}
__device__ inline void setCol(M3& a, int c, D3 v) {
    a.m[0][c] = v.x;
    a.m[1][c] = v.y;
    a.m[2][c] = v.z;
}
__device__ inline M3 mul(const M3& a, const M3& b) {
    M3 c;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            c.m[i][j] = a.m[i][0] * b.m[0][j] + a.m[i][1] * b.m[1][j] + a.m[i][2] * b.m[2][j];
    return c;
}
__device__ inline M3 transpose(const M3& a) {
    M3 t;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) t.m[i][j] = a.m[j][i];
    return t;
}
__device__ inline D3 mul(const M3& a, D3 v) {
    return {a.m[0][0] * v.x + a.m[0][1] * v.y + a.m[0][2] * v.z,
            a.m[1][0] * v.x + a.m[1][1] * v.y + a.m[1][2] * v.z,
            a.m[2][0] * v.x + a.m[2][1] * v.y + a.m[2][2] * v.z};
}

constexpr int kBlock = 256;
inline unsigned gridFor(long long n, int block = kBlock) {
    const long long g = (n + block - 1) / block;
    return static_cast<unsigned>(g > 0 ? g : 1);
}

}  // namespace sim::cuda
