#pragma once
// What every constraint type tells the rest of the simulation, in one traits struct next to
// the type itself (Jolt's per-constraint settings, Box2D's joint function tables, but
// resolved at compile time). A type T specialises ConstraintTraits<T> by deriving from
// TraitsDefaults<T, arity, rows> and adding:
//
//   static constexpr const char* name          shown in messages and docs
//   static constexpr SplitRule split           what a vertex split does to it (see below)
//   static std::array<int*, arity> refs(T&)    its particle indices, writable (remapping)
//   static const Material& material(const Settings&)   its family's PBD k / XPBD alpha
//   template <class V> static void fields(T&, V& v)     v(field) for each stored field (files)
//   rows == 1:  static Real evaluate(const T&, const std::vector<Vec3>& p, Vec3 (&g)[arity])
//   rows  > 1:  static void evaluate(const T&, const std::vector<Vec3>& p,
//                                    Real (&C)[rows], Vec3 (&g)[rows][arity])
//
// and may override the defaults (unilateral, maxStep, check). A multi-row constraint
// evaluates all its rows at once, so shared work (a tet's polar decomposition) is done once
// per constraint; solvers see `rows` scalar rows with one compliance scale.
// The type list that ties them together is constraint_types.h.
#include <array>
#include <concepts>
#include <limits>
#include <vector>

#include "sim/core/settings.h"
#include "sim/core/types.h"

namespace sim {

template <class T>
struct ConstraintTraits;

// What splitting a vertex v (tearing, cutting) does to a constraint that uses v. The split
// divides v's triangles into a side that stays and a side that moves to the duplicate d;
// a constraint lies on the sides of the triangles it shares with v (its element), or, when
// it shares none (a tet edge inside a soft body), on the side of its centroid.
enum class SplitRule {
    Remap,            // on the moved side: v -> d; on both: stays (its centroid decides)
    DuplicateShared,  // on both sides: a copy with v -> d (an edge both halves still use)
    DropShared,       // on both sides: removed (a hinge whose wings were torn apart)
    Drop,             // always removed (contact-like, regenerated every substep)
};

template <class T, int Arity, int Rows = 1>
struct TraitsDefaults {
    using Type = T;
    static constexpr int arity = Arity;
    static constexpr int rows = Rows;
    static constexpr bool unilateral = false;  // acts only while C < 0 (never pulls)
    // Largest move of a particle in one projection (see BendingConstraint::maxStep).
    static Real maxStep(const T&) { return std::numeric_limits<Real>::infinity(); }
    // Type-specific validation beyond the indices; nullptr when fine.
    static const char* check(const T&) { return nullptr; }
    static std::array<int, Arity> indices(const T& c) {
        std::array<int, Arity> out{};
        const auto r = ConstraintTraits<T>::refs(const_cast<T&>(c));
        for (int k = 0; k < Arity; ++k) out[k] = *r[k];
        return out;
    }
};

// Counts the ints and reals a type's fields() visits (a file entry's size per constraint).
struct FieldCount {
    size_t ints = 0, reals = 0;
    void operator()(int&) { ++ints; }
    void operator()(Real&) { ++reals; }
    void operator()(Vec3&) { reals += 3; }
    void operator()(Mat3&) { reals += 9; }
};

// Compile-time check that a traits struct says everything the solvers, validation and
// tearing need (a type missing its split rule or material does not compile).
template <class Tr>
concept ConstraintTraitsComplete = requires(typename Tr::Type& c, const typename Tr::Type& cc,
                                            const Settings& s, FieldCount& count) {
    { Tr::name } -> std::convertible_to<const char*>;
    { Tr::split } -> std::convertible_to<SplitRule>;
    { Tr::arity } -> std::convertible_to<int>;
    { Tr::rows } -> std::convertible_to<int>;
    { Tr::unilateral } -> std::convertible_to<bool>;
    { Tr::refs(c) } -> std::same_as<std::array<int*, Tr::arity>>;
    { Tr::material(s) } -> std::convertible_to<const Material&>;
    { Tr::maxStep(cc) } -> std::convertible_to<Real>;
    { Tr::check(cc) } -> std::convertible_to<const char*>;
    { cc.complianceScale } -> std::convertible_to<Real>;
    Tr::fields(c, count);
};

// All rows of one constraint: C[r] and g[r][k] = dC_r/dp_{indices[k]}, whatever the type's
// row count (single-row types fill row 0).
template <class Tr>
inline void evaluateRows(const typename Tr::Type& c, const std::vector<Vec3>& p,
                         Real (&C)[Tr::rows], Vec3 (&g)[Tr::rows][Tr::arity]) {
    if constexpr (Tr::rows == 1)
        C[0] = Tr::evaluate(c, p, g[0]);
    else
        Tr::evaluate(c, p, C, g);
}

}  // namespace sim
