#pragma once
// The window's state, independent of GLFW and ImGui: the published snapshot it draws, the
// camera, what the mouse is doing, the UI flags, the recent-frame histories the Stats panel
// plots, and the requests (screenshot, recording) the window loop carries out. It never
// holds the world: edits go to the simulation thread as commands (commands.h). Mouse and
// key handlers (input.h) and the scripted-input replay act on it the same way.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/gui/session_recording.h"
#include "app/gui/sim_thread.h"
#include "app/options.h"
#include "render/camera.h"
#include "render/renderer.h"
#include "sim/io/import_job.h"

namespace app::gui {

// The mouse tool under the left button (mouse_tools.cpp).
enum class Tool { Grab, Knife };

// Grab: a particle; Collider: a collider (left drag that starts on one, mouse_tools.cpp).
enum class Drag { None, Grab, Collider, Knife, Orbit, Pan };

// A fixed-length history of one number per frame, oldest first once full.
struct History {
    std::vector<float> values;
    size_t capacity = 240;
    void push(float v) {
        if (values.size() == capacity) values.erase(values.begin());
        values.push_back(v);
    }
};

// What the view shows and how: the camera and its following, the draw options, the window.
struct DisplayState {
    render::OrbitCamera camera;
    render::RenderOptions renderOptions;
    // Keep the moving subject in view (off after a pan or zoom; F frames again).
    bool follow = true;
    double framedRadius = 1;    // half the diagonal of the scene as last framed [m]
    double framedDistance = 0;  // the camera's distance then: following never comes nearer
    bool showContacts = false;
    bool particleView = false;
    bool showUi = true;
    bool showHelp = false;
    int windowWidth = 1280, windowHeight = 720;  // window pixels (cursor coordinates)
    float contentScale = 1;                      // glfwGetWindowContentScale
};

// What the mouse is doing: the tool, the drag in progress and its geometry.
struct MouseState {
    Tool tool = Tool::Grab;
    Drag drag = Drag::None;
    double cursorX = 0, cursorY = 0;
    // The plane a grab or collider drag follows the cursor in (through the picked point,
    // facing the camera) and where the cursor holds the grabbed particle or picked point now.
    sim::Vec3 grabPlanePoint = sim::Vec3::Zero();
    sim::Vec3 grabPlaneNormal = sim::Vec3::UnitZ();
    sim::Vec3 grabTarget = sim::Vec3::Zero();
    sim::Vec3 knifeEye = sim::Vec3::Zero();    // knife stroke: the view rays from knifeEye
    sim::Vec3 knifeStart = sim::Vec3::Zero();  // through knifeStart and the release point
};

// What keys and panels ask the window loop to do (screenshot, recording) and its state.
struct WindowRequests {
    bool screenshot = false;    // F12: save the next drawn frame
    bool recordToggle = false;  // F9: start or stop the MP4
    bool recording = false;     // mirrored from the recorder, for the indicator
    int recordedFrames = 0;
};

// The panels' own values: what they show and what was last said.
struct PanelState {
    sim::Settings settings;     // the Solver panel's values
    std::string settingsError;  // why the last edit was refused, if it was
    int resolutionSlider = 0;   // the Scene panel's pending resolution (0: the scene's own)
    char scenePath[512] = "scene.json";  // the Scene panel's scene file (Save, Load)
    char exportFolder[512] = "meshes";   // and mesh export folder (E)
    std::string message;                 // last notice, shown in the Scene panel
    long messageSeq = 0;                 // the snapshot message last shown
    bool compareOpen = false;            // the Solver panel's compare row is shown
};

// Edits sent and not yet in the snapshot: the panels show what was asked.
struct PendingEdits {
    uint64_t settingsSeq = 0, pauseSeq = 0, exportSeq = 0;
    bool pauseAsked = false;
    bool exportAsked = false;
};

// Where input goes besides the simulation: session recording and a dropped file's import.
struct InputRecording {
    // The simulated frame the next edit sent will be applied before (the window loop keeps
    // it): what session recording stamps each input with.
    int inputFrame = 0;
    SessionRecording session;
    Pacing basePacing = Pacing::RealTime;  // the run's pacing, back when recordings stop
    // A dropped file being read and tetrahedralized off the UI thread (mesh_drop.h).
    std::shared_ptr<sim::ImportJob> import;
    std::string importPath;
};

// Measurements of recent frames, for the Stats panel's plots.
struct Histories {
    History fps, simMs, renderMs, maxStrain, meanStrain, residual;
    long tick = -1;            // the snapshot frame last pushed
    double stepRunningMs = 0;  // how long the simulation has been on its current frame
};

// Compare mode (--compare, compare.h): a pane after the first, with its own simulation thread
// running the same scene under another solver, and the newest snapshot it published.
struct ComparePane {
    std::unique_ptr<SimThread> sim;
    Snapshot view;
};

// What every pane's label shows beyond its snapshot: the peak max strain since the scene
// (re)loaded, per pane (the first is `Sandbox::view`).
struct CompareState {
    std::vector<ComparePane> others;  // panes 2 to 4; empty outside compare mode
    std::vector<double> peakStrain;
    std::vector<long> peakGeneration;
    std::vector<char> splitWith;  // the Solver panel's compare row (empty: its defaults)
};

// The window's state, by concern.
struct Sandbox {
    Options options;           // the command line
    SimThread* sim = nullptr;  // where commands go and snapshots come from
    Snapshot view;             // the newest published state: what is drawn and picked

