#include "app/gui/sim_session.h"

#include <algorithm>
#include <cstdio>
#include <type_traits>

#include "app/gui/stability_hint.h"
#include "app/load_world.h"
#include "sim/io/state_file.h"
#include "sim/scenes/scene_table.h"
#include "sim/world/checks.h"
#include "sim/world/cut.h"
#include "sim/world/equal_budget.h"
#include "sim/world/throw_ball.h"

namespace app::gui {

SimSession::SimSession(const Options& options) : options_(options) {
    if (options.settings.given("solver")) {
        sim::Settings s;
        options.settings.apply(s);  // already checked by the command-line parser
        solverKind_ = s.solver;
        solverChosen_ = true;
    }
}

std::string SimSession::start() {
    sim::SceneDescription d;
    if (std::string e = describeOptions(options_, d); !e.empty()) return e;
    const std::string name = d.imports.empty() ? d.scene : "imported";
    if (!build(d, {}, name)) return message_;
    if (!options_.statePath.empty())
        if (std::string e = loadStateWithOverrides(options_, world_, name); !e.empty()) return e;
    if (!options_.exportMeshes.empty() && !startExport(options_.exportMeshes)) return message_;
    return {};
}

std::string SimSession::openStats(const std::string& path) {
    const std::vector<std::string> extra = {
        "grab_index", "grab_x",        "grab_y",           "grab_z",      "target_x",
        "target_y",   "target_z",      "max_displacement", "solver_kind", "render_ms",
        "components", "display_frame", "wall_ms",          "camera_yaw",  "steps",
        "real_time",  "penetrations",  "held_collider",    "held_x",      "held_y",
        "held_z",     "mean_x",        "mean_y",           "mean_z",      "volume_ratio",
        "grab_slip",  "cpu_ms"};
    if (!csv_.open(path, extra)) return csv_.error();
    return {};
}

void SimSession::notice(const std::string& text) {
    message_ = text;
    ++messageSeq_;
    std::fprintf(stderr, "pbd-sandbox: %s\n", text.c_str());
}

bool SimSession::saveFile(const std::string& path) {
    const sim::SceneDescription now = sim::describeScene(world_, description_, buildInfo_);
    if (std::string e = sim::writeSceneFile(path, now); !e.empty()) {
        notice("cannot save the scene: " + e);
        return false;
    }
    notice("saved the scene to " + path);
    return true;
}

bool SimSession::loadFile(const std::string& path) {
    sim::SceneDescription d;
    std::string e = sim::readSceneFile(path, d);
    // The file's own settings and solver: what was saved is what comes back.
    if (e.empty() && build(d, {}, d.imports.empty() ? d.scene : "imported", false)) {
        notice("loaded the scene file " + path);
        return true;
    }
    notice("cannot load the scene file " + path +
           " (the running scene is kept): " + (e.empty() ? lastBuildError_ : e));
    return false;
}

bool SimSession::startExport(const std::string& folder) {
    exporter_.stop();
    if (std::string e = exporter_.start(folder); !e.empty()) {
        outputFailed_ = true;
        notice("cannot export meshes: " + e);
        return false;
    }
    notice("exporting one OBJ per simulated frame into " + folder + "/");
    return true;
}

void SimSession::stopExport(const std::string& why) {
    if (!exporter_.active()) return;
    notice("mesh export " + why + ": " + std::to_string(exporter_.framesWritten()) +
           " OBJ files in " + exporter_.folder() + "/");
    exporter_.stop();
}

bool SimSession::load(const LoadScene& c) {
    // The current scene again (R, Reset) is rebuilt from its description: an imported mesh
    // or a scene file too.
    if (c.name == sceneName_) {
        sim::SceneDescription again = description_;
        again.params.resolution = c.resolution;
        return build(again, {}, c.name, overrides_);
    }
    sim::SceneDescription d;
    d.scene = c.name;
    d.params = options_.sceneParams;
    d.params.resolution = c.resolution;
    return build(d, {}, c.name);
}

bool SimSession::build(const sim::SceneDescription& d,
                       std::span<const sim::PreparedImport> prepared, const std::string& name,
                       bool withOverrides) {
    sim::World next;
    sim::SceneBuildInfo info;
    std::string error = sim::buildScene(next, d, &info, prepared);
    if (error.empty() && withOverrides) error = applyOverrides(options_, next);
    // The solver chosen in the window wins over the scene's and the command line's, but not
    // over a scene file's loaded from the panel.
    const sim::SolverKind kind =
        solverChosen_ && withOverrides ? solverKind_ : next.settings.solver;
    if (error.empty()) next.setSolver(kind);
    if (!error.empty()) {
        lastBuildError_ = error;
        if (withOverrides)
            notice("cannot load " + (d.imports.empty() ? "scene '" + name + "'" : name) + ": " +
                   error);
        return false;
    }
    // A new world starts its frames at 1 again: the export's file names would repeat.
    stopExport("stopped by the load");
    world_ = std::move(next);
    buildInfo_ = std::move(info);
    overrides_ = withOverrides;
    undo_.clear();
    solverKind_ = kind;
    sceneName_ = name;
    description_ = d;
    resolution_ = d.params.resolution;
    ++generation_;
    costWatch_.reset();
    budget_ = 0;
    stepOnce_ = false;
    failure_.clear();
    const double ratio = stats_.realTimeRatio;
    stats_ = FrameStats{};
    stats_.realTimeRatio = ratio;
    calibrateBudget();
    return true;
}

void SimSession::calibrateBudget() {
    knob_ = 0;
    if (options_.compareBudgetMs <= 0) return;
    // Half a second of simulated time: long enough for the scene to start moving, short
    // enough to run at every load before the pane shows the scene.
    const int frames = std::clamp(int(0.5 / world_.settings.frameDt), 30, 300);
    const std::string method = sim::solverName(world_.settings.solver);
    // The budget is per displayed frame; the calibration measures world steps.
    const double perStep =
        options_.compareBudgetMs * world_.settings.frameDt / kDisplayFrameSeconds;
    knob_ = sim::calibrateKnobInPlace(world_, method, perStep, frames);
    char text[160];
    std::snprintf(text, sizeof text, "%s at %.3g ms per frame: %s %.3g", method.c_str(),
                  options_.compareBudgetMs, method == "mgpbd" ? "work budget" : "iterations",
                  knob_);
    notice(text);
}

void SimSession::selectSolver(sim::SolverKind kind) {
    world_.setSolver(kind);
    solverKind_ = kind;
    solverChosen_ = true;
}

// Each edit is one of the two visitors' (the other passes it by as applied).
void SimSession::apply(const Command& command, uint64_t seq) {
    appliedSeq_ = seq;
    const bool applied = applyHandEdit(command) && applySessionEdit(command);
    if (applied) log_.push_back({world_.frame(), tick_, command});
}

bool SimSession::applyHandEdit(const Command& command) {
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
            } else if constexpr (std::is_same_v<T, BeginColliderDrag>) {
                const int colliders = static_cast<int>(world_.colliders.size());
                if ((applied =
                         c.generation == generation_ && c.collider >= 0 && c.collider < colliders))
                    world_.beginColliderDrag(c.collider, c.picked);
            } else if constexpr (std::is_same_v<T, MoveColliderDrag>) {
                world_.moveColliderDrag(c.target);
            } else if constexpr (std::is_same_v<T, EndColliderDrag>) {
                world_.endColliderDrag();
            } else if constexpr (std::is_same_v<T, SetPin>) {
                if ((applied = current(c.generation, c.particle))) {
                    undo_.push(world_, c.pinned ? "pin" : "unpin");
                    world_.pin(c.particle, c.pinned);
                }
            } else if constexpr (std::is_same_v<T, ClearPins>) {
                // World::pin keeps the held particle held.
                const std::vector<int> pins =
                    sim::scenePins(world_.particles.pinned, world_.grab());
                if ((applied = c.generation == generation_ && !pins.empty())) {
                    undo_.push(world_, "clear pins");
                    for (int i : pins) world_.pin(i, false);
                }
            } else if constexpr (std::is_same_v<T, Cut>) {
                undo_.push(world_, "cut");
                const int split = sim::cutAlongStroke(world_, {c.eye, c.a, c.b});
                notice("knife: " + std::to_string(split) + " vertices split");
            } else if constexpr (std::is_same_v<T, Throw>) {
                if (std::string e = sim::throwBall(world_, c.from, c.direction); !e.empty())
                    notice(e), applied = false;
            }
        },
        command);
    return applied;
}

