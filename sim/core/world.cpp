#include "sim/core/world.h"

#include <atomic>
#include <stdexcept>
#include <string>

#include "sim/collision/collision_stage.h"
#include "sim/core/stages.h"
#include "sim/core/validation.h"
#include "sim/topology/tearing.h"

namespace sim {

World::World() : solver_(createSolver(SolverKind::PBD)) { bumpTopology(); }
World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

void World::step() {
    if (std::string error = settings.validate(); !error.empty()) throw std::invalid_argument(error);
    if (!solver_ || solver_->name() != std::string(solverName(settings.solver))) {
        if (!setSolver(settings.solver))
            throw std::invalid_argument(std::string("solver '") + solverName(settings.solver) +
                                        "' is not available in this build");
    }
    profile.reset();
    ScopedTimer total(profile.total);
    const int n = settings.substeps;
    const Real dt = settings.substepDt();
    if (grab_) grab_->start = particles.x[grab_->particle];
    for (int s = 0; s < n; ++s) {
        if (animate) animate(*this, time_);
        substep(dt, Real(s) / n, Real(s + 1) / n);
        time_ += dt;
    }
    ++frame_;
}

// One pass of the PBD loop body, lines (5)-(16); alpha0/alpha1 place this substep within
// the frame so a grabbed particle follows its target smoothly.
void World::substep(Real dt, Real /*alpha0*/, Real alpha1) {
    {
        ScopedTimer t(profile.externalForces);
        applyExternalForces(particles, triangles, settings, dt);  // (5)
    }
    checkAfter("external forces");
    {
        ScopedTimer t(profile.damping);
        dampVelocities(particles, settings.damping);  // (6)
    }
    {
        ScopedTimer t(profile.predict);
        predictPositions(particles, dt);  // (7)
        if (grab_) particles.p[grab_->particle] = grab_->start + alpha1 * (grab_->target - grab_->start);
    }
    checkAfter("predict");
    {
        ScopedTimer t(profile.collisions);
        generateContacts(particles, colliders, settings.collisionThickness, contacts, dt);  // (8)
        if (settings.selfCollision)
            selfCollision_.generate(particles, triangles, constraints.distance, topologyVersion_,
                                    settings.selfThickness, contacts, selfContacts, selfBudget);
        else
            selfContacts.clear();
    }
    {
        ScopedTimer t(profile.solve);
        solverSwitch.solve(*this, *solver_, dt);  // (9)-(11)
    }
    {
        ScopedTimer t(profile.collisions);
        resolveRemainingPenetrations(particles, colliders, settings.collisionThickness, contacts);
    }
    checkAfter("solve");
    {
        ScopedTimer t(profile.updateVelocities);
        updateVelocities(particles, dt);  // (12)-(15)
    }
    {
        ScopedTimer t(profile.velocityUpdate);
        applyFrictionRestitution(particles, contacts, settings.staticFriction, settings.friction,
                                 settings.restitution, dt);  // (16)
    }
    checkAfter("velocity update");
    if (settings.tearStrain > 0) {
        ScopedTimer t(profile.tear);
        tearOverstrainedEdges(*this);  // PBD §5
        checkAfter("tear");
    }
}

void World::checkAfter(const char* stage) const {
    if (!settings.validateEachStage) return;
    if (std::string error = validateWorld(*this); !error.empty())
        throw std::runtime_error(std::string("after stage '") + stage + "': " + error);
}

bool World::setSolver(SolverKind kind) {
    std::unique_ptr<Solver> next = createSolver(kind);
    if (!next) return false;
    solverSwitch.begin(std::move(solver_), *next, *this);
    solver_ = std::move(next);
    settings.solver = kind;
    return true;
}

void World::bumpTopology() {
    static std::atomic<uint64_t> counter{0};
    topologyVersion_ = ++counter;
}

void World::pin(int particle, bool pinned) {
    if (particle < 0 || particle >= particles.size()) return;
    if (grab_ && grab_->particle == particle) {
        grab_->wasPinned = pinned;  // takes effect on release
        return;
    }
    particles.setPinned(particle, pinned);
}

void World::beginGrab(int particle, const Vec3& target) {
    if (particle < 0 || particle >= particles.size()) return;
    endGrab();
    grab_ = Grab{particle, target, particles.x[particle], particles.pinned[particle] != 0};
    particles.setPinned(particle, true);
}

void World::moveGrab(const Vec3& target) {
    if (grab_) grab_->target = target;
}

void World::endGrab() {
    if (!grab_) return;
    const int i = grab_->particle;
    const Vec3 v = particles.v[i];  // keep the throw
    particles.setPinned(i, grab_->wasPinned);
    if (!grab_->wasPinned) particles.v[i] = v;
    grab_.reset();
}

void World::clear() {
    particles.clear();
    constraints.clear();
    colliders.clear();
    contacts.clear();
    selfContacts.clear();
    triangles.clear();
    animate = nullptr;
    grab_.reset();
    solverSwitch.reset();
    profile.reset();
    time_ = 0;
    frame_ = 0;
    bumpTopology();
}

}  // namespace sim
