#pragma once
// The simulated world: particles, constraints by type, colliders, the triangle surface,
// settings, the active solver and the per-stage profile. World::step is an outline of the
// PBD paper's algorithm (lines 5-16): each substep walks the stage table (profile.h), timing
// and checking every stage the same way.
#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "sim/collision/collider_drag.h"
#include "sim/contact/step_context.h"
#include "sim/core/profile.h"
#include "sim/solvers/solver.h"
#include "sim/topology/tethers.h"
#include "sim/world/solver_switch.h"

namespace sim {

// The scene's pins: the pinned particles less the one a drag holds, which is a pin only while
// held (World::beginGrab) unless it was pinned before.
std::vector<int> scenePins(const std::vector<uint8_t>& pinned, const std::optional<Grab>& grab);

// Thrown by World::step when a stage left a non-finite value. The world is back in its
// state before the step (positions and velocities; topology a failed tear added is kept).
class StepFailure : public std::runtime_error {
  public:
    StepFailure(Stage stage, const std::string& message)
        : std::runtime_error(message), stage_(stage) {}
    Stage stage() const { return stage_; }

  private:
    Stage stage_;
};

class World {
  public:
    World();
    ~World();
    World(World&&) noexcept;
    World& operator=(World&&) noexcept;

    Particles particles;
    ConstraintSet constraints;
    std::vector<Collider> colliders;
    std::vector<Triangle> triangles;  // the surface: rendering, picking, wind, self collision
    RigidWorld rigid;                 // rigid bodies, each driving one of the colliders
    Settings settings;
    Profile profile;               // last frame, ms per stage
    SolverCrossfade solverSwitch;  // hands a solver switch over without a jump
    // Called in the kinematics stage of each substep with the substep's start time, for
    // scenes that move colliders on a script.
    std::function<void(World&, Real)> animate;

    // Advances one frame of settings.frameDt in settings.substeps substeps. Throws
    // std::invalid_argument (and changes nothing) when the settings are invalid, and
    // StepFailure when a stage produced a non-finite value.
    void step();
    Real time() const { return time_; }
    long frame() const { return frame_; }

    // The one way to change solver: sets settings.solver and creates the solver now (a
    // step also follows settings.solver). Keeps all state; only the solver's derived data
    // is rebuilt.
    void setSolver(SolverKind kind);
    // Installs a given implementation of the kind its name() names (the GPU solvers,
    // sim/cuda/device.h); it stays while settings.solver names that kind.
    void setSolver(std::unique_ptr<Solver> solver);
    Solver& solver();
    const Solver& solver() const;

    // The contacts of the current substep (regenerated every substep).
    ContactSet& contacts() { return contacts_; }
    const ContactSet& contacts() const { return contacts_; }

    uint64_t topologyVersion() const { return topologyVersion_; }
    // Call after adding or removing particles, constraints or triangles. Versions are
    // unique across all worlds, so a cache keyed on one never confuses two worlds.
    void bumpTopology();
    // Records that particle `original` was split into `duplicate` (and bumps the version).
    void noteSplit(int original, int duplicate);
    // The splits since topology `version`, in order, when splits are all that changed;
    // nullopt after any other change (then rebuild).
    std::optional<std::span<const TopologyChange>> splitsSince(uint64_t version) const;
    // The topology change log since the last change that was not a split.
    std::span<const TopologyChange> topologyChanges() const { return changes_; }
    // What the solver of this substep sees (step_context.h).
    StepContext context();

    // The stages of one substep that come before the solve (forces .. contacts), so that a
    // benchmark or test can time or inspect the solve alone.
    void runStagesBeforeSolve();

    // Edits the app and scripts make between steps.
    void pin(int particle, bool pinned);
    void beginGrab(int particle, const Vec3& target);
    void moveGrab(const Vec3& target);
    void endGrab();
    const std::optional<Grab>& grab() const { return grab_; }
    // Drags collider `collider` by the point `picked` on it (collider_drag.h): the picked point
    // follows moveColliderDrag's target, the collider moving kinematically with its velocity.
    void beginColliderDrag(int collider, const Vec3& picked);
    void moveColliderDrag(const Vec3& pickedTarget);
    void endColliderDrag();
    const std::optional<ColliderDrag>& colliderDrag() const { return colliderDrag_; }

    // For snapshots and state files (sim/world/snapshot.h): the clock and what is held, as saved.
    void restoreClock(Real time, long frame);
    void restoreHolds(const std::optional<Grab>& grab, const std::optional<ColliderDrag>& drag);

    // Empties the world (keeps settings and solver kind).
    void clear();

  private:
    void substep(Real dt, Real alpha);
    void runStage(Stage stage, Real dt, Real alpha);
    void checkAfter(Stage stage);
    void saveState();
    void restoreState();
    void maintainTethers();
    // Kinematics stage: the held particle toward the cursor, limited by the slip strain.
    void moveHeldParticle(Real alpha);
    // The pins the held particle must stay within reach of, each with its reach (see
    // moveHeldParticle).
    std::vector<std::pair<int, Real>> handReach() const;
    // Before each step: the bending model (Settings::bendingModel) and the settings
    // constraints read (ConstraintTraits::readSettings: k_pressure).
    void applyConstraintSettings();

    std::unique_ptr<Solver> solver_;
    SolverKind solverKind_ = SolverKind::PBD;
    ContactSet contacts_;
    std::optional<Grab> grab_;
    std::optional<ColliderDrag> colliderDrag_;
    uint64_t topologyVersion_ = 0;
    std::vector<TopologyChange> changes_;                  // since the last non-split change
    uint64_t pinVersion_ = 1;                              // bumped by every pin, grab and release
    std::pair<uint64_t, uint64_t> tethersBuiltFor_{0, 0};  // (topology, pin) versions
    TetherCache tetherCache_;  // what the last tether build found, for the next (tears, cuts)
    std::vector<Vec3> savedX_, savedV_;   // the state before the step, for StepFailure
    std::vector<RigidBody> savedBodies_;  // likewise
    Real time_ = 0;
    long frame_ = 0;
    bool lastSubstep_ = true;  // see StepContext::residualWanted()
};

}  // namespace sim
