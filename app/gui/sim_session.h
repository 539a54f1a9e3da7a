#pragma once
// The simulation side of the window, single-threaded: it owns the sim::World, applies the
// window's commands between steps (logging each with the frame it was applied at), undoes the
// last pin, cut or tear on request, saves and loads scene files, advances one displayed frame
// of simulated time, writes the mesh export after each step, keeps the world finite (a step
// that goes non-finite is undone, the simulation pauses and says where and what to change),
// writes the --stats rows and fills snapshots. SimThread (sim_thread.h) runs it on its own
// thread.
#include <string>
#include <tuple>
#include <vector>

#include "app/gui/commands.h"
#include "app/gui/snapshot.h"
#include "app/options.h"
#include "sim/core/frame_cost.h"
#include "sim/io/obj_export.h"
#include "sim/io/stats_csv.h"
#include "sim/scenes/scene_file.h"
#include "sim/world/undo_stack.h"

namespace app::gui {

// Simulated seconds each displayed (and recorded) frame advances.
inline constexpr double kDisplayFrameSeconds = 1.0 / 60.0;

// What the window reports for the --stats rows (its display frame, camera, GPU time).
struct UiStatus {
    long displayFrame = 0;
    double wallMs = 0;     // since the window opened
    double cameraYaw = 0;  // [rad]
    double renderMs = -1;  // GPU time of a recent frame (timer query), < 0 before the first
};

class SimSession {
  public:
    explicit SimSession(const Options& options);

    // Loads the command line's world (--scene, --cloth/--softbody or --scene-file, then the
    // setting flags, the solver and --state) and starts --export-meshes; returns an error or
    // empty.
    std::string start();
    // Opens the --stats CSV; returns an error or empty.
    std::string openStats(const std::string& path);

    void apply(const Command& command, uint64_t seq);
    // One displayed frame: kDisplayFrameSeconds of simulated time in world steps (none when
    // paused, one after StepOnce). Returns the number of world steps taken.
    int advanceFrame();
    // Writes the --stats row of the frame just advanced (when it took a step).
    void writeStats(const UiStatus& ui);
    void publish(const PublishOptions& options, Snapshot& out) const;

    const std::vector<AppliedCommand>& log() const { return log_; }
    const sim::World& world() const { return world_; }
    sim::World& world() { return world_; }
    bool paused() const { return paused_; }
    // Whether a step failed (went non-finite or threw) during the session.
    bool failed() const { return failures_ > 0; }
    void setRealTimeRatio(double r) { stats_.realTimeRatio = r; }

  private:
    // The hand's and the tools' edits (grab, drags, pins, knife, throw); true for others.
    bool applyHandEdit(const Command& command);
    // Settings, solver, loads, files, export, pause, undo; true for the hand's edits.
    bool applySessionEdit(const Command& command);
    bool load(const LoadScene& c);
    // Builds `d` (with imports already prepared, if any) into a new world that replaces the
    // current one; on error the current world is kept, lastBuildError_ says why and (with
    // overrides) so does the notice. `withOverrides`: the command line's setting flags and the
    // window's solver choice apply on top of the description's settings.
    bool build(const sim::SceneDescription& d, std::span<const sim::PreparedImport> prepared,
               const std::string& name, bool withOverrides = true);
    bool saveFile(const std::string& path);  // the Scene panel's Save: the world described now
    bool loadFile(const std::string& path);  // its Load: the file's world with its settings
    bool startExport(const std::string& folder);
    void stopExport(const std::string& why);  // notes how many files were written
    void selectSolver(sim::SolverKind kind);
    void notice(const std::string& text);
    // Compare mode's budget mode: sets the pane's knob to what costs --compare-budget (CPU ms
    // per frame), timed on the world just built (sim/world/equal_budget.h).
    void calibrateBudget();
    bool stepChecked();  // one world step; false (state restored, paused) when it failed
    void watchCost();    // after a step: a notice when it cost far more than the usual one
    void fail(const std::string& what);

    Options options_;
    sim::World world_;
    std::string sceneName_;
    sim::SceneDescription description_;  // what the current world was built from (R rebuilds it)
    sim::SceneBuildInfo buildInfo_;      // what that build found (Save describes pins against it)
    bool overrides_ = true;              // whether the command line's settings applied to it
    std::string lastBuildError_;
    int resolution_ = 0;
    long generation_ = 0;
    long tick_ = 0;
    uint64_t appliedSeq_ = 0;
    bool paused_ = false, stepOnce_ = false;
    bool solverChosen_ = false;
    sim::SolverKind solverKind_ = sim::SolverKind::PBD;
    double budget_ = 0;  // simulated seconds owed to the display
    double knob_ = 0;    // budget mode: the calibrated knob (0: none)
    std::vector<AppliedCommand> log_;
    std::string message_, failure_;
    long messageSeq_ = 0;
    int failures_ = 0;
    FrameStats stats_;
    std::vector<sim::Vec3> savedX_;  // positions before the step in progress
    std::vector<sim::Vec3> before_;
    sim::StatsCsv csv_;
    sim::UndoStack undo_;                // before each pin, cut and tearing step; cleared by a load
    sim::ObjSequenceExporter exporter_;  // one OBJ per step while active
    bool outputFailed_ = false;          // an export or stats file could not be written (exit 1)
    sim::FrameCostWatch costWatch_;      // warns of a frame far dearer than the usual one
    std::tuple<int, int, int, double> costSettings_{-1, 0, 0, 0};  // what the usual frame ran
};

}  // namespace app::gui
