#pragma once
// Tet volume constraint, course report (paper 004) eq. 20-26:
//     C = 6 (V - V0),  6V = (x2-x1) . ((x3-x1) x (x4-x1)),
//     grad_2 C = (x3-x1) x (x4-x1),  grad_3 C = (x4-x1) x (x2-x1),
//     grad_4 C = (x2-x1) x (x3-x1),  grad_1 C = -(grad_2 + grad_3 + grad_4),
// projected with eq. 25-26 (the shared rule in projection.h). Eq. 21 as printed is not
// the negated sum of eq. 22-24; the sum form is the derivative of eq. 20 (checked against
// finite differences in softbody_constraints_test). An inverted tet has C < -6 V0, so the
// projection pushes it back through zero volume; a flat one still has non-zero gradients
// unless all four points coincide on a line, where C's gradient vanishes and nothing moves.
#include "sim/constraints/constraint_traits.h"
#include "sim/core/types.h"

namespace sim {

struct TetVolumeConstraint {
    int i[4] = {0, 0, 0, 0};
    Real restVolume = 0;       // V0, signed (positive for a positively wound tet) [m^3]
    Real complianceScale = 1;  // multiplies the family compliance Settings::volume
};

inline Real evaluateTetVolume(const Vec3& x1, const Vec3& x2, const Vec3& x3, const Vec3& x4,
                              Real restVolume, Vec3 grad[4]) {
    const Vec3 e1 = x2 - x1, e2 = x3 - x1, e3 = x4 - x1;
    grad[1] = e2.cross(e3);
    grad[2] = e3.cross(e1);
    grad[3] = e1.cross(e2);
    grad[0] = -(grad[1] + grad[2] + grad[3]);
    return e1.dot(grad[1]) - 6.0 * restVolume;
}

template <>
struct ConstraintTraits<TetVolumeConstraint> : TraitsDefaults<TetVolumeConstraint, 4> {
    static constexpr const char* name = "tet volume";
    static constexpr bool volumetric = true;
    static constexpr SplitRule split = SplitRule::Remap;
    static std::array<int*, 4> refs(TetVolumeConstraint& c) {
        return {&c.i[0], &c.i[1], &c.i[2], &c.i[3]};
    }
    static Real evaluate(const TetVolumeConstraint& c, const std::vector<Vec3>& p, Vec3 (&g)[4]) {
        return evaluateTetVolume(p[c.i[0]], p[c.i[1]], p[c.i[2]], p[c.i[3]], c.restVolume, g);
    }
    static const Material& material(const Settings& s) { return s.volume; }
    // Its stored fields in file order (state files). The size check stops the build when a
    // field is added to the type and not here.
    template <class V>
    static void fields(TetVolumeConstraint& c, V& v) {
        static_assert(sizeof(TetVolumeConstraint) == 32,
                      "TetVolumeConstraint changed: update fields()");
        for (int& i : c.i) v(i);
        v(c.restVolume), v(c.complianceScale);
    }
};

}  // namespace sim
