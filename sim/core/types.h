#pragma once
// Scalar and vector types of the simulation core. Double precision throughout: the global
// solver (MGPBD) works with compliances near 1e-9 and residuals near 1e-5, where float runs out.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstdint>

namespace sim {

using Real = double;
using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;

}  // namespace sim
