#pragma once
// As-rigid-as-possible tet constraint, MGPBD paper eq. 8 (after Kim and Eberle 2020):
// the deformation gradient F = Ds Dm^-1 (Ds, Dm: edge matrices [x1-x0, x2-x0, x3-x0] now and
// at rest) and R its rotation from the polar decomposition F = R S. We use
//     C = ||F - R||_F,   dC/dF = (F - R) / ||F - R||_F,
//     grad_{1..3} C = columns of dC/dF Dm^-T,  grad_0 C = -(grad_1 + grad_2 + grad_3),
// with compliance alpha = 1 / (mu V_rest) (paper §5.3): the XPBD energy C^2 / (2 alpha) =
// (mu V / 2) ||F - R||^2 is the ARAP energy. Eq. 8 writes C = ||F - R||^2; with that C the
// XPBD energy would be quartic and the gradient vanishes at rest, so the norm is the form
// whose energy is ARAP. d||F-R||^2/dF = 2 (F - R) holds because R is the polar factor.
//
// The polar rotation must survive flat (det F = 0) and inverted (det F < 0) tets: it is
// taken from the SVD F = U Sigma V^T with U and V proper rotations, R = U V^T, so a
// reflection becomes a negative smallest singular value (the "rotation-variant SVD") and
// R is a proper rotation for every F, flat and rank-1 included.
#include "sim/core/types.h"

namespace sim {

// How the ARAP energy becomes constraint rows. Norm: one row per tet, C = ||F - R||_F (the
// paper's single scalar; see above). StrainRows: six rows per tet, C_ab = w (S - I)_ab of
// the symmetric stretch S = R^T F (w = 1 on the diagonal, sqrt 2 off it), whose squares
// sum to ||F - R||_F^2, so the energy is the same. The single row's gradient carries only
// the direction the tet is already strained in (and vanishes at rest), so a global solve
// (MGPBD) linearises the ARAP energy by a rank-1 term per tet; the six rows give it the
// full small-strain stiffness.
enum class ArapForm { Norm, StrainRows };
inline constexpr int kArapNormRow = -1;

struct ArapConstraint {
    int i[4] = {0, 0, 0, 0};
    int row = kArapNormRow;               // kArapNormRow, or 0..5: (a,b) of S - I
    Mat3 restInverse = Mat3::Identity();  // Dm^-1
    Real restVolume = 0;                  // |V_rest| [m^3]
    Real complianceScale = 1;             // 1 / V_rest: alpha = Settings::arap.compliance / V
};

// F = R S with S = V diag(sigma) V^T: R and V proper rotations, sigma in decreasing order
// except that a reflection puts a negative sign on the last one.
struct PolarParts {
    Mat3 R = Mat3::Identity();
    Mat3 V = Mat3::Identity();
    Vec3 sigma = Vec3::Zero();
};
PolarParts polarParts(const Mat3& F);

// R of the polar decomposition, a proper rotation for any F (finite entries).
Mat3 polarRotation(const Mat3& F);

// Writes C's gradients; returns C (>= 0). Zero gradients when F = R (nothing to move).
Real evaluateArap(const Vec3& x0, const Vec3& x1, const Vec3& x2, const Vec3& x3,
                  const Mat3& restInverse, Vec3 grad[4]);

// One strain row (row in 0..5, see ArapForm): C = w (S - I)_ab with its exact gradient
// (dS from the Sylvester equation S dS + dS S = d(F^T F)).
Real evaluateArapRow(const Vec3& x0, const Vec3& x1, const Vec3& x2, const Vec3& x3,
                     const Mat3& restInverse, int row, Vec3 grad[4]);

// Dm^-1 of a rest tet, or nullopt-like false when it is degenerate.
bool arapRestInverse(const Vec3& x0, const Vec3& x1, const Vec3& x2, const Vec3& x3, Mat3& out);

}  // namespace sim
