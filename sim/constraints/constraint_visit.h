#pragma once
// One place that lists every constraint type with its arity, its particle indices, its
// evaluate function and its material family, so that solvers, residuals and the MGPBD
// assembly are written once over "all constraints" and a new type (tet volume, ARAP, ...)
// is added here and nowhere else.
//
//   visitConstraints(set, [&](auto& array, const auto& traits) { ... });
//
// `traits` is ConstraintTraits<T> for the array's element type T:
//   traits.arity                       number of particles
//   traits.indices(c)                  std::array<int, arity>
//   traits.evaluate(c, p, grad)        C, with grad[k] = dC/dp_{indices[k]}
//   traits.material(settings)          the family's Material
//   traits.maxStep(c)                  largest move per projection (see BendingConstraint)
//   traits.unilateral                  true if it only acts when C < 0 (never pushes)
#include <array>
#include <limits>
#include <vector>

#include "sim/constraints/constraint_set.h"
#include "sim/core/settings.h"

namespace sim {

template <class T>
struct ConstraintTraits;

template <>
struct ConstraintTraits<DistanceConstraint> {
    static constexpr int arity = 2;
    static constexpr bool unilateral = false;
    static std::array<int, 2> indices(const DistanceConstraint& c) { return {c.i, c.j}; }
    static Real evaluate(const DistanceConstraint& c, const std::vector<Vec3>& p, Vec3 (&g)[2]) {
        return evaluateDistance(p[c.i], p[c.j], c.restLength, g);
    }
    static const Material& material(const Settings& s) { return s.stretch; }
    static Real maxStep(const DistanceConstraint&) { return std::numeric_limits<Real>::infinity(); }
};

template <>
struct ConstraintTraits<BendingConstraint> {
    static constexpr int arity = 4;
    static constexpr bool unilateral = false;
    static std::array<int, 4> indices(const BendingConstraint& c) { return {c.i1, c.i2, c.i3, c.i4}; }
    static Real evaluate(const BendingConstraint& c, const std::vector<Vec3>& p, Vec3 (&g)[4]) {
        return evaluateBending(p[c.i1], p[c.i2], p[c.i3], p[c.i4], c.restAngle, g);
    }
    static const Material& material(const Settings& s) { return s.bend; }
    static Real maxStep(const BendingConstraint& c) { return c.maxStep; }
};

template <>
struct ConstraintTraits<AttachmentConstraint> {
    static constexpr int arity = 1;
    static constexpr bool unilateral = false;
    static std::array<int, 1> indices(const AttachmentConstraint& c) { return {c.i}; }
    static Real evaluate(const AttachmentConstraint& c, const std::vector<Vec3>& p, Vec3 (&g)[1]) {
        return evaluateAttachment(p[c.i], c.target, g);
    }
    static const Material& material(const Settings& s) { return s.attachment; }
    static Real maxStep(const AttachmentConstraint&) {
        return std::numeric_limits<Real>::infinity();
    }
};

template <>
struct ConstraintTraits<TetVolumeConstraint> {
    static constexpr int arity = 4;
    static constexpr bool unilateral = false;
    static std::array<int, 4> indices(const TetVolumeConstraint& c) {
        return {c.i[0], c.i[1], c.i[2], c.i[3]};
    }
    static Real evaluate(const TetVolumeConstraint& c, const std::vector<Vec3>& p, Vec3 (&g)[4]) {
        return evaluateTetVolume(p[c.i[0]], p[c.i[1]], p[c.i[2]], p[c.i[3]], c.restVolume, g);
    }
    static const Material& material(const Settings& s) { return s.volume; }
    static Real maxStep(const TetVolumeConstraint&) { return std::numeric_limits<Real>::infinity(); }
};

template <>
struct ConstraintTraits<ArapConstraint> {
    static constexpr int arity = 4;
    static constexpr bool unilateral = false;
    static std::array<int, 4> indices(const ArapConstraint& c) {
        return {c.i[0], c.i[1], c.i[2], c.i[3]};
    }
    static Real evaluate(const ArapConstraint& c, const std::vector<Vec3>& p, Vec3 (&g)[4]) {
        if (c.row == kArapNormRow)
            return evaluateArap(p[c.i[0]], p[c.i[1]], p[c.i[2]], p[c.i[3]], c.restInverse, g);
        return evaluateArapRow(p[c.i[0]], p[c.i[1]], p[c.i[2]], p[c.i[3]], c.restInverse, c.row,
                               g);
    }
    static const Material& material(const Settings& s) { return s.arap; }
    static Real maxStep(const ArapConstraint&) { return std::numeric_limits<Real>::infinity(); }
};

template <>
struct ConstraintTraits<SeparationConstraint> {
    static constexpr int arity = 2;
    static constexpr bool unilateral = true;
    static std::array<int, 2> indices(const SeparationConstraint& c) { return {c.i, c.j}; }
    static Real evaluate(const SeparationConstraint& c, const std::vector<Vec3>& p, Vec3 (&g)[2]) {
        return evaluateDistance(p[c.i], p[c.j], c.minDistance, g);
    }
    static const Material& material(const Settings&) {
        static const Material contact{1.0, 0.0};
        return contact;
    }
    static Real maxStep(const SeparationConstraint&) {
        return std::numeric_limits<Real>::infinity();
    }
};

// Calls f(array, traits) for each constraint array of the set, in a fixed order.
template <class Set, class F>
void visitConstraints(Set& set, F&& f) {
    f(set.distance, ConstraintTraits<DistanceConstraint>{});
    f(set.bending, ConstraintTraits<BendingConstraint>{});
    f(set.attachments, ConstraintTraits<AttachmentConstraint>{});
    f(set.tetVolume, ConstraintTraits<TetVolumeConstraint>{});
    f(set.arap, ConstraintTraits<ArapConstraint>{});
    f(set.separation, ConstraintTraits<SeparationConstraint>{});
}

}  // namespace sim
