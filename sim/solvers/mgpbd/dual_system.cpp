#include "sim/solvers/mgpbd/dual_system.h"

#include <algorithm>
#include <type_traits>

#include "sim/constraints/constraint_set.h"
#include "sim/contact/step_context.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/solvers/mgpbd/mgpbd_work.h"

namespace sim {

namespace {

// Unilateral and dense types are never rows: MgpbdSolver projects them after its loop.
template <class Traits>
constexpr bool kRows = !Traits::unilateral && !Traits::dense;

template <class Traits, class C>
bool rowIsActive(const C& con, const Particles& P) {
    if (!kRows<Traits>) return false;  // contacts-like constraints stay in the collision stage
    for (int i : Traits::indices(con))
        if (P.w[i] > 0) return true;
    return false;
}

}  // namespace

bool DualSystem::sameActiveSet(const StepContext& ctx) const {
    if (ctx.topologyVersion() != topologyVersion_ || ctx.particles.size() != particleCount_)
        return false;
    bool same = true;
    size_t type = 0;
    visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        const std::vector<int>* rows = type < rowOf_.size() ? &rowOf_[type] : nullptr;
        ++type;
        if (!same || !kRows<Traits>) return;  // never rows: their count may change freely
        if (!rows || rows->size() != array.size()) {
            same = false;
            return;
        }
        for (size_t c = 0; c < array.size() && same; ++c)
            same = ((*rows)[c] >= 0) == rowIsActive<Traits>(array[c], ctx.particles);
    });
    return same && type == rowOf_.size();
}

bool DualSystem::update(const StepContext& ctx) {
    if (sameActiveSet(ctx)) return false;
    build(ctx);
    return true;
}

void DualSystem::build(const StepContext& ctx) {
    const Particles& P = ctx.particles;
    topologyVersion_ = ctx.topologyVersion();
    ++structureVersion_;
    particleCount_ = P.size();
    rowOf_.clear();
    slotStart_.assign(1, 0);
    slotParticle_.clear();
    slotRow_.clear();
    int rowCount = 0;
    evaluateWork_ = 0;
    rowsPerType_.clear();
    visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        // A polar decomposition (ARAP) costs several times a distance or bending row.
        constexpr bool kArap =
            Traits::rows > 1 || std::is_same_v<typename Traits::Type, ArapConstraint>;
        const double perSlot =
            kArap ? kEvaluateWorkPerArapSlot / Traits::rows + kEvaluateWorkPerArapRowSlot
                  : kEvaluateWorkPerSlot;
        rowsPerType_.push_back(Traits::rows);
        std::vector<int>& rows = rowOf_.emplace_back(kRows<Traits> ? array.size() : 0, -1);
        for (size_t c = 0; c < rows.size(); ++c) {
            if (!rowIsActive<Traits>(array[c], P)) continue;
            rows[c] = rowCount;  // the first of the constraint's Traits::rows rows
            for (int row = 0; row < Traits::rows; ++row) {
                for (int i : Traits::indices(array[c])) {
                    slotParticle_.push_back(i);
                    slotRow_.push_back(rowCount);
                }
                slotStart_.push_back(static_cast<int64_t>(slotParticle_.size()));
                evaluateWork_ += perSlot * static_cast<double>(Traits::indices(array[c]).size());
                ++rowCount;
            }
        }
    });
    const int64_t slots = static_cast<int64_t>(slotParticle_.size());
    grad_.assign(slots, Vec3::Zero());

    // Particle -> slots incidence (counting sort keeps slots in row order).
    incStart_.assign(P.size() + 1, 0);
    for (int p : slotParticle_) ++incStart_[p + 1];
    for (int p = 0; p < P.size(); ++p) incStart_[p + 1] += incStart_[p];
    incSlot_.resize(slots);
    {
        std::vector<int64_t> next(incStart_.begin(), incStart_.end() - 1);
        for (int64_t s = 0; s < slots; ++s) incSlot_[next[slotParticle_[s]]++] = s;
    }

    buildPattern(rowCount);
    b.assign(rowCount, 0.0);
    alphaTilde.assign(rowCount, 0.0);
}

