#pragma once
// Attachment of a particle to a fixed or moving target (PBD §3.6) as a constraint with a
// compliance, so an attachment can be soft:  C(p) = |p - t|,  grad C = (p - t)/|p - t|.
// A hard attachment is usually a pin (w = 0) instead; this one lets the particle keep its
// mass and be pulled.
#include "sim/constraints/constraint_traits.h"
#include "sim/core/types.h"

namespace sim {

struct AttachmentConstraint {
    int i = 0;
    Vec3 target = Vec3::Zero();  // moved by scenes or the app between steps
    Real complianceScale = 1;
};

inline Real evaluateAttachment(const Vec3& p, const Vec3& target, Vec3 grad[1]) {
    Vec3 d = p - target;
    Real len = d.norm();
    if (len < 1e-12) {
        grad[0].setZero();
        return 0.0;
    }
    grad[0] = d / len;
    return len;
}

// A split particle's halves both stay attached.
template <>
struct ConstraintTraits<AttachmentConstraint> : TraitsDefaults<AttachmentConstraint, 1> {
    static constexpr const char* name = "attachment";
    static constexpr SplitRule split = SplitRule::DuplicateShared;
    static std::array<int*, 1> refs(AttachmentConstraint& c) { return {&c.i}; }
    static Real evaluate(const AttachmentConstraint& c, const std::vector<Vec3>& p, Vec3 (&g)[1]) {
        return evaluateAttachment(p[c.i], c.target, g);
    }
    static const Material& material(const Settings& s) { return s.attachment; }
    // Its stored fields in file order (state files). The size check stops the build when a
    // field is added to the type and not here.
    template <class V>
    static void fields(AttachmentConstraint& c, V& v) {
        static_assert(sizeof(AttachmentConstraint) == 40,
                      "AttachmentConstraint changed: update fields()");
        v(c.i), v(c.target), v(c.complianceScale);
    }
};

}  // namespace sim
