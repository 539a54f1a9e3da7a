#include "app/gui/sim_session.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <type_traits>

#include "app/gui/stability_hint.h"
#include "sim/core/checks.h"
#include "sim/scenes/scene_table.h"
#include "sim/topology/cut.h"

namespace app::gui {

namespace {

// a += b, stage by stage. Profile is plain doubles (ms per stage and the total), so the
// sum needs no list of its fields that could fall out of step with them.
void accumulate(sim::Profile& a, const sim::Profile& b) {
    static_assert(std::is_trivially_copyable_v<sim::Profile> &&
                  sizeof(sim::Profile) % sizeof(double) == 0);
    constexpr size_t n = sizeof(sim::Profile) / sizeof(double);
    double x[n], y[n];
    std::memcpy(x, &a, sizeof a);
    std::memcpy(y, &b, sizeof b);
    for (size_t i = 0; i < n; ++i) x[i] += y[i];
    std::memcpy(&a, x, sizeof a);
}

bool finite(const sim::Particles& p) {
    for (int i = 0; i < p.size(); ++i)
        if (!p.x[i].allFinite() || !p.v[i].allFinite()) return false;
    return true;
}

}  // namespace

SimSession::SimSession(const Options& options) : options_(options) {
    if (options.solver) {
        solverKind_ = *sim::solverFromName(*options.solver);
        solverChosen_ = true;
    }
}

std::string SimSession::start() {
    if (!load({options_.scene, options_.resolution})) return message_;
    return {};
}

std::string SimSession::openStats(const std::string& path) {
    const std::vector<std::string> extra = {
        "grab_index", "grab_x",           "grab_y",      "grab_z",    "target_x",   "target_y",
        "target_z",   "max_displacement", "solver_kind", "render_ms", "components", "display_frame",
        "wall_ms",    "camera_yaw",       "steps",       "real_time"};
    if (!csv_.open(path, extra)) return csv_.error();
    return {};
}

void SimSession::notice(const std::string& text) {
    message_ = text;
    ++messageSeq_;
    std::fprintf(stderr, "pbd-sandbox: %s\n", text.c_str());
}

bool SimSession::load(const LoadScene& c) {
    sim::World next;
    std::string error = sim::loadScene(next, c.name, {c.resolution});
    if (error.empty()) {
        Options o = options_;
        o.solver.reset();  // the solver chosen in the window wins over the command line
        error = applyOverrides(o, next);
    }
    const sim::SolverKind kind = solverChosen_ ? solverKind_ : next.settings.solver;
    if (error.empty() && !next.setSolver(kind))
        error = std::string("solver ") + sim::solverName(kind) + " is not in this build";
    if (!error.empty()) {
        notice("cannot load scene '" + c.name + "': " + error);
        return false;
    }
    world_ = std::move(next);
    solverKind_ = kind;
    sceneName_ = c.name;
    resolution_ = c.resolution;
    ++generation_;
    budget_ = 0;
    stepOnce_ = false;
    failure_.clear();
    const double ratio = stats_.realTimeRatio;
    stats_ = FrameStats{};
    stats_.realTimeRatio = ratio;
    return true;
}

void SimSession::selectSolver(sim::SolverKind kind) {
    if (!world_.setSolver(kind)) {
        notice(std::string("solver ") + sim::solverName(kind) + " is not in this build yet");
        return;
    }
    solverKind_ = kind;
    solverChosen_ = true;
}

void SimSession::apply(const Command& command, uint64_t seq) {
    appliedSeq_ = seq;
    const int n = world_.particles.size();
    auto current = [&](long generation, int particle) {
        return generation == generation_ && particle >= 0 && particle < n;
    };
    bool applied = true;
    std::visit(
        [&](const auto& c) {
            using T = std::decay_t<decltype(c)>;
            if constexpr (std::is_same_v<T, BeginGrab>) {
                if ((applied = current(c.generation, c.particle)))
                    world_.beginGrab(c.particle, c.target);
            } else if constexpr (std::is_same_v<T, MoveGrab>) {
                world_.moveGrab(c.target);
            } else if constexpr (std::is_same_v<T, EndGrab>) {
                world_.endGrab();
            } else if constexpr (std::is_same_v<T, SetPin>) {
                if ((applied = current(c.generation, c.particle))) world_.pin(c.particle, c.pinned);
            } else if constexpr (std::is_same_v<T, Cut>) {
                const int split = sim::cutAlongStroke(world_, {c.eye, c.a, c.b});
                notice("knife: " + std::to_string(split) + " vertices split");
            } else if constexpr (std::is_same_v<T, SetSettings>) {
                sim::Settings s = *c.settings;
                s.solver = world_.settings.solver;  // only SelectSolver switches solver
                if (std::string e = s.validate(); e.empty())
                    world_.settings = s;
                else
                    notice(e), applied = false;
            } else if constexpr (std::is_same_v<T, SelectSolver>) {
                selectSolver(c.kind);
            } else if constexpr (std::is_same_v<T, LoadScene>) {
                applied = load(c);
            } else if constexpr (std::is_same_v<T, SetPaused>) {
                paused_ = c.paused;
                if (!paused_) failure_.clear();
            } else if constexpr (std::is_same_v<T, StepOnce>) {
                paused_ = stepOnce_ = true;
            }
        },
        command);
    if (applied) log_.push_back({world_.frame(), tick_, command});
}

void SimSession::fail(const std::string& what) {
    ++failures_;
    paused_ = true;
    stepOnce_ = false;
    std::string advice = stabilityWarning(world_.settings);
    if (advice.empty())
        advice = "lower dt, raise substeps or iterations, or soften the stiffness sliders";
    failure_ = what + ". Paused on the last finite state (Space resumes). Settings: " + advice;
    notice(failure_);
}

bool SimSession::stepChecked() {
    saved_ = world_.particles;  // same sizes every step: the copy reuses its storage
    const long frame = world_.frame() + 1;
    const uint64_t topology = world_.topologyVersion();
    try {
        world_.step();
    } catch (const std::exception& e) {
        if (world_.topologyVersion() == topology) world_.particles = saved_;
        fail("the step to frame " + std::to_string(frame) + " failed: " + e.what());
        return false;
    }
    if (finite(world_.particles)) return true;
    if (world_.topologyVersion() != topology) {
        // Tearing changed the particle arrays in this step: the saved copy no longer fits.
        fail("the step to frame " + std::to_string(frame) +
             " went non-finite while tearing (the state could not be restored)");
        return false;
    }
    // Run the step again from the saved state with a check after every stage, to name the
    // stage where it first goes non-finite; then undo it too.
    std::string where = "in an unknown stage";
    world_.particles = saved_;
    const bool check = world_.settings.validateEachStage;
    world_.settings.validateEachStage = true;
    try {
        world_.step();
    } catch (const std::exception& e) {
        where = e.what();
    }
    world_.settings.validateEachStage = check;
    world_.particles = saved_;
    fail("the step to frame " + std::to_string(frame) + " went non-finite " + where + " (" +
         sim::solverName(world_.settings.solver) + ")");
    return false;
}

int SimSession::advanceFrame() {
    ++tick_;
    int steps = 0;
    const double frameDt = world_.settings.frameDt;
    if (paused_) {
        budget_ = 0;
        steps = stepOnce_ ? 1 : 0;
        stepOnce_ = false;
    } else {
        // A fixed amount of simulated time per displayed frame, so recordings play at real
        // speed however slow the machine. Capped so a tiny dt cannot stall the window.
        budget_ += kDisplayFrameSeconds;
        while (budget_ >= 0.999 * frameDt && steps < 16) {
            budget_ -= frameDt;
            ++steps;
        }
        if (steps == 16) budget_ = 0;
    }
    stats_.steps = 0;
    if (steps == 0) return 0;
    sim::Profile frame;
    double moved = 0;
    for (int k = 0; k < steps && stepChecked(); ++k) {
        accumulate(frame, world_.profile);
        ++stats_.steps;
        const auto& x = world_.particles.x;
        const size_t n = std::min(x.size(), saved_.x.size());
        // Free particles only: pinned and grabbed ones move as they are told.
        for (size_t i = 0; i < n; ++i)
            if (!world_.particles.pinned[i]) moved = std::max(moved, (x[i] - saved_.x[i]).norm());
    }
    // The frame's profile is the sum over its steps (a 3 ms dt takes 5 or 6 per frame), so
    // the Stats panel and the --stats sim_ms say what the frame cost.
    world_.profile = frame;
    stats_.profile = frame;
    stats_.maxDisplacement = moved;
    stats_.metrics = sim::measure(world_);
    stats_.solver = world_.solver().stats();
    return stats_.steps;
}

void SimSession::writeStats(const UiStatus& ui) {
    if (!csv_.isOpen() || stats_.steps == 0) return;
    const auto& g = world_.grab();
    const sim::Vec3 x = g ? world_.particles.x[g->particle] : sim::Vec3::Zero();
    const sim::Vec3 t = g ? g->target : sim::Vec3::Zero();
    csv_.writeRow(world_,
                  {g ? double(g->particle) : -1.0, x.x(), x.y(), x.z(), t.x(), t.y(), t.z(),
                   stats_.maxDisplacement, double(static_cast<int>(world_.settings.solver)),
                   ui.renderMs, double(sim::countComponents(world_)), double(ui.displayFrame),
                   ui.wallMs, ui.cameraYaw, double(stats_.steps), stats_.realTimeRatio});
}

void SimSession::publish(const PublishOptions& options, Snapshot& out) const {
    fillSnapshot(world_, options, out);
    out.generation = generation_;
    out.tick = tick_;
    out.appliedSeq = appliedSeq_;
    out.sceneName = sceneName_;
    out.resolution = resolution_;
    out.paused = paused_;
    out.solverChosen = solverChosen_;
    out.stats = stats_;
    out.message = message_;
    out.messageSeq = messageSeq_;
    out.failure = failure_;
}

}  // namespace app::gui