void DualSystem::buildPattern(int rowCount) {
    const int64_t slots = static_cast<int64_t>(slotParticle_.size());
    // A's pattern: row r couples to every row sharing one of its particles. Duplicates are
    // skipped by marking each coupled row with r (a per-thread array, no allocation per row):
    // one pass counts, a second writes and sorts each row's columns. The second also fills
    // the scatter table (slot s of row r times incident slot t lands at A(r, row(t))) through
    // the row's column positions, which replaced a binary search per product: a tear
    // rebuilds the pattern, and tearable_cloth's frames hitched on it under a budget that
    // never assembles A there (docs/notes/tearing.md).
    A = CsrMatrix{};
    A.rows = A.cols = rowCount;
    A.rowStart.assign(rowCount + 1, 0);
    const auto coupledRows = [&](int r, std::vector<int>& mark, auto&& f) {
        for (int64_t s = slotStart_[r]; s < slotStart_[r + 1]; ++s) {
            const int p = slotParticle_[s];
            for (int64_t j = incStart_[p]; j < incStart_[p + 1]; ++j) {
                const int q = slotRow_[incSlot_[j]];
                if (mark[q] != r) mark[q] = r, f(q);
            }
        }
    };
#pragma omp parallel if (rowCount >= kParallelMinRows)
    {
        std::vector<int> mark(rowCount, -1);
#pragma omp for schedule(static)
        for (int r = 0; r < rowCount; ++r) {
            int64_t count = 0;
            coupledRows(r, mark, [&](int) { ++count; });
            A.rowStart[r + 1] = count;
        }
    }
    for (int r = 0; r < rowCount; ++r) A.rowStart[r + 1] += A.rowStart[r];
    A.col.resize(A.nonZeros());
    A.val.assign(A.nonZeros(), 0.0);
    scatterStart_.assign(slots + 1, 0);
    for (int64_t s = 0; s < slots; ++s) {
        const int p = slotParticle_[s];
        scatterStart_[s + 1] = scatterStart_[s] + (incStart_[p + 1] - incStart_[p]);
    }
    scatter_.resize(scatterStart_.back());
    diag_.resize(rowCount);
#pragma omp parallel if (rowCount >= kParallelMinRows)
    {
        std::vector<int> mark(rowCount, -1);
        std::vector<int64_t> position(rowCount, -1);  // column -> its offset in A, this row
#pragma omp for schedule(static)
        for (int r = 0; r < rowCount; ++r) {
            int* col = A.col.data() + A.rowStart[r];
            int64_t k = 0;
            coupledRows(r, mark, [&](int q) { col[k++] = q; });
            std::sort(col, col + k);
            for (int64_t m = 0; m < k; ++m) position[col[m]] = A.rowStart[r] + m;
            diag_[r] = position[r];
            for (int64_t s = slotStart_[r]; s < slotStart_[r + 1]; ++s) {
                const int p = slotParticle_[s];
                int64_t out = scatterStart_[s];
                for (int64_t j = incStart_[p]; j < incStart_[p + 1]; ++j)
                    scatter_[out++] = position[slotRow_[incSlot_[j]]];
            }
        }
    }
}

void DualSystem::evaluate(const StepContext& ctx, Real dt, const Vector& lambda) {
    const Particles& P = ctx.particles;
    const Real hardRatio = ctx.settings.block<MgpbdSettings>().system.hardRowRatio;
    size_t type = 0;
    visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        constexpr int R = Traits::rows;
        const std::vector<int>& rows = rowOf_[type++];
        const Real at = Traits::material(ctx.settings).compliance / (dt * dt);
        const int n = static_cast<int>(rows.size());  // 0 for unilateral and dense types
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
        for (int c = 0; c < n; ++c) {
            const int first = rows[c];
            if (first < 0) continue;
            RowEval<Traits> eval;
            eval(array[c], P.p);
            for (int row = 0; row < R; ++row) {
                const int r = first + row;
                const Vec3* g = eval.g(row);
                for (int k = 0; k < eval.arity; ++k) grad_[slotStart_[r] + k] = g[k];
                alphaTilde[r] = at * array[c].complianceScale;
                if (alphaTilde[r] == 0 && hardRatio > 0) {  // MgpbdLinearSystem::hardRowRatio
                    Real d = 0;
                    int k = 0;
                    for (int i : Traits::indices(array[c])) d += P.w[i] * g[k++].squaredNorm();
                    alphaTilde[r] = hardRatio * (d > 0 ? d : 1);
                }
                b[r] = -eval.C[row] - alphaTilde[r] * lambda[r];
            }
        }
    });
}

