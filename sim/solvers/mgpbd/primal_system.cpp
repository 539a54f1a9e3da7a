#include "sim/solvers/mgpbd/primal_system.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "sim/contact/step_context.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"

namespace sim {

namespace {

// The sorted neighbour nodes of every free node (itself and every free particle sharing a row
// with it): two passes through a per-thread marker (count, then write and sort in place).
void blockPattern(const DualSystem& dual, const std::vector<int>& particleOf,
                  const std::vector<int>& freeIndex, std::vector<int64_t>& blockStart,
                  std::vector<int>& blockCol) {
    const int n = static_cast<int>(particleOf.size());
    const auto& slotStart = dual.slotStart();
    const auto& slotParticle = dual.slotParticle();
    const auto& slotRow = dual.slotRow();
    const auto& incStart = dual.incidenceStart();
    const auto& incSlot = dual.incidenceSlot();
    blockStart.assign(n + 1, 0);
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1) {
            for (int f = 0; f < n; ++f) blockStart[f + 1] += blockStart[f];
            blockCol.resize(blockStart[n]);
        }
#pragma omp parallel if (n >= kParallelMinRows)
        {
            std::vector<int> mark(n, -1);
#pragma omp for schedule(dynamic, 1024)
            for (int f = 0; f < n; ++f) {
                const int p = particleOf[f];
                int64_t count = 0;
                int* out = pass == 1 ? blockCol.data() + blockStart[f] : nullptr;
                const auto add = [&](int q) {
                    if (mark[q] == f) return;
                    mark[q] = f;
                    if (out) out[count] = q;
                    ++count;
                };
                add(f);
                for (int64_t j = incStart[p]; j < incStart[p + 1]; ++j) {
                    const int r = slotRow[incSlot[j]];
                    for (int64_t t = slotStart[r]; t < slotStart[r + 1]; ++t)
                        if (freeIndex[slotParticle[t]] >= 0) add(freeIndex[slotParticle[t]]);
                }
                if (out)
                    std::sort(out, out + count);
                else
                    blockStart[f + 1] = count;
            }
        }
    }
}

}  // namespace

bool PrimalSystem::applicable(const DualSystem& dual) {
    for (Real a : dual.alphaTilde)
        if (!(a > 0)) return false;
    return true;
}

bool PrimalSystem::update(const StepContext& ctx, const DualSystem& dual) {
    if (dual.structureVersion() == structureVersion_ &&
        static_cast<int>(freeIndex_.size()) == ctx.particles.size())
        return false;
    build(ctx, dual);
    return true;
}

void PrimalSystem::build(const StepContext& ctx, const DualSystem& dual) {
    const Particles& P = ctx.particles;
    structureVersion_ = dual.structureVersion();
    freeIndex_.assign(P.size(), -1);
    particleOf_.clear();
    for (int p = 0; p < P.size(); ++p)
        if (P.w[p] > 0) {
            freeIndex_[p] = static_cast<int>(particleOf_.size());
            particleOf_.push_back(p);
        }
    const int n = nodes();
    const auto& slotStart = dual.slotStart();
    const auto& slotParticle = dual.slotParticle();
    const auto& slotRow = dual.slotRow();
    const auto& incStart = dual.incidenceStart();
    const auto& incSlot = dual.incidenceSlot();

    // Block pattern: node f couples to itself and every free particle sharing a row with it.
    std::vector<int64_t> blockStart;  // node -> range of its neighbour nodes
    std::vector<int> blockCol;
    blockPattern(dual, particleOf_, freeIndex_, blockStart, blockCol);
    K = CsrMatrix{};
    K.rows = K.cols = 3 * n;
    const auto neighbourBegin = [&](int f) { return blockCol.begin() + blockStart[f]; };
    const auto neighbourEnd = [&](int f) { return blockCol.begin() + blockStart[f + 1]; };
    K.rowStart.assign(3 * n + 1, 0);
    for (int f = 0; f < n; ++f)
        for (int a = 0; a < 3; ++a)
            K.rowStart[3 * f + a + 1] =
                K.rowStart[3 * f + a] + 3 * (blockStart[f + 1] - blockStart[f]);
    K.col.resize(K.nonZeros());
    K.val.assign(K.nonZeros(), 0.0);
    diagonalBlock_.resize(n);
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
    for (int f = 0; f < n; ++f) {
        diagonalBlock_[f] = static_cast<int>(
            std::lower_bound(neighbourBegin(f), neighbourEnd(f), f) - neighbourBegin(f));
        for (int a = 0; a < 3; ++a) {
            int64_t k = K.rowStart[3 * f + a];
            for (auto q = neighbourBegin(f); q != neighbourEnd(f); ++q)
                for (int c = 0; c < 3; ++c) K.col[k++] = 3 * *q + c;
        }
    }

    // Scatter table: block column of every (incidence, slot of the same row) pair.
    scatterStart_.assign(n + 1, 0);
    for (int f = 0; f < n; ++f) {
        const int p = particleOf_[f];
        int64_t count = 0;
        for (int64_t j = incStart[p]; j < incStart[p + 1]; ++j) {
            const int r = slotRow[incSlot[j]];
            count += slotStart[r + 1] - slotStart[r];
        }
        scatterStart_[f + 1] = scatterStart_[f] + count;
    }
    scatter_.resize(scatterStart_.back());
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
    for (int f = 0; f < n; ++f) {
        const int p = particleOf_[f];
        int64_t out = scatterStart_[f];
        for (int64_t j = incStart[p]; j < incStart[p + 1]; ++j) {
            const int r = slotRow[incSlot[j]];
            for (int64_t t = slotStart[r]; t < slotStart[r + 1]; ++t) {
                const int q = freeIndex_[slotParticle[t]];
                scatter_[out++] =
                    q < 0
                        ? -1
                        : static_cast<int>(std::lower_bound(neighbourBegin(f), neighbourEnd(f), q) -
                                           neighbourBegin(f));
            }
        }
    }
}

