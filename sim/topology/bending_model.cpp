#include "sim/topology/bending_model.h"

namespace sim {

bool convertBending(ConstraintSet& set, const std::vector<Vec3>& rest, BendingModel model) {
    if (model == BendingModel::Isometric) {
        if (set.bending.empty()) return false;
        set.isometricBending.reserve(set.isometricBending.size() + set.bending.size());
        for (const BendingConstraint& b : set.bending) {
            IsometricBendingConstraint c = makeIsometricBending(b.i1, b.i2, b.i3, b.i4, rest[b.i1],
                                                                rest[b.i2], rest[b.i3], rest[b.i4]);
            c.maxStep = b.maxStep;
            set.isometricBending.push_back(c);
        }
        set.bending.clear();
        return true;
    }
    if (set.isometricBending.empty()) return false;
    set.bending.reserve(set.bending.size() + set.isometricBending.size());
    for (const IsometricBendingConstraint& c : set.isometricBending) {
        BendingConstraint b;
        b.i1 = c.i[0], b.i2 = c.i[1], b.i3 = c.i[2], b.i4 = c.i[3];
        b.restAngle = dihedralAngle(rest[b.i1], rest[b.i2], rest[b.i3], rest[b.i4]);
        b.maxStep = c.maxStep;
        set.bending.push_back(b);
    }
    set.isometricBending.clear();
    return true;
}

}  // namespace sim
