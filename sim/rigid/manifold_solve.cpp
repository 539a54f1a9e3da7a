#include "sim/rigid/manifold_solve.h"

namespace sim {

namespace {
using Matrix = Eigen::Matrix<Real, Eigen::Dynamic, Eigen::Dynamic, 0, ManifoldRows::kMaxRows,
                             ManifoldRows::kMaxRows>;
}  // namespace

bool ManifoldRows::addRow(const Vec3& la, const Vec3& aa, const Vec3& lb, const Vec3& ab) {
    if (n_ == kMaxRows) return false;
    la_[n_] = la, aa_[n_] = aa, lb_[n_] = lb, ab_[n_] = ab;
    ++n_;
    return true;
}

ManifoldRows::Vector ManifoldRows::solve(const Vector& rhs, bool nonNegative) const {
    // The angular parts I^-1 (r x d) of every row, once.
    Vec3 ua[kMaxRows], ub[kMaxRows];
    const Real ma = a_ ? a_->invMass : 0, mb = b_ ? b_->invMass : 0;
    for (int i = 0; i < n_; ++i) {
        ua[i] = ma > 0 ? a_->invInertiaWorld(aa_[i]) : Vec3::Zero();
        ub[i] = mb > 0 ? b_->invInertiaWorld(ab_[i]) : Vec3::Zero();
    }
    Matrix K(n_, n_);
    for (int i = 0; i < n_; ++i)
        for (int j = 0; j <= i; ++j)
            K(i, j) = K(j, i) = ma * la_[i].dot(la_[j]) + aa_[i].dot(ua[j]) +
                                mb * lb_[i].dot(lb_[j]) + ab_[i].dot(ub[j]);
    Vector lambda = Vector::Zero(n_);
    bool active[kMaxRows];
    for (int i = 0; i < n_; ++i) active[i] = true;
    for (int round = 0; round < n_; ++round) {
        int idx[kMaxRows], m = 0;
        for (int i = 0; i < n_; ++i)
            if (active[i]) idx[m++] = i;
        if (m == 0) break;
        Matrix Ks(m, m);
        Vector r(m);
        for (int i = 0; i < m; ++i) {
            r[i] = rhs[idx[i]];
            for (int j = 0; j < m; ++j) Ks(i, j) = K(idx[i], idx[j]);
        }
        Eigen::CompleteOrthogonalDecomposition<Matrix> cod;
        cod.setThreshold(1e-6);  // relative: nearly dependent rows count as dependent
        cod.compute(Ks);
        const Vector x = cod.solve(r);
        lambda.setZero();
        bool dropped = false;
        for (int i = 0; i < m; ++i) {
            if (nonNegative && x[i] < 0) {
                active[idx[i]] = false;
                dropped = true;
            }
            lambda[idx[i]] = x[i];
        }
        if (!dropped) return lambda;
    }
    return Vector::Zero(n_);
}

void ManifoldRows::sums(const Vector& lambda, Vec3& Pa, Vec3& La, Vec3& Pb, Vec3& Lb) const {
    Pa.setZero(), La.setZero(), Pb.setZero(), Lb.setZero();
    for (int i = 0; i < n_; ++i) {
        Pa += lambda[i] * la_[i];
        La += lambda[i] * aa_[i];
        Pb -= lambda[i] * lb_[i];
        Lb -= lambda[i] * ab_[i];
    }
}

void ManifoldRows::applyCorrections(const Vector& lambda) const {
    Vec3 Pa, La, Pb, Lb;
    sums(lambda, Pa, La, Pb, Lb);
    if (a_) a_->applyCorrectionMoment(Pa, La);
    if (b_) b_->applyCorrectionMoment(Pb, Lb);
}

void ManifoldRows::applyImpulses(const Vector& lambda) const {
    Vec3 Pa, La, Pb, Lb;
    sums(lambda, Pa, La, Pb, Lb);
    if (a_) a_->applyImpulseMoment(Pa, La);
    if (b_) b_->applyImpulseMoment(Pb, Lb);
}

}  // namespace sim
