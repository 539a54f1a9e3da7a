#pragma once
// The interactive sandbox's state, independent of GLFW and ImGui: the world, the camera,
// what the mouse is doing, the UI flags, the recent-frame histories the Stats panel plots,
// and the requests (screenshot, recording) the window loop carries out. Mouse and key
// handlers (input.h) and the scripted-input replay act on it the same way.
#include <optional>
#include <string>
#include <vector>

#include "app/options.h"
#include "render/camera.h"
#include "render/renderer.h"
#include "sim/core/world.h"

namespace app::gui {

// The mouse tool under the left button. Knife arrives with the tearing issue: it gets its
// own case in mouse_tools.cpp (onToolPress / onToolDrag / onToolRelease).
enum class Tool { Grab, Knife };

enum class Drag { None, Grab, Knife, Orbit, Pan };

// A fixed-length history of one number per frame, oldest first once full.
struct History {
    std::vector<float> values;
    size_t capacity = 240;
    void push(float v) {
        if (values.size() == capacity) values.erase(values.begin());
        values.push_back(v);
    }
};

struct Sandbox {
    Options options;  // the command line, reapplied on reset
    sim::World world;
    std::string sceneName;
    int resolution = 0;
    int resolutionSlider = 0;  // the Scene panel's pending resolution (0: the scene's own)
    sim::SolverKind solverKind = sim::SolverKind::PBD;
    // Set once the person picks a solver (radio button or --solver); until then every scene
    // loads with the solver it names itself (pendulum_chain and softbody_on_cloth: XPBD).
    bool solverChosen = false;
    std::string message;  // last error or notice, shown in the Scene panel and on stderr

    render::OrbitCamera camera;
    render::RenderOptions renderOptions;
    int windowWidth = 1280, windowHeight = 720;  // window pixels (cursor coordinates)

    // Mouse.
    Tool tool = Tool::Grab;
    Drag drag = Drag::None;
    double cursorX = 0, cursorY = 0;
    sim::Vec3 grabPlanePoint = sim::Vec3::Zero();
    sim::Vec3 grabPlaneNormal = sim::Vec3::UnitZ();
    sim::Vec3 knifeEye = sim::Vec3::Zero();    // knife stroke: the view rays from knifeEye
    sim::Vec3 knifeStart = sim::Vec3::Zero();  // through knifeStart and the release point

    // Flags set by keys and panels.
    bool paused = false;
    bool stepOnce = false;
    bool showUi = true;
    bool showHelp = false;
    bool screenshotRequested = false;
    bool recordToggleRequested = false;
    bool recording = false;     // mirrored from the recorder, for the indicator
    int recordedFrames = 0;

    // Measurements of recent frames.
    History fps, simMs, renderMs, maxStrain, meanStrain, residual;
    double lastMaxDisplacement = 0;  // largest free-particle move in the last frame [m]
    double simTimeBudget = 0;  // simulated seconds owed to the display (fixed per frame)
    std::vector<sim::Vec3> previousX;  // positions at the start of the frame
};

// Loads `name` at `resolution` with the command-line overrides and the current solver
// choice; on error the running world is kept and the message says why.
bool loadScene(Sandbox& s, const std::string& name, int resolution);
// Switches solver keeping positions, velocities and pins (World::setSolver).
bool selectSolver(Sandbox& s, sim::SolverKind kind);
// Points the camera at the world's particles and colliders.
void frameScene(Sandbox& s);

// Simulated seconds each displayed (and recorded) frame advances.
inline constexpr double kDisplayFrameSeconds = 1.0 / 60.0;
// Steps the world for one displayed frame (nothing when paused, one step after O).
// Returns the number of world steps taken; fills lastMaxDisplacement and the histories.
int advance(Sandbox& s);

}  // namespace app::gui
