#include "sim/topology/softbody_metrics.h"

#include <Eigen/SVD>
#include <algorithm>
#include <limits>

#include "sim/topology/closed_surfaces.h"

namespace sim {

void rigidAlign(const std::vector<Vec3>& a, const std::vector<Vec3>& b, Mat3& R, Vec3& t) {
    const size_t n = a.size();
    Vec3 ca = Vec3::Zero(), cb = Vec3::Zero();
    for (size_t k = 0; k < n; ++k) {
        ca += a[k];
        cb += b[k];
    }
    ca /= Real(n);
    cb /= Real(n);
    Mat3 H = Mat3::Zero();
    for (size_t k = 0; k < n; ++k) H += (a[k] - ca) * (b[k] - cb).transpose();
    Eigen::JacobiSVD<Mat3> svd(H, Eigen::ComputeFullU | Eigen::ComputeFullV);
    Mat3 D = Mat3::Identity();
    if ((svd.matrixV() * svd.matrixU().transpose()).determinant() < 0) D(2, 2) = -1;
    R = svd.matrixV() * D * svd.matrixU().transpose();
    t = cb - R * ca;
}

SoftBodyShape measureSoftBody(const TetMesh& rest, const std::vector<Vec3>& positions, int offset) {
    SoftBodyShape s;
    const size_t n = rest.vertices.size();
    if (n == 0) return s;
    const Real v0 = totalVolume(rest, rest.vertices);
    s.volumeRatio = v0 != 0 ? totalVolume(rest, positions, offset) / v0 : 0;
    std::vector<Vec3> now(positions.begin() + offset, positions.begin() + offset + n);
    Mat3 R;
    Vec3 t;
    rigidAlign(now, rest.vertices, R, t);
    Real sum = 0;
    for (size_t k = 0; k < n; ++k) sum += (R * now[k] + t - rest.vertices[k]).norm();
    const Real diag = boundingDiagonal(rest.vertices);
    s.shapeError = diag > 0 ? sum / Real(n) / diag : 0;
    return s;
}

std::vector<int> particlesAtMaxX(const std::vector<Vec3>& positions) {
    Real xmax = -std::numeric_limits<Real>::infinity();
    for (const Vec3& x : positions) xmax = std::max(xmax, x.x());
    std::vector<int> ids;
    for (int i = 0; i < static_cast<int>(positions.size()); ++i)
        if (positions[i].x() > xmax - 1e-9) ids.push_back(i);
    return ids;
}

Real meanHeight(const std::vector<Vec3>& positions, const std::vector<int>& ids) {
    Real y = 0;
    for (int i : ids) y += positions[i].y();
    return ids.empty() ? 0 : y / Real(ids.size());
}

}  // namespace sim
