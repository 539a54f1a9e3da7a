#pragma once
// The edits the window sends to the simulation thread, each a plain value. They are queued
// and applied between steps in the order sent (sim_thread.h); every applied one is logged
// with the simulation frame it was applied at, so a session can be written out as
// scripted input and replayed exactly. Particle indices carry the scene generation they
// were picked in: an edit picked in a scene that has since been reloaded is dropped.
#include <future>
#include <memory>
#include <string>
#include <variant>

#include "sim/core/settings.h"
#include "sim/core/types.h"
#include "sim/io/mesh_import.h"

namespace app::gui {

struct BeginGrab {
    long generation = 0;
    int particle = -1;
    sim::Vec3 target = sim::Vec3::Zero();
};
struct MoveGrab {
    sim::Vec3 target = sim::Vec3::Zero();
};
struct EndGrab {};
// A collider dragged by the point `picked` on it (sim/collision/collider_drag.h): the collider
// follows the picked point's target kinematically, with the velocity of that motion, so the
// contacts push cloth ahead of it. `collider` indexes World::colliders of scene `generation`.
struct BeginColliderDrag {
    long generation = 0;
    int collider = -1;
    sim::Vec3 picked = sim::Vec3::Zero();
};
struct MoveColliderDrag {
    sim::Vec3 target = sim::Vec3::Zero();  // where the picked point is to be
};
struct EndColliderDrag {};
struct SetPin {
    long generation = 0;
    int particle = -1;
    bool pinned = true;
};
// Releases every pin of scene `generation` (the Scene panel's Clear pins); one undo step.
struct ClearPins {
    long generation = 0;
};
// The knife stroke: the wedge of view rays from eye through a and b (sim/world/cut.h).
struct Cut {
    sim::Vec3 eye = sim::Vec3::Zero(), a = sim::Vec3::Zero(), b = sim::Vec3::Zero();
};
// The throw tool (sim/world/throw_ball.h): a rigid ball from `from` along `direction`.
struct Throw {
    sim::Vec3 from = sim::Vec3::Zero(), direction = sim::Vec3::Zero();
};
// Everything but the solver kind, which only SelectSolver changes. Held immutable and
// shared, so a slider dragged every frame adds a pointer, not 456 bytes, to each log entry.
struct SetSettings {
    std::shared_ptr<const sim::Settings> settings;
};
struct SelectSolver {
    sim::SolverKind kind = sim::SolverKind::PBD;
};
// Loads (or, same name, resets) a scene with the command line's overrides; resolution 0 =
// the scene's own. A solver chosen earlier (SelectSolver, --solver) replaces the scene's.
struct LoadScene {
    std::string name;
    int resolution = 0;
};
// A dropped file, read and tetrahedralized off the UI thread (mesh_drop.h): it replaces the
// scene (R rebuilds it).
struct LoadImport {
    std::shared_ptr<const sim::PreparedImport> prepared;
};
// The Scene panel's scene files (sim/scenes/scene_file.h): Save describes the world as it is now
// (settings, pins, colliders where they stand); Load builds the file's world with the file's
// settings and solver, and on any error keeps the running one.
struct SaveSceneFile {
    std::string path;
};
struct LoadSceneFile {
    std::string path;
};
// Mesh export (sim/io/obj_export.h): one OBJ per simulated frame into `folder` until stopped
// (or until a load, which restarts the frame numbers the file names use).
struct StartMeshExport {
    std::string folder;
};
struct StopMeshExport {};
// Writes the world's state file (sim/io/state_file.h) to `path` and hands `done` the error
// (empty when written): a split into compare panes starts the new panes from it.
struct SaveState {
    std::string path;
    std::shared_ptr<std::promise<std::string>> done;
};
struct SetPaused {
    bool paused = false;
};
struct StepOnce {};
// Back to before the last pin, cut or tear (sim/world/undo_stack.h).
struct Undo {};

using Command = std::variant<BeginGrab, MoveGrab, EndGrab, BeginColliderDrag, MoveColliderDrag,
                             EndColliderDrag, SetPin, ClearPins, Cut, Throw, SetSettings,
                             SelectSolver, LoadScene, LoadImport, SaveSceneFile, LoadSceneFile,
                             StartMeshExport, StopMeshExport, SaveState, SetPaused, StepOnce, Undo>;

struct AppliedCommand {
    long frame = 0;  // World::frame() when applied: before the step that makes frame + 1
    long tick = 0;   // displayed frames the simulation had advanced (lockstep: the display frame)
    Command command;
};

// One line naming the command and its values, for logs and messages.
std::string describe(const Command& command);

}  // namespace app::gui
