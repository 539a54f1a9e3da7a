#pragma once
// The simulated world: particles, constraints by type, colliders, the triangle surface,
// settings, the active solver and the per-stage profile. World::step is an outline of the
// PBD paper's algorithm (lines 5-16), one named stage per line group.
#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "sim/collision/collider.h"
#include "sim/collision/self_collision.h"
#include "sim/constraints/constraint_set.h"
#include "sim/constraints/contact.h"
#include "sim/core/particles.h"
#include "sim/core/profile.h"
#include "sim/core/settings.h"
#include "sim/core/solver_switch.h"
#include "sim/solvers/solver.h"

namespace sim {

using Triangle = std::array<int, 3>;

// A particle held by the mouse: pinned while held, moved to the target every substep,
// its previous pin state restored on release.
struct Grab {
    int particle = -1;
    Vec3 target = Vec3::Zero();
    Vec3 start = Vec3::Zero();  // position at the start of the frame, for interpolation
    bool wasPinned = false;
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
    std::vector<Contact> contacts;    // regenerated every substep (line 8)
    std::vector<SelfContact> selfContacts;  // likewise, when settings.selfCollision
    std::vector<Real> selfBudget;  // per particle: self-contact correction left this substep [m]
    std::vector<Triangle> triangles;  // the surface: rendering, picking, wind
    Settings settings;
    Profile profile;                  // last frame, ms per stage
    SolverCrossfade solverSwitch;     // hands a solver switch over without a jump
    // Called before each substep with the simulated time, for kinematic scenes.
    std::function<void(World&, Real)> animate;

    // Advances one frame of settings.frameDt in settings.substeps substeps. Throws
    // std::invalid_argument (and changes nothing) when the settings are invalid.
    void step();
    Real time() const { return time_; }
    long frame() const { return frame_; }

    // Solver selection keeps all state; only the solver's derived data is rebuilt.
    // Returns false (and keeps the current solver) when the kind is not in this build.
    bool setSolver(SolverKind kind);
    Solver& solver() { return *solver_; }
    const Solver& solver() const { return *solver_; }

    uint64_t topologyVersion() const { return topologyVersion_; }
    // Call after adding or removing particles, constraints or triangles. Versions are
    // unique across all worlds, so a cache keyed on one never confuses two worlds.
    void bumpTopology();

    // Edits the app and scripts make between steps.
    void pin(int particle, bool pinned);
    void beginGrab(int particle, const Vec3& target);
    void moveGrab(const Vec3& target);
    void endGrab();
    const std::optional<Grab>& grab() const { return grab_; }

    // Empties the world (keeps settings and solver kind).
    void clear();

private:
    void substep(Real dt, Real alpha0, Real alpha1);
    void checkAfter(const char* stage) const;

    std::unique_ptr<Solver> solver_;
    SelfCollision selfCollision_;
    std::optional<Grab> grab_;
    uint64_t topologyVersion_ = 0;
    Real time_ = 0;
    long frame_ = 0;
};

}  // namespace sim