void PrimalSystem::fill(const StepContext& ctx, const DualSystem& dual) {
    const Particles& P = ctx.particles;
    const int n = nodes();
    const auto& slotStart = dual.slotStart();
    const auto& slotRow = dual.slotRow();
    const auto& incStart = dual.incidenceStart();
    const auto& incSlot = dual.incidenceSlot();
    const auto& grad = dual.gradients();
    const Vector& alpha = dual.alphaTilde;
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
    for (int f = 0; f < n; ++f) {
        const int p = particleOf_[f];
        Real* row[3];
        for (int a = 0; a < 3; ++a) {
            row[a] = K.val.data() + K.rowStart[3 * f + a];
            std::fill(row[a], K.val.data() + K.rowStart[3 * f + a + 1], 0.0);
            row[a][3 * diagonalBlock_[f] + a] = 1.0 / P.w[p];  // M
        }
        int64_t k = scatterStart_[f];
        for (int64_t j = incStart[p]; j < incStart[p + 1]; ++j) {
            const int64_t s = incSlot[j];
            const int r = slotRow[s];
            const Vec3 gs = grad[s] / alpha[r];
            for (int64_t t = slotStart[r]; t < slotStart[r + 1]; ++t) {
                const int block = scatter_[k++];
                if (block < 0) continue;
                const Vec3& gt = grad[t];
                for (int a = 0; a < 3; ++a)
                    for (int c = 0; c < 3; ++c) row[a][3 * block + c] += gs[a] * gt[c];
            }
        }
    }
}

void PrimalSystem::rightHandSide(const DualSystem& dual, Vector& f) const {
    const int n = nodes();
    const auto& slotRow = dual.slotRow();
    const auto& incStart = dual.incidenceStart();
    const auto& incSlot = dual.incidenceSlot();
    const auto& grad = dual.gradients();
    f.assign(3 * n, 0.0);
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
    for (int v = 0; v < n; ++v) {
        const int p = particleOf_[v];
        Vec3 sum = Vec3::Zero();
        for (int64_t j = incStart[p]; j < incStart[p + 1]; ++j) {
            const int64_t s = incSlot[j];
            const int r = slotRow[s];
            sum += grad[s] * (dual.b[r] / dual.alphaTilde[r]);
        }
        for (int a = 0; a < 3; ++a) f[3 * v + a] = sum[a];
    }
}

void PrimalSystem::dualStep(const DualSystem& dual, const Vector& y, Vector& dlambda) const {
    // J y through the dual system's gradient product, then D^-1 (b - J y).
    field_.assign(freeIndex_.size(), Vec3::Zero());
    for (int v = 0; v < nodes(); ++v)
        field_[particleOf_[v]] = Vec3(y[3 * v], y[3 * v + 1], y[3 * v + 2]);
    dlambda.assign(dual.rows(), 0.0);
    dual.addGradientTimes(field_, dlambda);
    const int rows = dual.rows();
#pragma omp parallel for schedule(static) if (rows >= kParallelMinRows)
    for (int r = 0; r < rows; ++r) dlambda[r] = (dual.b[r] - dlambda[r]) / dual.alphaTilde[r];
}

