#include "sim/world/world.h"

#include <atomic>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sim/contact/collision_stage.h"
#include "sim/contact/rigid_stage.h"
#include "sim/core/stages.h"
#include "sim/topology/bending_model.h"
#include "sim/topology/tethers.h"
#include "sim/world/tearing.h"
#include "sim/world/validation.h"

namespace sim {

namespace {

constexpr size_t kMaxLoggedChanges = 1 << 16;

// What to change when a stage goes non-finite.
std::string hint(Stage stage, const Settings& s) {
    char buf[256];
    switch (stage) {
        case Stage::ExternalForces:
            return "check gravity and wind (finite, moderate)";
        case Stage::Solve:
        case Stage::PostProjection:
        case Stage::Velocities:
            std::snprintf(buf, sizeof buf,
                          "the solver diverged at a substep of %.4g s: lower dt or raise substeps "
                          "(stiff materials need small substeps)%s",
                          s.substepDt(),
                          s.solver == SolverKind::MGPBD ? ", or lower MGPBD's relaxation" : "");
            return buf;
        default:
            std::snprintf(buf, sizeof buf, "lower dt (%.4g s per substep) or raise substeps",
                          s.substepDt());
            return buf;
    }
}

}  // namespace

World::World() : solver_(createSolver(SolverKind::PBD)) {
    bumpTopology();
}
World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

void World::step() {
    if (std::string error = settings.validate(); !error.empty()) throw std::invalid_argument(error);
    if (!solver_ || solverKind_ != settings.solver) setSolver(settings.solver);
    applyConstraintSettings();
    profile.reset();
    ScopedTimer total(profile.total);
    saveState();
    const int n = settings.substeps;
    const Real dt = settings.substepDt();
    if (grab_) {
        grab_->start = particles.x[grab_->particle];
        grab_->slipped = false;
    }
    if (colliderDrag_) colliderDrag_->start = colliders[colliderDrag_->collider].center;
    for (int s = 0; s < n; ++s) {
        lastSubstep_ = s + 1 == n;
        substep(dt, Real(s + 1) / n);
        time_ += dt;
    }
    lastSubstep_ = true;
    ++frame_;
}

// One pass of the PBD loop body, lines (5)-(16), stage by stage; alpha in (0, 1] places the
// substep's end within the frame so a grabbed particle follows its target smoothly.
void World::substep(Real dt, Real alpha) {
    for (const StageInfo& info : kStages) {
        {
            ScopedTimer t(profile[info.stage]);
            runStage(info.stage, dt, alpha);
        }
        checkAfter(info.stage);
    }
}

void World::runStagesBeforeSolve() {
    for (const StageInfo& info : kStages) {
        if (info.stage == Stage::Solve) return;
        runStage(info.stage, settings.substepDt(), 1);
    }
}

void World::runStage(Stage stage, Real dt, Real alpha) {
    const Settings& s = settings;
    switch (stage) {
        case Stage::ExternalForces:
            applyExternalForces(particles, triangles, s, dt);
            break;
        case Stage::Damping:
            dampVelocities(particles, s.damping);
            break;
        case Stage::Predict:
            predictPositions(particles, dt);
            break;
        case Stage::Kinematics:
            maintainTethers();
            if (animate) animate(*this, time_);
            for (Collider& c : colliders) applyMotion(c, time_ + dt);  // pose at the substep's end
            if (colliderDrag_)
                driveDraggedCollider(colliders[colliderDrag_->collider], *colliderDrag_, alpha,
                                     s.frameDt);
            if (grab_) moveHeldParticle(alpha);
            break;
        case Stage::RigidBodies:
            stepRigidBodies(context(), colliderDrag_ ? colliderDrag_->collider : -1, dt);
            break;
        case Stage::Contacts:
            generateContacts(particles, colliders, s.collisionThickness, contacts_.colliders, dt,
                             &contacts_.bodies);
            if (s.selfCollision || s.bodyContacts) {
                contacts_.selfDetector.generate(
                    particles, triangles, constraints.distance, topologyVersion_, s.selfThickness,
                    s.selfCollision, contacts_.colliders, contacts_.self, contacts_.selfBudget);
                if (contacts_.selfDetector.cutShort()) ++profile.cutShort;
            } else {
                contacts_.self.clear();
            }
            break;
        case Stage::Solve:
            solverSwitch.solve(*this, *solver_, dt);
            break;  // (9)-(11)
        case Stage::PostProjection:
            finishRigidContacts(context(), dt);
            // Where the vertex-triangle pairs are made: within pieces with self collision,
            // between them with body contacts.
            if (s.edgeContacts && (s.selfCollision || s.bodyContacts)) {
                contacts_.selfDetector.resolveEdgeCrossings(particles, triangles, topologyVersion_,
                                                            s.selfThickness, s.selfCollision,
                                                            contacts_.self, contacts_.selfBudget);
                if (contacts_.selfDetector.cutShort()) ++profile.cutShort;
            }
            if (!rigid.empty()) resolveRemainingBodyPenetrations(context());
            resolveRemainingPenetrations(particles, colliders, s.collisionThickness,
                                         contacts_.colliders);
            break;
        case Stage::Velocities:
            updateVelocities(particles, dt);
            updateRigidVelocities(context(), dt);
            break;
        case Stage::FrictionRestitution:
            applyFrictionRestitution(particles, contacts_.colliders, s.staticFriction, s.friction,
                                     s.restitution, dt);
            rigidFrictionRestitution(context(), dt);
            break;
        case Stage::Tear:
            if (s.tearStrain > 0) tearOverstrainedEdges(*this);  // PBD §5
            break;
        case Stage::Count:
            break;
    }
}

void World::applyConstraintSettings() {
    // The bending model: hinges of the other model are rebuilt on the same particles from the
    // rest shape (x where it is unknown: a world loaded from a state file has no rest shape).
    const std::vector<Vec3>& rest =
        particles.rest.size() == particles.x.size() ? particles.rest : particles.x;
    if (convertBending(constraints, rest, settings.bendingModel)) bumpTopology();
    // Constraints that read a setting (k_pressure) take its value of this step.
    visitConstraints(constraints, [&](auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        if constexpr (Traits::readsSettings)
            for (auto& c : array) Traits::readSettings(c, settings);
    });
}

void World::maintainTethers() {
    if (!settings.tethers) {
        constraints.tethers.clear();
        tethersBuiltFor_ = {0, 0};
        tetherCache_.clear();
        return;
    }
    const std::pair<uint64_t, uint64_t> key{topologyVersion_, pinVersion_};
    if (key == tethersBuiltFor_) return;
    buildTethers(particles, constraints.distance, triangles, constraints.tethers, &tetherCache_,
                 grab_ && !grab_->wasPinned && settings.grabSlipStrain > 0 ? grab_->particle : -1);
    tethersBuiltFor_ = key;
}

void World::checkAfter(Stage stage) {
    std::string error;
    if (!allBounded(particles.x) || !allBounded(particles.v) || !allBounded(particles.p))
        error = "a position or velocity became non-finite (or exceeded 1e12)";
    else if (!rigidBodiesFinite(rigid))
        error = "a rigid body's pose or velocity became non-finite";
    else if (settings.validateEachStage)
        error = validateWorld(*this);
    if (error.empty()) return;
    restoreState();
    throw StepFailure(stage, std::string("stage '") + stageInfo(stage).name + "': " + error +
                                 "; the simulation is back at its last finite state. " +
                                 hint(stage, settings));
}

void World::saveState() {
    savedX_ = particles.x;  // same size every step: no reallocation
    savedV_ = particles.v;
    savedBodies_ = rigid.bodies;
}

void World::restoreState() {
    const size_t n = std::min(savedX_.size(), particles.x.size());
    for (size_t i = 0; i < particles.x.size(); ++i) {
        // A particle a failed tear added takes its original's state.
        const size_t from = i < n ? i : static_cast<size_t>(particles.origin[i]);
        particles.x[i] = from < n ? savedX_[from] : Vec3::Zero();
        particles.v[i] = from < n ? savedV_[from] : Vec3::Zero();
    }
    particles.p = particles.x;
    if (savedBodies_.size() == rigid.bodies.size()) rigid.bodies = savedBodies_;
    rigid.poseColliders(colliders);
}

void World::setSolver(SolverKind kind) {
    std::unique_ptr<Solver> next = createSolver(kind);
    if (solver_) solverSwitch.begin(std::move(solver_), *next, *this);
    solver_ = std::move(next);
    solverKind_ = kind;
    settings.solver = kind;
}

void World::setSolver(std::unique_ptr<Solver> solver) {
    if (auto kind = solverFromName(solver->name())) settings.solver = solverKind_ = *kind;
    solver_ = std::move(solver);
}

Solver& World::solver() {
    if (!solver_ || solverKind_ != settings.solver) setSolver(settings.solver);
    return *solver_;
}

const Solver& World::solver() const {
    return *solver_;
}

namespace {
uint64_t nextTopologyVersion() {
    static std::atomic<uint64_t> counter{0};
    return ++counter;
}
}  // namespace

void World::bumpTopology() {
    topologyVersion_ = nextTopologyVersion();
    changes_.assign(1, {topologyVersion_, -1, -1});  // the log restarts at a rebuild
}

void World::noteSplit(int original, int duplicate) {
    if (changes_.size() >= kMaxLoggedChanges) return bumpTopology();
    topologyVersion_ = nextTopologyVersion();
    changes_.push_back({topologyVersion_, original, duplicate});
}

std::optional<std::span<const TopologyChange>> World::splitsSince(uint64_t version) const {
    return sim::splitsSince(changes_, version);
}

StepContext World::context() {
    return StepContext(particles, constraints, contacts_, colliders, triangles, rigid, settings,
                       grab_, changes_, {topologyVersion_, frame_, lastSubstep_});
}

void World::pin(int particle, bool pinned) {
    if (particle < 0 || particle >= particles.size()) return;
    ++pinVersion_;
    if (grab_ && grab_->particle == particle) {
        grab_->wasPinned = pinned;  // takes effect on release
        return;
    }
    particles.setPinned(particle, pinned);
}

void World::beginGrab(int particle, const Vec3& target) {
    if (particle < 0 || particle >= particles.size()) return;
    endGrab();
    ++pinVersion_;
    grab_ = Grab{particle, target, particles.x[particle], particles.pinned[particle] != 0};
    particles.setPinned(particle, true);
}

namespace {
// The largest t in [0, 1] with |a + t d| <= max(longest, |a|): the larger root of that
// quadratic in t, >= 0 because t = 0 satisfies it. dd = |d|^2 > 0.
Real largestStep(const Vec3& a, const Vec3& d, Real dd, Real longest) {
    const Real ad = a.dot(d), aa = a.squaredNorm();
    const Real slack = std::max(longest * longest, aa) - aa;
    return std::min(Real(1), (-ad + std::sqrt(ad * ad + dd * slack)) / dd);
}
}  // namespace

std::vector<int> scenePins(const std::vector<uint8_t>& pinned, const std::optional<Grab>& grab) {
    const int held = grab && !grab->wasPinned ? grab->particle : -1;
    std::vector<int> pins;
    for (int i = 0; i < static_cast<int>(pinned.size()); ++i)
        if (pinned[i] && i != held) pins.push_back(i);
    return pins;
}

std::vector<std::pair<int, Real>> World::handReach() const {
    const int held = grab_->particle;
    std::vector<std::pair<int, Real>> reach;
    std::unordered_map<int, Real> toHand;  // particle -> its tether's length to the hand
    for (const TetherConstraint& c : constraints.tethers) {
        if (c.i == held) reach.push_back({c.anchor, c.length});
        if (c.anchor == held) toHand[c.i] = c.length;
    }
    // A particle x tethered to the hand and to a pin P has a place that meets both only while
    // |hand - P| <= len(x, P) + len(x, hand).
    for (const TetherConstraint& c : constraints.tethers)
        if (c.anchor != held)
            if (auto it = toHand.find(c.i); it != toHand.end())
                reach.push_back({c.anchor, c.length + it->second});
    return reach;
}

void World::moveHeldParticle(Real alpha) {
    const int i = grab_->particle;
    const Real slip = settings.grabSlipStrain;
    Vec3 q = particles.x[i];  // where the hand holds it now
    const Vec3 aim = grab_->start + alpha * (grab_->target - grab_->start);
    if (!(slip > 0)) {
        particles.p[i] = aim;  // pinned to the cursor
        return;
    }
    // One pass over the edges: the held particle's own, and whether another edge anywhere is
    // stretched past (1 + slip) l (then the hand does not move: the pull reaches far edges
    // through the cloth, and a fast drag stretches those the solve's iterations do not reach
    // while the held particle's own edges are short).
    static thread_local std::vector<const DistanceConstraint*> own;
    own.clear();
    bool farStretched = false;
    const Real reach2 = (1 + slip) * (1 + slip);
    for (const DistanceConstraint& c : constraints.distance) {
        if (c.i == i || c.j == i) {
            own.push_back(&c);
        } else if ((particles.x[c.i] - particles.x[c.j]).squaredNorm() >
                   reach2 * c.restLength * c.restLength) {
            farStretched = true;
        }
    }
    auto other = [i](const DistanceConstraint& c) { return c.i == i ? c.j : c.i; };
    // The hand yields: where the cloth has moved away from it (a turning barrel carrying the
    // cloth, a collider pushing it) and one of its edges is longer than (1 + slip) times its
    // rest length, it first follows that edge back to that length, as a hand whose grip
    // slips would, instead of stretching the edge without end. Taken to the neighbours'
    // positions at the substep's start, not their predicted ones: during a yank those run
    // ahead along the pull, and following them would pull the hand on faster than the cursor.
    for (const DistanceConstraint* c : own) {
        const Vec3 from = particles.x[other(*c)];
        const Vec3 edge = q - from;
        const Real length = edge.norm(), longest = (1 + slip) * c->restLength;
        if (length > longest) {
            q = from + edge * (longest / length);
            grab_->slipped = true;
        }
    }
    const Vec3 d = aim - q;
    const Real dd = d.squaredNorm();
    Real t = 1;
    if (dd > 0) {
        // The slip: no edge (j, rest length l) of the particle ends longer than (1 + slip) l,
        // nor longer than it already is; the cursor pulling further only widens the gap.
        if (farStretched) t = 0;
        Real shortest = std::numeric_limits<Real>::infinity();
        for (const DistanceConstraint* c : own) {
            shortest = std::min(shortest, c->restLength);
            t = std::min(
                t, largestStep(q - particles.p[other(*c)], d, dd, (1 + slip) * c->restLength));
        }
        // Nor past its tethers to the pins (built with it held, sim/topology/tethers.h), nor
        // so far from a pin that a particle tethered to both it and the pin has no place
        // that meets both tethers: the edge where the two tethered regions meet would stretch
        // by what the hand went beyond. A tenth of an edge is let through, so that a taut
        // cloth, held at its tethers' length, still turns and lifts under the hand; where
        // tearing is on, one slip of an edge, so that pulling tears.
        const Real beyond = (settings.tearStrain > 0 ? slip : std::min(slip, Real(0.1))) * shortest;
        if (std::isfinite(shortest))
            for (const auto& [pin, reach] : handReach())
                t = std::min(t, largestStep(q - particles.p[pin], d, dd, reach + beyond));
    }
    particles.p[i] = q + t * d;
    if (t < 1) grab_->slipped = true;
}

void World::moveGrab(const Vec3& target) {
    if (grab_) grab_->target = target;
}

void World::endGrab() {
    if (!grab_) return;
    ++pinVersion_;
    const int i = grab_->particle;
    const Vec3 v = particles.v[i];  // keep the throw
    particles.setPinned(i, grab_->wasPinned);
    if (!grab_->wasPinned) particles.v[i] = v;
    grab_.reset();
}

void World::beginColliderDrag(int collider, const Vec3& picked) {
    if (collider < 0 || collider >= static_cast<int>(colliders.size())) return;
    endColliderDrag();
    const Vec3 center = colliders[collider].center;
    colliderDrag_ = ColliderDrag{collider, picked - center, center, center, center};
}

void World::moveColliderDrag(const Vec3& pickedTarget) {
    if (colliderDrag_) colliderDrag_->target = pickedTarget - colliderDrag_->anchorOffset;
}

void World::endColliderDrag() {
    if (!colliderDrag_) return;
    Collider& c = colliders[colliderDrag_->collider];
    c.velocity.setZero();  // it stays where it was put (a moving one carries on from there)
    c.angularVelocity.setZero();
    shiftMotion(c, c.center - colliderDrag_->beginCenter);
    colliderDrag_.reset();
}

void World::restoreClock(Real time, long frame) {
    time_ = time;
    frame_ = frame;
}

void World::restoreHolds(const std::optional<Grab>& grab, const std::optional<ColliderDrag>& drag) {
    grab_ = grab;
    colliderDrag_ = drag;
}

void World::clear() {
    particles.clear();
    constraints.clear();
    colliders.clear();
    rigid.clear();
    contacts_.clear();
    triangles.clear();
    animate = nullptr;
    tetherCache_.clear();
    grab_.reset();
    solverSwitch.reset();
    colliderDrag_.reset();
    profile.reset();
    time_ = 0;
    frame_ = 0;
    bumpTopology();
}

}  // namespace sim
