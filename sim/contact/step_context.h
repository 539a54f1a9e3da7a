#pragma once
// What the solvers and the contact projection see of the world during a substep: the
// particles, constraints, contacts, colliders, surface, rigid bodies and settings, and the
// topology version with its split log, and the hand's hold. The World hands one out
// (World::context); nothing below the world layer names World, so a solver cannot reach the
// stage table, the solver switch or the edits.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "sim/collision/collider.h"
#include "sim/collision/contact_set.h"
#include "sim/constraints/constraint_set.h"
#include "sim/contact/rigid_world.h"
#include "sim/core/particles.h"
#include "sim/core/settings.h"

namespace sim {

using Triangle = std::array<int, 3>;

// A particle held by the mouse: pinned while held and moved toward the target every
// substep, as far as its edges allow (Settings::grabSlipStrain: the hand slips), its
// previous pin state restored on release.
struct Grab {
    int particle = -1;
    Vec3 target = Vec3::Zero();
    Vec3 start = Vec3::Zero();  // position at the start of the frame, for interpolation
    bool wasPinned = false;
    bool slipped = false;  // the slip rule held it short of the target in this frame
};

// One entry of the topology change log: a particle split (tearing, cutting), or, with
// original < 0, any other change (a rebuild for whatever derives from topology).
struct TopologyChange {
    uint64_t version = 0;  // the topology version the change produced
    int original = -1;
    int duplicate = -1;
};

// The splits of `log` after topology `version`, in order, when splits are all that changed
// since; nullopt when the log does not reach back that far (then rebuild).
std::optional<std::span<const TopologyChange>> splitsSince(std::span<const TopologyChange> log,
                                                           uint64_t version);

// The parts of a world a solver reads and writes. Copies share the world's parts; the
// world outlives every context it hands out.
class StepContext {
  public:
    struct Clock {
        uint64_t topologyVersion = 0;
        long frame = 0;
        bool lastSubstep = true;
    };

    StepContext(Particles& particles, ConstraintSet& constraints, ContactSet& contacts,
                std::vector<Collider>& colliders, const std::vector<Triangle>& triangles,
                RigidWorld& rigid, const Settings& settings, const std::optional<Grab>& grab,
                std::span<const TopologyChange> changes, Clock clock)
        : particles(particles),
          constraints(constraints),
          colliders(colliders),
          triangles(triangles),
          rigid(rigid),
          settings(settings),
          contacts_(contacts),
          grab_(grab),
          changes_(changes),
          clock_(clock) {}

    Particles& particles;
    ConstraintSet& constraints;
    std::vector<Collider>& colliders;
    const std::vector<Triangle>& triangles;
    RigidWorld& rigid;
    const Settings& settings;

    ContactSet& contacts() const { return contacts_; }
    uint64_t topologyVersion() const { return clock_.topologyVersion; }
    long frame() const { return clock_.frame; }
    // Whether the substep being solved is the frame's last (outside a step, true).
    bool lastSubstep() const { return clock_.lastSubstep; }
    // Whether a solver should compute its residual now (Settings::trackResidual): only in a
    // frame's last substep, since the frame's figures report that one.
    bool residualWanted() const { return settings.trackResidual && clock_.lastSubstep; }
    const std::optional<Grab>& grab() const { return grab_; }
    std::optional<std::span<const TopologyChange>> splitsSince(uint64_t version) const {
        return sim::splitsSince(changes_, version);
    }

  private:
    ContactSet& contacts_;
    const std::optional<Grab>& grab_;
    std::span<const TopologyChange> changes_;
    Clock clock_;
};

}  // namespace sim