// Runs once per PCG iteration: J W r fused with its norm in one pass over the rows (not
// through addGradientTimes, which would need a particle field and a row vector per call).
Real PrimalSystem::dualResidualNorm(const StepContext& ctx, const DualSystem& dual,
                                    const Vector& r) const {
    const Particles& P = ctx.particles;
    const int rows = dual.rows();
    const auto& slotStart = dual.slotStart();
    const auto& slotParticle = dual.slotParticle();
    const auto& grad = dual.gradients();
    Real sum = 0;
#pragma omp parallel for schedule(static) reduction(+ : sum) if (rows >= kParallelMinRows)
    for (int row = 0; row < rows; ++row) {
        Real v = 0;
        for (int64_t s = slotStart[row]; s < slotStart[row + 1]; ++s) {
            const int p = slotParticle[s];
            const int q = freeIndex_[p];
            if (q >= 0) v += P.w[p] * grad[s].dot(Vec3(r[3 * q], r[3 * q + 1], r[3 * q + 2]));
        }
        sum += v * v;
    }
    return std::sqrt(sum);
}

void PrimalSystem::rigidModes(const StepContext& ctx, std::vector<Real>& B) const {
    const Particles& P = ctx.particles;
    const int n = nodes();
    const size_t rows = static_cast<size_t>(3 * n);
    Vec3 centre = Vec3::Zero();
    for (int p : particleOf_) centre += P.p[p];
    if (n > 0) centre /= n;
    B.assign(rows * 6, 0.0);
    for (int v = 0; v < n; ++v) {
        const Vec3 d = P.p[particleOf_[v]] - centre;
        for (int a = 0; a < 3; ++a) B[a * rows + 3 * v + a] = 1.0;  // translations
        // rotations e_k x d
        B[3 * rows + 3 * v + 1] = -d.z();
        B[3 * rows + 3 * v + 2] = d.y();
        B[4 * rows + 3 * v + 0] = d.z();
        B[4 * rows + 3 * v + 2] = -d.x();
        B[5 * rows + 3 * v + 0] = -d.y();
        B[5 * rows + 3 * v + 1] = d.x();
    }
}

void PrimalSystem::positionStep(std::vector<Vec3>& dx) const {
    dx.assign(freeIndex_.size(), Vec3::Zero());
    for (int v = 0; v < nodes(); ++v)
        dx[particleOf_[v]] = Vec3(y_[3 * v], y_[3 * v + 1], y_[3 * v + 2]);
}

std::vector<int> PrimalSystem::nodeOfRows() const {
    std::vector<int> nodeOf(3 * nodes());
    for (size_t i = 0; i < nodeOf.size(); ++i) nodeOf[i] = static_cast<int>(i / 3);
    return nodeOf;
}

void PrimalSystem::setupAmg(const StepContext& ctx, const AmgOptions& amgSettings,
                            AmgHierarchy& amg) const {
    std::vector<Real> modes;
    rigidModes(ctx, modes);
    modes.resize(static_cast<size_t>(amgSettings.candidateCount) * K.rows);  // first columns
    amg.setupNodal(K, amgSettings, std::move(modes), amgSettings.candidateCount, nodeOfRows(),
                   nodes());
}

PcgResult PrimalSystem::solve(const StepContext& ctx, const DualSystem& dual, AmgHierarchy& amg,
                              Real tolerance, int maxIterations, bool flexible, PcgWorkspace& work,
                              Vector& dlambda) {
    rightHandSide(dual, f_);
    PcgStop stop;
    // Two pointers: small enough for std::function's inline storage (no allocation per solve).
    const std::pair<const StepContext*, const DualSystem*> parts{&ctx, &dual};
    const auto* args = &parts;
    stop.measure = [this, args](const Vector& r) {
        return dualResidualNorm(*args->first, *args->second, r);
    };
    stop.reference = norm(dual.b);
    stop.target = tolerance * stop.reference;
    const PcgResult result = pcg(
        K, f_, y_, [&amg](const Vector& in, Vector& out) { amg.vcycle(in, out); }, tolerance,
        maxIterations, work, flexible, &stop);
    dualStep(dual, y_, dlambda);
    return result;
}

}  // namespace sim
