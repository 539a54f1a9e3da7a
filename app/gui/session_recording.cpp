#include "app/gui/session_recording.h"

#include <cstdio>

#include "app/gui/sandbox.h"

namespace app::gui {

namespace {

std::string writeSession(Sandbox& s) {
    SessionRecording& r = s.inputs.session;
    const std::string description =
        "a session recorded by pbd-sandbox: replay with pbd-sandbox --scene " + s.view.sceneName +
        " --input " + r.path + " (and the setting flags it was recorded with)";
    r.written = std::chrono::steady_clock::now();
    r.writtenEvents = r.script.events.size();
    return writeInputScript(r.path, r.script, description, s.view.sceneName);
}

}  // namespace

void recordInput(Sandbox& s, ScriptEvent event) {
    SessionRecording& r = s.inputs.session;
    if (!r.active) return;
    event.frame = s.inputs.inputFrame - r.startFrame;
    r.script.events.push_back(std::move(event));
    const std::chrono::duration<double> since = std::chrono::steady_clock::now() - r.written;
    if (since.count() >= kSessionWriteSeconds) writeSession(s);  // stop() reports errors
}

std::string startSessionRecording(Sandbox& s, const std::string& path, bool reset) {
    SessionRecording& r = s.inputs.session;
    r.active = true;
    r.path = path;
    r.startFrame = s.inputs.inputFrame;
    r.script = ScriptFile{};
    r.script.width = s.display.windowWidth;
    r.script.height = s.display.windowHeight;
    // Frame k of the file must be simulated frame k: no frame may be skipped or doubled.
    setPacing(s, Pacing::Lockstep);
    if (reset) {
        // The replay starts from the scene as loaded, with the camera framing it.
        requestLoad(s, s.view.sceneName, s.view.resolution);
        s.display.camera = render::OrbitCamera{};
        s.display.follow = true;
        s.display.framedRadius = 1;
        s.display.framedDistance = s.display.camera.distance;
    }
    // The tool is window state a fresh replay starts without.
    if (s.mouse.tool == Tool::Knife) {
        ScriptEvent knife;
        knife.type = ScriptEvent::Type::Key;
        knife.key = keyFromName("k");
        recordInput(s, knife);
    }
    // The file exists from the start, as the other outputs do.
    if (std::string e = writeSession(s); !e.empty()) {
        r.active = false;
        if (!s.requests.recording) setPacing(s, s.inputs.basePacing);
        s.panel.message = "cannot record the session: " + e;
        std::fprintf(stderr, "pbd-sandbox: %s\n", s.panel.message.c_str());
        return e;
    }
    s.panel.message = "recording the session into " + path + " (F8 stops)";
    std::fprintf(stderr, "pbd-sandbox: %s\n", s.panel.message.c_str());
    return {};
}

std::string stopSessionRecording(Sandbox& s) {
    SessionRecording& r = s.inputs.session;
    if (!r.active) return {};
    r.active = false;
    // An F9 video keeps lockstep on; the run's pacing returns when it stops.
    if (!s.requests.recording) setPacing(s, s.inputs.basePacing);
    const std::string error = writeSession(s);
    s.panel.message = error.empty() ? "session written to " + r.path + " (" +
                                          std::to_string(r.script.events.size()) + " events)"
                                    : "cannot write the session: " + error;
    std::fprintf(stderr, "pbd-sandbox: %s\n", s.panel.message.c_str());
    return error;
}

void toggleSessionRecording(Sandbox& s) {
    if (s.inputs.session.active) {
        stopSessionRecording(s);
        return;
    }
    char name[32];
    std::snprintf(name, sizeof name, "session-%03d.json", s.inputs.session.count++);
    startSessionRecording(s, name, true);
}

}  // namespace app::gui
