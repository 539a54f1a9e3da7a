#include "sim/solvers/hpbd/hpbd_solver.h"

#include <algorithm>

#include "sim/constraints/projection.h"
#include "sim/contact/step_context.h"
#include "sim/solvers/hpbd/hpbd_settings.h"
#include "sim/sweeps/residual.h"

namespace sim {

namespace {

bool sameShape(const HpbdSettings& a, const HpbdSettings& b) {
    return a.levels == b.levels && a.parents == b.parents &&
           a.restPoseLengths == b.restPoseLengths && a.minLevelParticles == b.minLevelParticles &&
           a.weightEpsilon == b.weightEpsilon;
}

// Unilateral distance projection (§8): pulls i and j together when stretched, never pushes.
inline void projectCoarse(Particles& P, const CoarseConstraint& c, const ProjectionParams& params,
                          Real& lambda) {
    const Vec3 d = P.p[c.i] - P.p[c.j];
    const Real len = d.norm();
    const Real C = len - c.restLength;
    if (C <= 0 || len < 1e-12) return;
    const Real wi = P.w[c.i], wj = P.w[c.j];
    const Real sum = wi + wj;  // |grad|^2 = 1 for both ends
    Real s;
    if (params.mode == ProjectionMode::Stiffness) {
        if (sum <= 0) return;
        s = -params.kPrime * C / sum;
    } else {
        const Real at = params.alphaTilde * c.complianceScale;
        if (sum + at <= 0) return;
        const Real next = std::min(lambda + (-C - at * lambda) / (sum + at), Real(0));
        s = next - lambda;
        lambda = next;
    }
    const Vec3 n = d / len;
    P.p[c.i] += s * wi * n;
    P.p[c.j] -= s * wj * n;
}

}  // namespace

void HpbdSolver::rebuild(const StepContext& ctx) {
    const Particles& P = ctx.particles;
    std::vector<uint8_t> visitLast(P.size(), 0);
    for (int i = 0; i < P.size(); ++i) visitLast[i] = P.pinned[i] || P.w[i] == 0;
    for (const AttachmentConstraint& a : ctx.constraints.attachments)
        if (a.i >= 0 && a.i < P.size()) visitLast[a.i] = 1;
    hierarchy_ = buildHierarchy(P.x, ctx.constraints.distance, visitLast,
                                ctx.settings.block<HpbdSettings>());
    built_ = true;
    builtVersion_ = ctx.topologyVersion();
    builtWith_ = ctx.settings.block<HpbdSettings>();
}

void HpbdSolver::setHierarchy(Hierarchy hierarchy, const StepContext& ctx) {
    hierarchy_ = std::move(hierarchy);
    built_ = true;
    builtVersion_ = ctx.topologyVersion();
    builtWith_ = ctx.settings.block<HpbdSettings>();
}

std::shared_ptr<const SolverCheckpoint> HpbdSolver::checkpoint(
    std::span<const TopologyChange> changes) const {
    if (!built_) return nullptr;  // not built yet: a restored world builds it the same way
    // Any change but splits since the build makes the next solve rebuild from the current
    // positions, as a restored world does: nothing to keep then.
    const auto splits = splitsSince(changes, builtVersion_);
    if (!splits) return nullptr;
    auto saved = std::make_shared<HpbdCheckpoint>();
    saved->hierarchy = hierarchy_;
    for (const TopologyChange& c : *splits)
        saved->pendingSplits.push_back({c.original, c.duplicate});
    return saved;
}

void HpbdSolver::resume(const SolverCheckpoint& checkpoint, const StepContext& ctx) {
    setHierarchy(static_cast<const HpbdCheckpoint&>(checkpoint).hierarchy, ctx);
}

void HpbdSolver::ensureHierarchy(const StepContext& ctx) {
    if (built_ && ctx.topologyVersion() != builtVersion_ &&
        sameShape(builtWith_, ctx.settings.block<HpbdSettings>()))
        if (auto splits = ctx.splitsSince(builtVersion_)) {  // §8: absorb splits locally
            for (const TopologyChange& c : *splits)
                if (c.original < hierarchy_.particleCount() &&
                    c.duplicate == hierarchy_.particleCount())
                    splitInHierarchy(hierarchy_, c.original, c.duplicate);
            builtVersion_ = ctx.topologyVersion();
        }
    if (!built_ || ctx.topologyVersion() != builtVersion_ ||
        hierarchy_.particleCount() != ctx.particles.size() ||
        !sameShape(builtWith_, ctx.settings.block<HpbdSettings>()))
        rebuild(ctx);
}

void HpbdSolver::prolong(const StepContext& ctx, int level) {
    Particles& P = ctx.particles;
    const HierarchyLevel& L = hierarchy_.levels[level];
    const size_t n = L.children.size();
    for (size_t c = 0; c < n; ++c) {
        const int i = L.children[c];
        if (P.w[i] == 0) continue;  // pinned or grabbed particles stay where they are
        Vec3 correction = Vec3::Zero();
        const int begin = L.parentBegin[c], end = begin + L.parentCount[c];
        for (int k = begin; k < end; ++k) {
            const int j = L.parents[k];
            correction += L.weights[k] * (P.p[j] - q_[j]);  // eq. 7
        }
        P.p[i] += correction;
    }
}

void HpbdSolver::solveLevel(const StepContext& ctx, int level, Real dt) {
    Particles& P = ctx.particles;
    const Settings& S = ctx.settings;
    const HpbdSettings& hpbd = S.block<HpbdSettings>();
    const ProjectionMode mode = hpbd.projection;
    const int passes = hpbd.passesPerLevel;
    const ProjectionParams stretch = makeProjection(mode, S.stretch, passes, dt);
    const ProjectionParams attach = makeProjection(mode, S.attachment, passes, dt);
    const std::vector<int>& levelOf = hierarchy_.levelOf;
    const std::vector<CoarseConstraint>& C = hierarchy_.levels[level].constraints;
    std::vector<Real>& lambda = coarseLambda_[level];
    const size_t n = C.size();
    for (int pass = 0; pass < passes; ++pass) {
        const bool backward = pass % 2 == 1;
        for (size_t k = 0; k < n; ++k) {
            const size_t c = backward ? n - 1 - k : k;
            projectCoarse(P, C[c], stretch, lambda[c]);
        }
        // Cardinality-1 constraints of this level's particles (§6.1).
        for (const AttachmentConstraint& a : ctx.constraints.attachments) {
            if (levelOf[a.i] < level || P.w[a.i] == 0) continue;
            Vec3 g[1];
            const Real value = evaluateAttachment(P.p[a.i], a.target, g);
            Real unusedLambda = 0;  // the level-0 sweeps own the attachment multipliers
            const Real s =
                projectionScale(value, P.w[a.i], attach, a.complianceScale, unusedLambda);
            P.p[a.i] += s * P.w[a.i] * g[0];
        }
        for (Contact& c : ctx.contacts().colliders)
            if (levelOf[c.particle] >= level && P.w[c.particle] > 0)
                projectContact(P, c, ctx.settings.staticFriction, dt);
    }
}

void HpbdSolver::solve(const StepContext& ctx, Real dt) {
    ensureHierarchy(ctx);
    const int top = hierarchy_.coarseLevels();
    if (top > 0) {
        q_ = ctx.particles.p;  // same size every substep: no reallocation
        coarseLambda_.resize(hierarchy_.levels.size());
        for (int l = 1; l <= top; ++l)
            coarseLambda_[l].assign(hierarchy_.levels[l].constraints.size(), 0.0);
        for (int l = top; l >= 1; --l) {
            solveLevel(ctx, l, dt);
            prolong(ctx, l - 1);
        }
    }
    resetLambdas(ctx, lambdas_);
    order_.update(ctx);
    const ProjectionMode mode = ctx.settings.block<HpbdSettings>().projection;
    const int iterations = ctx.settings.iterations;
    for (int it = 0; it < iterations; ++it)
        sweep(ctx, lambdas_,
              {.mode = mode,
               .dt = dt,
               .iterations = iterations,
               .backward = it % 2 == 1,
               .order = &order_});
    stats_.iterations = iterations;
    if (ctx.residualWanted()) stats_.residual = dualResidual(ctx, mode, dt, lambdas_);
    hpbdStats_ = {.levels = top, .coarseConstraints = 0};
    for (int l = 1; l <= top; ++l)
        hpbdStats_.coarseConstraints += hierarchy_.levels[l].constraints.size();
    stats_.details.clear();
    visitHpbdStats(hpbdStats_, StatList{stats_.details});
}

void HpbdSolver::debugDraw(const Particles& P, const Settings& settings, DebugDraw& draw) const {
    const int level = settings.block<HpbdSettings>().showLevel;
    if (!built_ || level < 1 || level > hierarchy_.coarseLevels()) return;
    if (hierarchy_.particleCount() > P.size()) return;
    const HierarchyLevel& L = hierarchy_.levels[level];
    const DebugColor edge{1.0f, 0.6f, 0.1f}, point{1.0f, 0.9f, 0.2f};
    for (const CoarseConstraint& c : L.constraints) draw.line(P.x[c.i], P.x[c.j], edge);
    for (int i : L.particles) draw.point(P.x[i], 5.0f, point);
}

std::unique_ptr<Solver> makeHpbdSolver() {
    return std::make_unique<HpbdSolver>();
}

}  // namespace sim
