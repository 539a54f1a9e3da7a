#pragma once
// The world's fixed constraints, one plain array per type (no virtual call per constraint),
// generated from the type list (constraint_types.h). Collision contacts are not here: they
// are regenerated every substep (sim/collision/contact_set.h).
#include <cstddef>
#include <vector>

#include "sim/constraints/constraint_types.h"

namespace sim {

struct ConstraintSet {
#define PBD_CONSTRAINT_ARRAY(T, member) std::vector<T> member;
    PBD_CONSTRAINT_TYPES(PBD_CONSTRAINT_ARRAY)
#undef PBD_CONSTRAINT_ARRAY

    void clear();
    size_t size() const;  // constraints, not rows
};

// Every type of the list has complete traits (its split rule, material, rows, ...).
#define PBD_CONSTRAINT_CHECK(T, member)                          \
    static_assert(ConstraintTraitsComplete<ConstraintTraits<T>>, \
                  #T ": ConstraintTraits incomplete (see constraint_traits.h)");
PBD_CONSTRAINT_TYPES(PBD_CONSTRAINT_CHECK)
#undef PBD_CONSTRAINT_CHECK

// Calls f(array, traits) for each constraint array of the set, in list order.
template <class Set, class F>
void visitConstraints(Set& set, F&& f) {
#define PBD_CONSTRAINT_VISIT(T, member) f(set.member, ConstraintTraits<T>{});
    PBD_CONSTRAINT_TYPES(PBD_CONSTRAINT_VISIT)
#undef PBD_CONSTRAINT_VISIT
}

inline void ConstraintSet::clear() {
    visitConstraints(*this, [](auto& array, const auto&) { array.clear(); });
}

inline size_t ConstraintSet::size() const {
    size_t n = 0;
    visitConstraints(*this, [&](const auto& array, const auto&) { n += array.size(); });
    return n;
}

}  // namespace sim