bool SimSession::applySessionEdit(const Command& command) {
    bool applied = true;
    std::visit(
        [&](const auto& c) {
            using T = std::decay_t<decltype(c)>;
            if constexpr (std::is_same_v<T, SetSettings>) {
                sim::Settings s = *c.settings;
                s.solver = world_.settings.solver;  // only SelectSolver switches solver
                // Budget mode: the pane keeps the knob its budget bought.
                if (knob_ > 0) sim::setBudgetKnob(s, sim::solverName(s.solver), knob_);
                if (std::string e = s.validate(); e.empty())
                    world_.settings = s;
                else
                    notice(e), applied = false;
            } else if constexpr (std::is_same_v<T, SelectSolver>) {
                selectSolver(c.kind);
            } else if constexpr (std::is_same_v<T, LoadScene>) {
                applied = load(c);
            } else if constexpr (std::is_same_v<T, LoadImport>) {
                sim::SceneDescription d;
                d.params = options_.sceneParams;
                d.imports.push_back({c.prepared->path, c.prepared->options});
                d.source = c.prepared->path;
                if ((applied = build(d, std::span<const sim::PreparedImport>(c.prepared.get(), 1),
                                     "imported")))
                    notice("loaded " + c.prepared->report.text());
            } else if constexpr (std::is_same_v<T, SaveSceneFile>) {
                applied = saveFile(c.path);
            } else if constexpr (std::is_same_v<T, LoadSceneFile>) {
                applied = loadFile(c.path);
            } else if constexpr (std::is_same_v<T, StartMeshExport>) {
                applied = startExport(c.folder);
            } else if constexpr (std::is_same_v<T, StopMeshExport>) {
                stopExport("stopped");
            } else if constexpr (std::is_same_v<T, SaveState>) {
                const std::string e = sim::saveState(world_, c.path, sceneName_);
                if (c.done) c.done->set_value(e);
                applied = e.empty();
            } else if constexpr (std::is_same_v<T, SetPaused>) {
                paused_ = c.paused;
                if (!paused_) failure_.clear();
            } else if constexpr (std::is_same_v<T, StepOnce>) {
                paused_ = stepOnce_ = true;
            } else if constexpr (std::is_same_v<T, Undo>) {
                const std::string label = undo_.nextLabel();
                if ((applied = undo_.undo(world_)))
                    notice("undid the " + label);
                else
                    notice("nothing to undo (pins, cuts and tears since the scene loaded)");
            }
        },
        command);
    return applied;
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
    savedX_ = world_.particles.x;  // for the frame's largest displacement
    const long frame = world_.frame() + 1;
    try {
        undo_.beforeStep(world_);
        world_.step();
        undo_.afterStep(world_);
        return true;
    } catch (const sim::StepFailure& e) {
        // The world checked every stage and is back at its state before the step.
        fail("the step to frame " + std::to_string(frame) + " went non-finite after stage '" +
             sim::stageInfo(e.stage()).name + "' (" + sim::solverName(world_.settings.solver) +
             "): " + e.what());
    } catch (const std::exception& e) {
        fail("the step to frame " + std::to_string(frame) + " failed: " + e.what());
    }
    return false;
}

