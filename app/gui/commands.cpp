#include "app/gui/commands.h"

#include <cstdio>
#include <type_traits>

namespace app::gui {

namespace {

std::string vec(const sim::Vec3& v) {
    char text[96];
    std::snprintf(text, sizeof text, "(%.4f, %.4f, %.4f)", v.x(), v.y(), v.z());
    return text;
}

}  // namespace

std::string describe(const Command& command) {
    return std::visit(
        [](const auto& c) -> std::string {
            using T = std::decay_t<decltype(c)>;
            if constexpr (std::is_same_v<T, BeginGrab>)
                return "grab particle " + std::to_string(c.particle) + " at " + vec(c.target);
            else if constexpr (std::is_same_v<T, MoveGrab>)
                return "move grab to " + vec(c.target);
            else if constexpr (std::is_same_v<T, EndGrab>)
                return "release grab";
            else if constexpr (std::is_same_v<T, BeginColliderDrag>)
                return "drag collider " + std::to_string(c.collider) + " by " + vec(c.picked);
            else if constexpr (std::is_same_v<T, MoveColliderDrag>)
                return "move collider drag to " + vec(c.target);
            else if constexpr (std::is_same_v<T, EndColliderDrag>)
                return "release collider";
            else if constexpr (std::is_same_v<T, SetPin>)
                return std::string(c.pinned ? "pin" : "unpin") + " particle " +
                       std::to_string(c.particle);
            else if constexpr (std::is_same_v<T, ClearPins>)
                return "clear pins";
            else if constexpr (std::is_same_v<T, Cut>)
                return "cut from eye " + vec(c.eye) + " through " + vec(c.a) + " and " + vec(c.b);
            else if constexpr (std::is_same_v<T, Throw>)
                return "throw a ball from " + vec(c.from) + " along " + vec(c.direction);
            else if constexpr (std::is_same_v<T, SetSettings>)
                return "settings (dt " + std::to_string(c.settings->frameDt) + ", " +
                       std::to_string(c.settings->substeps) + " substeps, " +
                       std::to_string(c.settings->iterations) + " iterations)";
            else if constexpr (std::is_same_v<T, SelectSolver>)
                return std::string("solver ") + sim::solverName(c.kind);
            else if constexpr (std::is_same_v<T, LoadScene>)
                return "load scene " + c.name + " at resolution " + std::to_string(c.resolution);
            else if constexpr (std::is_same_v<T, LoadImport>)
                return "load " + std::string(sim::bodyKindName(c.prepared->options.kind)) + " " +
                       c.prepared->path;
            else if constexpr (std::is_same_v<T, SaveSceneFile>)
                return "save scene file " + c.path;
            else if constexpr (std::is_same_v<T, LoadSceneFile>)
                return "load scene file " + c.path;
            else if constexpr (std::is_same_v<T, StartMeshExport>)
                return "export meshes to " + c.folder;
            else if constexpr (std::is_same_v<T, StopMeshExport>)
                return "stop mesh export";
            else if constexpr (std::is_same_v<T, SaveState>)
                return "save state file " + c.path;
            else if constexpr (std::is_same_v<T, SetPaused>)
                return c.paused ? "pause" : "run";
            else if constexpr (std::is_same_v<T, StepOnce>)
                return "step once";
            else
                return "undo";
        },
        command);
}

}  // namespace app::gui
