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
#include <string>

#include "sim/constraints/constraint_traits.h"
#include "sim/core/types.h"

namespace sim {

// How the ARAP energy becomes constraint rows. Norm: one row per tet, C = ||F - R||_F (the
// paper's single scalar; see above). StrainRows: one ArapStrainConstraint per tet with six
// rows C_ab = w (S - I)_ab of the symmetric stretch S = R^T F (w = 1 on the diagonal,
// sqrt 2 off it), whose squares sum to ||F - R||_F^2, so the energy is the same. The single
// row's gradient carries only the direction the tet is already strained in (and vanishes
// at rest), so a global solve (MGPBD) linearises the ARAP energy by a rank-1 term per tet;
// the six rows give it the full small-strain stiffness. The six rows share one polar
// decomposition per evaluation (a multi-row constraint, constraint_traits.h).
enum class ArapForm { Norm, StrainRows };
bool parseArapForm(const std::string& name, ArapForm& out);

// The norm form: one row per tet.
struct ArapConstraint {
    int i[4] = {0, 0, 0, 0};
    Mat3 restInverse = Mat3::Identity();  // Dm^-1
    Real restVolume = 0;                  // |V_rest| [m^3]
    Real complianceScale = 1;             // 1 / V_rest: alpha = Settings::arap.compliance / V
};

// The strain-row form: six rows per tet, evaluated together.
struct ArapStrainConstraint {
    int i[4] = {0, 0, 0, 0};
    Mat3 restInverse = Mat3::Identity();
    Real restVolume = 0;
    Real complianceScale = 1;
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

// The six strain rows (see ArapForm) from one polar decomposition: C[r] = w (S - I)_ab with
// its exact gradient (dS from the Sylvester equation S dS + dS S = d(F^T F)).
void evaluateArapStrain(const Vec3& x0, const Vec3& x1, const Vec3& x2, const Vec3& x3,
                        const Mat3& restInverse, Real C[6], Vec3 grad[6][4]);

// Dm^-1 of a rest tet, or nullopt-like false when it is degenerate.
bool arapRestInverse(const Vec3& x0, const Vec3& x1, const Vec3& x2, const Vec3& x3, Mat3& out);

template <>
struct ConstraintTraits<ArapConstraint> : TraitsDefaults<ArapConstraint, 4> {
    static constexpr const char* name = "ARAP";
    static constexpr bool volumetric = true;
    static constexpr SplitRule split = SplitRule::Remap;
    static std::array<int*, 4> refs(ArapConstraint& c) {
        return {&c.i[0], &c.i[1], &c.i[2], &c.i[3]};
    }
    static Real evaluate(const ArapConstraint& c, const std::vector<Vec3>& p, Vec3 (&g)[4]) {
        return evaluateArap(p[c.i[0]], p[c.i[1]], p[c.i[2]], p[c.i[3]], c.restInverse, g);
    }
    static const Material& material(const Settings& s) { return s.arap; }
    static const char* check(const ArapConstraint& c) {
        return c.restInverse.allFinite() ? nullptr : "rest inverse is not finite";
    }
    // Its stored fields in file order (state files). The size check stops the build when a
    // field is added to the type and not here.
    template <class V>
    static void fields(ArapConstraint& c, V& v) {
        static_assert(sizeof(ArapConstraint) == 104, "ArapConstraint changed: update fields()");
        for (int& i : c.i) v(i);
        v(c.restInverse), v(c.restVolume), v(c.complianceScale);
    }
};

template <>
struct ConstraintTraits<ArapStrainConstraint> : TraitsDefaults<ArapStrainConstraint, 4, 6> {
    static constexpr const char* name = "ARAP strain";
    static constexpr bool volumetric = true;
    static constexpr SplitRule split = SplitRule::Remap;
    static std::array<int*, 4> refs(ArapStrainConstraint& c) {
        return {&c.i[0], &c.i[1], &c.i[2], &c.i[3]};
    }
    static void evaluate(const ArapStrainConstraint& c, const std::vector<Vec3>& p, Real (&C)[6],
                         Vec3 (&g)[6][4]) {
        evaluateArapStrain(p[c.i[0]], p[c.i[1]], p[c.i[2]], p[c.i[3]], c.restInverse, C, g);
    }
    static const Material& material(const Settings& s) { return s.arap; }
    static const char* check(const ArapStrainConstraint& c) {
        return c.restInverse.allFinite() ? nullptr : "rest inverse is not finite";
    }
    // Its stored fields in file order (state files). The size check stops the build when a
    // field is added to the type and not here.
    template <class V>
    static void fields(ArapStrainConstraint& c, V& v) {
        static_assert(sizeof(ArapStrainConstraint) == 104,
                      "ArapStrainConstraint changed: update fields()");
        for (int& i : c.i) v(i);
        v(c.restInverse), v(c.restVolume), v(c.complianceScale);
    }
};

}  // namespace sim
