#pragma once
// The world's fixed constraints, one plain array per type (no virtual call per constraint).
// Collision contacts are not here: they are regenerated every substep (World::contacts).
#include <vector>

#include "sim/constraints/attachment.h"
#include "sim/constraints/bending.h"
#include "sim/constraints/distance.h"

namespace sim {

struct ConstraintSet {
    std::vector<DistanceConstraint> distance;
    std::vector<BendingConstraint> bending;
    std::vector<AttachmentConstraint> attachments;

    void clear() {
        distance.clear();
        bending.clear();
        attachments.clear();
    }
    size_t size() const { return distance.size() + bending.size() + attachments.size(); }
};

}  // namespace sim