    DisplayState display;
    MouseState mouse;
    WindowRequests requests;
    PanelState panel;
    PendingEdits pending;
    InputRecording inputs;
    Histories history;
    CompareState compare;
};

// Panes on screen: 1, or 2 to 4 in compare mode.
int paneCount(const Sandbox& s);
// Pane `k`'s snapshot (0: Sandbox::view).
const Snapshot& paneView(const Sandbox& s, int k);
// Pane k's simulation thread (0: Sandbox::sim).
SimThread& paneSim(const Sandbox& s, int k);
// Where pane `k` lies in the window, in window pixels (y down): two panes side by side, three
// or four in a 2 x 2 grid, row by row.
struct PaneRect {
    double x = 0, y = 0, width = 0, height = 0;
};
PaneRect paneRect(const Sandbox& s, int k);
// The pane under window pixel (x, y) (0 outside the window).
int paneAt(const Sandbox& s, double x, double y);
// Whether every pane's particles and triangles are the same as the first pane's, so that an
// index names the same particle in each (not after a tear or cut that differed between them).
bool sameTopology(const Sandbox& s);
// Width over height of a pane: every pane has the same shape and shares the camera.
double paneAspect(const Sandbox& s);

// Sends an edit to the simulation, in compare mode to every pane (a solver switch to the first
// only: the caller refuses it); returns its sequence number, the same in every pane.
uint64_t send(Sandbox& s, Command command);
// Whether the simulation is paused, counting a pause or run not yet applied.
bool paused(const Sandbox& s);
void setPaused(Sandbox& s, bool paused);
void sendSettings(Sandbox& s, const sim::Settings& settings);
// The one way the window changes settings (the Solver panel, scripted "set" events): every
// parameter that differs from the panel's values is recorded (session recording), a new
// solver goes as a solver switch and the rest, if valid, as new settings; an invalid edit
// is refused with settingsError set.
void editSettings(Sandbox& s, sim::Settings edit);
// Loads `name` at `resolution` (0: its own); on error the running world is kept and the
// message says why.
void requestLoad(Sandbox& s, const std::string& name, int resolution);
// The Scene panel's loads (scene list, Reset button) and scripted "load" events: recorded
// (session recording), then requestLoad. Keys that load (R, [, ]) are recorded as keys.
void panelLoad(Sandbox& s, const std::string& name, int resolution);
// The Scene panel's Save and Load of a scene file and scripted "save" / "load" "file" events:
// recorded (a replay saves and loads the same file at the same frame), then sent. On a bad
// file the running scene is kept and the message names the file and the problem.
void panelSaveScene(Sandbox& s, const std::string& path);
void panelLoadSceneFile(Sandbox& s, const std::string& path);
// Whether the mesh export runs, counting a start or stop not yet applied.
bool exporting(const Sandbox& s);
// E and the Scene panel's button: starts the mesh export into s.exportFolder, or stops it.
void toggleMeshExport(Sandbox& s);
// Switches solver keeping positions, velocities and pins (World::setSolver, without a jump).
void requestSolver(Sandbox& s, sim::SolverKind kind);
// Every pane's simulation paced alike (recordings and session recordings run lockstep).
void setPacing(Sandbox& s, Pacing pacing);
// Points the camera at the whole scene (particles and colliders) and follows its subject again.
void frameScene(Sandbox& s);
// Takes the newest snapshot, if any: histories, messages, panel values, and the camera
// frames a newly loaded scene. Returns whether there was a new one.
bool takeSnapshot(Sandbox& s);
// Each pane's peak max strain since its scene (re)loaded, from the snapshots taken.
void trackPeaks(Sandbox& s);
// Moves the camera after the subject when following; `blend` per call.
void followSubject(Sandbox& s, double blend);
// The publish options the window's views need (wireframe: tet edges; heat map: strain).
PublishOptions publishOptions(const Sandbox& s);

}  // namespace app::gui