void SimSession::watchCost() {
    // Another solver, iteration count, substep count or dt costs what it costs: measure the
    // usual frame again.
    const sim::Settings& s = world_.settings;
    const auto costly = std::make_tuple(int(s.solver), s.iterations, s.substeps, s.frameDt);
    if (costly != costSettings_) costWatch_.reset(), costSettings_ = costly;
    const std::string w =
        costWatch_.update(world_.frame(), world_.profile.total, world_.contacts().self.size(),
                          world_.particles.size(), s.substepDt());
    if (!w.empty()) notice("warning: " + w);
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
    const double cpu0 = sim::threadCpuMs();
    for (int k = 0; k < steps && stepChecked(); ++k) {
        frame += world_.profile;
        ++stats_.steps;
        watchCost();
        if (std::string e = exporter_.writeFrame(world_); !e.empty()) {  // it stops itself
            outputFailed_ = true;
            notice("mesh export stopped: " + e);
        }
        const auto& x = world_.particles.x;
        const size_t n = std::min(x.size(), savedX_.size());
        // Free particles only: pinned and grabbed ones move as they are told.
        for (size_t i = 0; i < n; ++i)
            if (!world_.particles.pinned[i]) moved = std::max(moved, (x[i] - savedX_[i]).norm());
    }
    // The frame's profile is the sum over its steps (a 3 ms dt takes 5 or 6 per frame), so
    // the Stats panel and the --stats sim_ms say what the frame cost.
    world_.profile = frame;
    stats_.cpuMs = sim::threadCpuMs() - cpu0;
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
    const auto& held = world_.colliderDrag();
    const sim::Vec3 h = held ? world_.colliders[held->collider].center : sim::Vec3::Zero();
    sim::Vec3 mean = sim::Vec3::Zero();
    for (const sim::Vec3& p : world_.particles.x) mean += p;
    if (!world_.particles.x.empty()) mean /= static_cast<double>(world_.particles.x.size());
    const double grabbed = g ? double(g->particle) : -1.0, heldIndex = held ? held->collider : -1;
    std::vector<double> row({grabbed, x.x(), x.y(), x.z(), t.x(), t.y(), t.z(),
                             stats_.maxDisplacement, double(int(world_.settings.solver)),
                             ui.renderMs, double(sim::countComponents(world_)),
                             double(ui.displayFrame), ui.wallMs, ui.cameraYaw, double(stats_.steps),
                             stats_.realTimeRatio});
    // Collider drags: particles inside a collider, the held collider, the particles' mean.
    row.insert(row.end(), {double(sim::countPenetrations(world_)), heldIndex, h.x(), h.y(), h.z(),
                           mean.x(), mean.y(), mean.z(), sim::volumeRatio(world_)});
    row.push_back(g && g->slipped ? 1.0 : 0.0);  // the hand held short by its slip rule
    row.push_back(stats_.cpuMs);
    if (!csv_.writeRow(world_, row)) {
        outputFailed_ = true;
        notice("stats stopped: " + csv_.error());
    }
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
    out.budgetKnob = knob_;
    out.message = message_;
    out.messageSeq = messageSeq_;
    out.failure = failure_;
    out.exportFolder = exporter_.active() ? exporter_.folder() : std::string();
    out.exportedFrames = exporter_.framesWritten();
    out.outputFailed = outputFailed_;
}

}  // namespace app::gui
