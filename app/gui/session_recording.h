#pragma once
// Session recording (F8, the Scene panel's "Record session" button, --record-session FILE):
// the mouse, keys, panel edits and file drops the window's handlers receive, each stamped
// with the simulated frame it is applied before, written as scripted input
// (input_script_file.h) that `--input FILE` replays exactly. The simulation runs in lockstep
// while recording, so file frame k is simulated frame k. Started from the key or the
// button, a recording first resets the scene and the camera: a replay starts from a freshly
// loaded scene, so the recording must too. Keys that only write files (F8, F9, F12) are not
// recorded. The file is rewritten (atomically) at most every kSessionWriteSeconds while
// events come in, so a killed run keeps what was recorded up to then.
#include <chrono>
#include <string>

#include "app/gui/input_script_file.h"

namespace app::gui {

struct Sandbox;

inline constexpr double kSessionWriteSeconds = 0.5;

struct SessionRecording {
    bool active = false;
    int startFrame = 0;  // the input frame that is the file's frame 0
    std::string path;
    ScriptFile script;
    int count = 0;  // files written by the key or button (their names)
    std::chrono::steady_clock::time_point written;  // when the file was last brought up to date
    size_t writtenEvents = 0;                       // how many events it held then
};

// Adds `event` (its frame set here) to the recording; nothing when not recording.
void recordInput(Sandbox& s, ScriptEvent event);
// Starts recording into `path`; `reset`: reload the scene and frame the camera first. Returns
// an error (the file cannot be written; not recording then), or empty.
std::string startSessionRecording(Sandbox& s, const std::string& path, bool reset);
// Stops and writes the file; returns an error naming it, or empty. The message says which.
std::string stopSessionRecording(Sandbox& s);
// The key and the button: start (session-NNN.json in the working directory) or stop.
void toggleSessionRecording(Sandbox& s);

}  // namespace app::gui
