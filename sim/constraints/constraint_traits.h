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
// and may override the defaults (unilateral, dense, volumetric, maxStep, check,
// readSettings). A multi-row constraint evaluates all its rows at once, so shared work (a
// tet's polar decomposition) is done once per constraint; solvers see `rows` scalar rows with
// one compliance scale.
//
// A type of variable arity (one row over a particle list of its own length, e.g. the volume
// of a closed surface, pressure.h) derives from VariableTraitsDefaults<T> instead and gives
//   static std::span<int> refs(T&)   and   static std::span<const int> indices(const T&)
//   static Real evaluate(const T&, const std::vector<Vec3>& p, std::span<Vec3> g)
// (g has indices(c).size() entries). Code that handles both reaches the gradients through
// RowEval (below) and the indices through indices(), which both forms give as a range.
// The type list that ties them together is constraint_types.h.
#include <array>
#include <concepts>
#include <limits>
#include <span>
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

// The arity of a type whose constraints each carry their own particle list.
inline constexpr int kVariableArity = -1;

// What every type shares, whatever its arity.
template <class T>
struct CommonTraitsDefaults {
    using Type = T;
    // Chains of its constraints may be projected a chain at a time (sim/sweeps/edge_chains.h).
    static constexpr bool chainable = false;
    static constexpr bool unilateral = false;  // acts only while C < 0 (never pulls)
    // Couples many particles in one row (a closed surface's volume): MGPBD leaves it out of
    // its global system, whose primal form K = M + J^T D^-1 J would get a dense block over
    // all of them, and projects it after its global loop, as it does the unilateral types.
    static constexpr bool dense = false;
    // Reads a setting (k_pressure): World::step calls readSettings on every constraint of
    // the type before each step, so a slider acts on constraints built before it moved.
    static constexpr bool readsSettings = false;
    static void readSettings(T&, const Settings&) {}
    // A tet element's rows (a solid, not a sheet): MGPBD keeps the dual AMG's coarse levels
    // for a system with such rows (MgpbdLinearSystem::clothCoarseLevels).
    static constexpr bool volumetric = false;
    // Largest move of a particle in one projection (see BendingConstraint::maxStep).
    static Real maxStep(const T&) { return std::numeric_limits<Real>::infinity(); }
    // Type-specific validation beyond the indices; nullptr when fine.
    static const char* check(const T&) { return nullptr; }
};

template <class T, int Arity, int Rows = 1>
struct TraitsDefaults : CommonTraitsDefaults<T> {
    static_assert(Arity > 0, "a variable-arity type derives from VariableTraitsDefaults");
    static constexpr int arity = Arity;
    static constexpr int rows = Rows;
    static std::array<int, Arity> indices(const T& c) {
        std::array<int, Arity> out{};
        const auto r = ConstraintTraits<T>::refs(const_cast<T&>(c));
        for (int k = 0; k < Arity; ++k) out[k] = *r[k];
        return out;
    }
};

// One row over the constraint's own particle list (refs and indices are spans of it).
template <class T>
struct VariableTraitsDefaults : CommonTraitsDefaults<T> {
    static constexpr int arity = kVariableArity;
    static constexpr int rows = 1;
};

template <class Tr>
inline constexpr bool kVariableArityOf = Tr::arity == kVariableArity;

// Counts the ints and reals a type's fields() visits (a file entry's size per constraint);
// a list field (a variable-arity type's particle list) counts once in `lists`, its length
// is stored per constraint.
struct FieldCount {
    size_t ints = 0, reals = 0, lists = 0;
    void operator()(int&) { ++ints; }
    void operator()(std::vector<int>&) { ++lists; }
    void operator()(Real&) { ++reals; }
    void operator()(Vec3&) { reals += 3; }
    void operator()(Mat3&) { reals += 9; }
};

// The particle references of a fixed-arity type, or the spans of a variable one (a single
// bilateral row).
template <class Tr>
inline constexpr bool kFixedArityOf = Tr::arity > 0;
template <class Tr>
concept FixedArityRefs = kFixedArityOf<Tr> && requires(typename Tr::Type& c) {
    { Tr::refs(c) } -> std::same_as<std::array<int*, Tr::arity>>;
};
template <class Tr>
inline constexpr bool kOneBilateralRow = Tr::rows == 1 && !Tr::unilateral;
template <class Tr>
concept VariableArityRefs = kVariableArityOf<Tr> && kOneBilateralRow<Tr> &&
    requires(typename Tr::Type& c, const typename Tr::Type& cc, const std::vector<Vec3>& p,
             std::span<Vec3> g) {
    { Tr::refs(c) } -> std::same_as<std::span<int>>;
    { Tr::indices(cc) } -> std::same_as<std::span<const int>>;
    { Tr::evaluate(cc, p, g) } -> std::convertible_to<Real>;
};
template <class Tr>
concept ParticleRefs = FixedArityRefs<Tr> || VariableArityRefs<Tr>;

// Compile-time check that a traits struct says everything the solvers, validation and
// tearing need (a type missing its split rule or material does not compile).
template <class Tr>
concept ConstraintTraitsComplete = requires(typename Tr::Type& c, const typename Tr::Type& cc,
                                            const Settings& s, FieldCount& count) {
    requires ParticleRefs<Tr>;
    { Tr::name } -> std::convertible_to<const char*>;
    { Tr::split } -> std::convertible_to<SplitRule>;
    { Tr::arity } -> std::convertible_to<int>;
    { Tr::rows } -> std::convertible_to<int>;
    { Tr::unilateral } -> std::convertible_to<bool>;
    { Tr::dense } -> std::convertible_to<bool>;
    { Tr::readsSettings } -> std::convertible_to<bool>;
    Tr::readSettings(c, s);
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

// Replaces particle `from` by `to` in a constraint (vertex splits), either arity.
template <class Tr>
inline void remapParticle(typename Tr::Type& c, int from, int to) {
    if constexpr (kVariableArityOf<Tr>) {
        for (int& k : Tr::refs(c))
            if (k == from) k = to;
    } else {
        for (int* k : Tr::refs(c))
            if (*k == from) *k = to;
    }
}

// C and the gradients of every row of one constraint, for code that handles every type
// alike: after eval(c, p), eval.C[row] and eval.g(row)[k], k < eval.arity (the k-th of
// Tr::indices(c)). A fixed-arity type keeps them in the object (on the stack); a variable one
// writes its gradients into a per-thread buffer that grows to the largest constraint and is
// then reused, so nothing allocates once warm. That buffer holds one constraint's gradients:
// they are valid until the next variable-arity evaluation on the same thread.
template <class Tr, bool Variable = kVariableArityOf<Tr>>
struct RowEval {
    Real C[Tr::rows];
    Vec3 grad[Tr::rows][Tr::arity];
    int arity = Tr::arity;
    void operator()(const typename Tr::Type& c, const std::vector<Vec3>& p) {
        evaluateRows<Tr>(c, p, C, grad);
    }
    const Vec3* g(int row) const { return grad[row]; }
};

template <class Tr>
struct RowEval<Tr, true> {
    Real C[1] = {0};
    int arity = 0;
    Vec3* grad = nullptr;
    void operator()(const typename Tr::Type& c, const std::vector<Vec3>& p) {
        static thread_local std::vector<Vec3> scratch;
        arity = static_cast<int>(Tr::indices(c).size());
        if (scratch.size() < static_cast<size_t>(arity)) scratch.resize(arity);
        grad = scratch.data();
        C[0] = Tr::evaluate(c, p, std::span<Vec3>(grad, arity));
    }
    const Vec3* g(int) const { return grad; }
};

}  // namespace sim
