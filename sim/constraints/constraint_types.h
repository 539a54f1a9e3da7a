#pragma once
// THE list of constraint types. Everything that loops over "all constraints" — the
// ConstraintSet's arrays, the three solvers, MGPBD's dual system, residuals, validation and
// vertex splitting — is generated from it, so a new type is its own header (struct, pure
// evaluate function, ConstraintTraits) plus one include and one line here.
//
//   X(Type, member)   member: the array's name in ConstraintSet
//
// A type removed from the list is named in kRetiredConstraintTypes (state_file.cpp), so that
// files that list it empty still load, and keeps its slot in the state hash (state_hash.cpp).
#include "sim/constraints/arap.h"
#include "sim/constraints/attachment.h"
#include "sim/constraints/bending.h"
#include "sim/constraints/distance.h"
#include "sim/constraints/isometric_bending.h"
#include "sim/constraints/pressure.h"
#include "sim/constraints/tet_volume.h"
#include "sim/constraints/tether.h"

#define PBD_CONSTRAINT_TYPES(X)          \
    X(DistanceConstraint, distance)      \
    X(BendingConstraint, bending)        \
    X(AttachmentConstraint, attachments) \
    X(TetVolumeConstraint, tetVolume)    \
    X(ArapConstraint, arap)              \
    X(ArapStrainConstraint, arapStrain)  \
    X(TetherConstraint, tethers)         \
    X(PressureConstraint, pressure)      \
    X(IsometricBendingConstraint, isometricBending)
