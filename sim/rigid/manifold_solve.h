#pragma once
// The rows of one contact manifold (the contacts between one pair of shapes) solved
// together. Projected one at a time, the four corner contacts of a box resting on a face
// rock it: each corner's correction is three quarters rotation (w = 1/m + (r x n)^T I^-1
// (r x n)), and Gauss-Seidel stops at a tilted pose that touches on two corners, which then
// creeps. Solved as one block,
//     K lambda = rhs,   K_ij = d_i . d_j (1/m_a + 1/m_b) + (r_ai x d_i)^T I_a^-1 (r_aj x d_j)
//                                                       + (r_bi x d_i)^T I_b^-1 (r_bj x d_j)
// (the linearized Müller 2020 eq. 4 of all rows at once; K = J M^-1 J^T), equal penetrations
// give equal lambdas and a pure translation. K is rank deficient (four coplanar corners
// have three degrees of freedom), so the least-norm solution is taken; for inequality rows
// those with lambda < 0 are dropped and the rest solved again (active set).
#include <Eigen/Dense>

#include "sim/rigid/rigid_body.h"

namespace sim {

class ManifoldRows {
  public:
    static constexpr int kMaxRows = 24;
    using Vector = Eigen::Matrix<Real, Eigen::Dynamic, 1, 0, kMaxRows, 1>;

    // a moves along +d at lever ra, b (may be null: fixed) along -d at lever rb. A frozen
    // side counts as immovable (shock propagation, rigid_contacts.h).
    ManifoldRows(RigidBody* a, RigidBody* b, bool freezeA = false, bool freezeB = false)
        : a_(freezeA ? nullptr : a), b_(freezeB ? nullptr : b) {}
    bool add(const Vec3& ra, const Vec3& rb, const Vec3& d) {
        return addRow(d, ra.cross(d), d, rb.cross(d));
    }
    // A row about the axis n alone: a turns by +lambda about n, b by -lambda (twist).
    bool addTwist(const Vec3& n) { return addRow(Vec3::Zero(), n, Vec3::Zero(), n); }
    // The general row: a gets linear la and angular aa per unit lambda, b minus lb and ab.
    bool addRow(const Vec3& la, const Vec3& aa, const Vec3& lb, const Vec3& ab);
    int size() const { return n_; }

    // Least-norm lambda of K lambda = rhs; with nonNegative, the active-set rule above.
    Vector solve(const Vector& rhs, bool nonNegative) const;
    // Positional corrections lambda_i d_i (rigid_body.h applyCorrection), or velocity impulses.
    void applyCorrections(const Vector& lambda) const;
    void applyImpulses(const Vector& lambda) const;

  private:
    void sums(const Vector& lambda, Vec3& Pa, Vec3& La, Vec3& Pb, Vec3& Lb) const;
    RigidBody* a_;
    RigidBody* b_;
    int n_ = 0;
    Vec3 la_[kMaxRows], aa_[kMaxRows], lb_[kMaxRows], ab_[kMaxRows];
};

}  // namespace sim
