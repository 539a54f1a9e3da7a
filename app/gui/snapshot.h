#pragma once
// What the window knows of the world: a copy published by the simulation thread after each
// displayed frame of simulation (sim_thread.h). The window draws, picks and shows stats
// from it and never touches sim::World, whose arrays the simulation thread reallocates
// (tearing, loading). Copies are cheap: the triangle list is shared and replaced only when
// the topology changes; everything else is reused storage.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "render/draw_list.h"
#include "render/surface_mesh.h"
#include "sim/core/picking.h"
#include "sim/core/profile.h"
#include "sim/world/metrics.h"
#include "sim/world/world.h"
#include "sim/world/world_draw.h"

namespace app::gui {

// Measurements of the last displayed frame of simulation.
struct FrameStats {
    sim::Profile profile;        // ms per stage, summed over the frame's world steps
    sim::SolverStats solver;     // the solver's report after the last step
    sim::FrameMetrics metrics;   // strain, kinetic energy
    int steps = 0;               // world steps in the frame (dt < 1/60 s: several)
    double cpuMs = 0;            // CPU time of the simulation thread over those steps
    double maxDisplacement = 0;  // largest move of a free particle in one step [m]
    double realTimeRatio = 1;    // simulated / wall-clock seconds, over about the last second
};

struct Snapshot {
    long generation = 0;      // scene loads and resets so far
    long tick = 0;            // displayed frames simulated (or skipped while paused)
    long frame = 0;           // World::frame()
    double time = 0;          // World::time() [s]
    uint64_t appliedSeq = 0;  // sequence number of the last command applied
    std::string sceneName;
    int resolution = 0;
    bool paused = false;
    sim::Settings settings;
    bool solverChosen = false;  // a solver was picked in the window or on the command line

    std::vector<sim::Vec3> x;
    std::vector<uint8_t> pinned;
    std::vector<char> loose;  // particles in no triangle and no tet (picked by the cone)
    std::shared_ptr<const std::vector<sim::Triangle>> triangles;
    uint64_t topologyVersion = 0;
    std::vector<float> strain;  // per particle, for the heat map (empty when not asked for)
    std::optional<sim::Grab> grab;
    std::vector<sim::Collider> colliders;  // in their pose, for picking (meshes share their SDF)
    std::optional<sim::ColliderDrag> colliderDrag;
    size_t constraintCount = 0;
    render::DrawList draw;  // colliders, pins, the grab, ... (sim::drawWorld)
    sim::Bounds sceneBounds, subjectBounds;
    FrameStats stats;
    double budgetKnob = 0;  // compare mode's budget mode: the knob calibrated (0: none)

    std::string message;        // the simulation's latest notice (knife, load error, failure)
    long messageSeq = 0;        // grows with every new message
    std::string failure;        // set while paused by a failed step: what, where, which setting
    std::string exportFolder;   // the mesh export's folder while it runs, else empty
    int exportedFrames = 0;     // OBJ files it has written
    bool outputFailed = false;  // an export or the stats could not be written (the run exits 1)

    int particleCount() const { return static_cast<int>(x.size()); }
    render::SurfaceView surface() const;
};

// The particle under a ray, picked on the snapshot as sim::pickParticle does on a world.
std::optional<sim::PickHit> pick(const Snapshot& s, const sim::Ray& ray);

// What to record into Snapshot::draw beyond the always-drawn colliders, pins and grab.
struct PublishOptions {
    bool contacts = false;
    bool tetEdges = false;   // the wireframe view
    bool particles = false;  // the particle view
    bool strain = false;     // per-particle strain for the heat map
    float pointScale = 1;
};

// Fills `out` from the world (on the simulation thread). Keeps `out`'s storage.
void fillSnapshot(const sim::World& world, const PublishOptions& options, Snapshot& out);

// Largest relative stretch |l - l0| / l0 of each particle's stretch constraints and tet
// edges (a soft body's strain), for the heat map.
void particleStrain(const sim::World& world, std::vector<float>& out);

}  // namespace app::gui