void DualSystem::fillMatrix(const StepContext& ctx) {
    const Particles& P = ctx.particles;
    const int rowCount = A.rows;
#pragma omp parallel for schedule(static) if (rowCount >= kParallelMinRows)
    for (int r = 0; r < rowCount; ++r) {
        for (int64_t k = A.rowStart[r]; k < A.rowStart[r + 1]; ++k) A.val[k] = 0;
        for (int64_t s = slotStart_[r]; s < slotStart_[r + 1]; ++s) {
            const int p = slotParticle_[s];
            const Real w = P.w[p];
            if (w == 0) continue;
            const Vec3 g = grad_[s];
            int64_t out = scatterStart_[s];
            for (int64_t j = incStart_[p]; j < incStart_[p + 1]; ++j)
                A.val[scatter_[out++]] += w * g.dot(grad_[incSlot_[j]]);
        }
        A.val[diag_[r]] += alphaTilde[r];
    }
}

void DualSystem::scatterLambda(const Vector& lambda, std::vector<std::vector<Real>>& set) const {
    if (set.size() < rowOf_.size()) set.resize(rowOf_.size());
    for (size_t type = 0; type < rowOf_.size(); ++type) {
        const std::vector<int>& rows = rowOf_[type];
        const size_t R = static_cast<size_t>(rowsPerType_[type]);
        std::vector<Real>& out = set[type];
        if (out.size() < rows.size() * R) out.resize(rows.size() * R);
        for (size_t c = 0; c < rows.size(); ++c)
            for (size_t k = 0; k < R; ++k)
                out[c * R + k] = rows[c] >= 0 ? lambda[rows[c] + k] : 0.0;
    }
}

void DualSystem::gatherLambda(const std::vector<std::vector<Real>>& set, Vector& lambda) const {
    for (size_t type = 0; type < rowOf_.size(); ++type) {
        const std::vector<int>& rows = rowOf_[type];
        const size_t R = static_cast<size_t>(rowsPerType_[type]);
        for (size_t c = 0; c < rows.size(); ++c)
            if (rows[c] >= 0)
                for (size_t k = 0; k < R; ++k) lambda[rows[c] + k] = set[type][c * R + k];
    }
}

void DualSystem::strainModes(const StepContext& ctx, std::vector<Real>& B) const {
    const Particles& P = ctx.particles;
    const int n = A.rows;
    Vec3 centre = Vec3::Zero();
    for (const Vec3& x : P.p) centre += x;
    if (P.size() > 0) centre /= P.size();
    B.assign(static_cast<size_t>(n) * 6, 0.0);
    static constexpr int kPairs[6][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}};
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
    for (int r = 0; r < n; ++r)
        for (int e = 0; e < 6; ++e) {
            const int a = kPairs[e][0], c = kPairs[e][1];
            Real v = 0;
            for (int64_t s = slotStart_[r]; s < slotStart_[r + 1]; ++s) {
                const Vec3 x = P.p[slotParticle_[s]] - centre;
                Vec3 u = Vec3::Zero();  // (E x) with E = (e_a e_c^T + e_c e_a^T) / 2
                u[a] += 0.5 * x[c];
                u[c] += 0.5 * x[a];
                v += grad_[s].dot(u);
            }
            B[static_cast<size_t>(e) * n + r] = v;
        }
}

void DualSystem::positionDelta(const StepContext& ctx, const Vector& dlambda,
                               std::vector<Vec3>& dx) const {
    const Particles& P = ctx.particles;
    const int n = P.size();
    dx.resize(n);
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
    for (int p = 0; p < n; ++p) {
        Vec3 d = Vec3::Zero();
        if (P.w[p] > 0)
            for (int64_t j = incStart_[p]; j < incStart_[p + 1]; ++j) {
                const int64_t s = incSlot_[j];
                d += grad_[s] * dlambda[slotRow_[s]];
            }
        dx[p] = P.w[p] * d;
    }
}

void DualSystem::addGradientTimes(const std::vector<Vec3>& v, Vector& out) const {
    const int rowCount = A.rows;
#pragma omp parallel for schedule(static) if (rowCount >= kParallelMinRows)
    for (int r = 0; r < rowCount; ++r) {
        Real sum = 0;
        for (int64_t s = slotStart_[r]; s < slotStart_[r + 1]; ++s)
            sum += grad_[s].dot(v[slotParticle_[s]]);
        out[r] += sum;
    }
}

}  // namespace sim
