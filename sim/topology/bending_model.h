#pragma once
// Switches a cloth's bending constraints between the two models (Settings::bendingModel):
// the dihedral hinge (constraints/bending.h) and the isometric stencil
// (constraints/isometric_bending.h). Both live on the same four particles (the edge and its
// two wings), so a switch rebuilds each hinge in the other model on the same particles, from
// the rest shape: the rest angle of a dihedral hinge, the cotangent weights of an isometric
// stencil. World::step converts when the set holds hinges of the model not chosen.
#include <vector>

#include "sim/constraints/constraint_set.h"
#include "sim/core/settings.h"

namespace sim {

// Rebuilds every hinge of the other model in `model` from rest positions `rest` (one per
// particle); returns whether any hinge changed. A dihedral hinge's complianceScale is not
// carried over (the isometric one sets its own: the matched stiffness).
bool convertBending(ConstraintSet& set, const std::vector<Vec3>& rest, BendingModel model);

}  // namespace sim
