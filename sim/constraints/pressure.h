#pragma once
// Pressure (overpressure) constraint on a closed triangle surface, PBD paper §4.4:
//     C = V(x) - k_pressure V0,  V = 1/6 sum_tri (x_a x x_b).x_c,  grad_a C = 1/6 sum x_b x x_c
// (a, b, c a triangle's corners in winding order; the gradient of corner a sums over the
// triangles around it). One constraint over every vertex of the surface: a type of
// variable arity (constraint_traits.h) that carries its particle list and its triangles.
// k_pressure > 1 inflates (the paper's overpressure); it is the setting `pressure`
// (Settings::pressure), which World::step copies into every pressure constraint.
//
// V is evaluated about the surface's first vertex o, (1/6) sum ((x_a-o) x (x_b-o)) . (x_c-o):
// for a closed surface the value and the gradient are the same as about the origin (the
// o-terms of a vertex's fan cancel around its closed ring) and a balloon far from the origin
// loses no digits to cancellation. The constraint is hard ({k = 1, alpha = 0}): its strength
// is k_pressure. It is dense (every vertex in one row): MGPBD projects it after its global
// loop rather than making it a row (constraint_traits.h, `dense`). A vertex split (tearing,
// the knife) opens the surface, so it drops the constraint: the balloon pops.
#include <span>
#include <vector>

#include "sim/constraints/constraint_traits.h"
#include "sim/core/types.h"

namespace sim {

struct PressureConstraint {
    std::vector<int> particles;  // the surface's vertices (world indices), each once
    std::vector<int> corners;    // its triangles: 3 indices into `particles` each, outward wound
    Real restVolume = 0;         // V0 [m^3], > 0
    Real pressure = 1;           // k_pressure, from Settings::pressure (World::step)
    Real complianceScale = 1;
};

// The enclosed volume V of the surface at positions p [m^3].
Real enclosedVolume(const PressureConstraint& c, const std::vector<Vec3>& p);

// Writes grad C into g (one entry per particle of c, in its order); returns C.
Real evaluatePressure(const PressureConstraint& c, const std::vector<Vec3>& p, std::span<Vec3> g);

// A pressure constraint over the closed surface `triangles` (world indices, outward wound),
// its rest volume taken at `x`. Empty particle list when the surface encloses no volume.
PressureConstraint makePressureConstraint(const std::vector<std::array<int, 3>>& triangles,
                                          const std::vector<Vec3>& x);

// Why a pressure constraint is malformed (corner count, a corner out of its list, a rest
// volume or k_pressure that is not positive and finite); nullptr when fine.
const char* checkPressure(const PressureConstraint& c);

template <>
struct ConstraintTraits<PressureConstraint> : VariableTraitsDefaults<PressureConstraint> {
    static constexpr const char* name = "pressure";
    static constexpr SplitRule split = SplitRule::Drop;  // an opened surface encloses nothing
    static constexpr bool dense = true;
    static constexpr bool readsSettings = true;
    static std::span<int> refs(PressureConstraint& c) { return c.particles; }
    static std::span<const int> indices(const PressureConstraint& c) { return c.particles; }
    static Real evaluate(const PressureConstraint& c, const std::vector<Vec3>& p,
                         std::span<Vec3> g) {
        return evaluatePressure(c, p, g);
    }
    static const Material& material(const Settings&) {
        static const Material hard{1.0, 0.0};
        return hard;
    }
    static void readSettings(PressureConstraint& c, const Settings& s) { c.pressure = s.pressure; }
    static const char* check(const PressureConstraint& c) { return checkPressure(c); }
    // Its stored fields in file order (state files). The size check stops the build when a
    // field is added to the type and not here.
    template <class V>
    static void fields(PressureConstraint& c, V& v) {
        static_assert(sizeof(PressureConstraint) == 72,
                      "PressureConstraint changed: update fields()");
        v(c.particles), v(c.corners), v(c.restVolume), v(c.pressure), v(c.complianceScale);
    }
};

}  // namespace sim
