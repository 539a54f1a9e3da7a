#include "app/gui/session_recording.h"

#include <cstdio>

#include "app/gui/sandbox.h"

namespace app::gui {

namespace {

std::string writeSession(Sandbox& s) {
    SessionRecording& r = s.session;
    const std::string description =
        "a session recorded by pbd-sandbox: replay with pbd-sandbox --scene " + s.view.sceneName +
        " --input " + r.path + " (and the setting flags it was recorded with)";
    r.written = std::chrono::steady_clock::now();
    r.writtenEvents = r.script.events.size();
    return writeInputScript(r.path, r.script, description, s.view.sceneName);
}

}  // namespace

void recordInput(Sandbox& s, ScriptEvent event) {
    SessionRecording& r = s.session;
    if (!r.active) return;
    event.frame = s.inputFrame - r.startFrame;
    r.script.events.push_back(std::move(event));
    const std::chrono::duration<double> since = std::chrono::steady_clock::now() - r.written;
    if (since.count() >= kSessionWriteSeconds) writeSession(s);  // stop() reports errors
}

std::string startSessionRecording(Sandbox& s, const std::string& path, bool reset) {
    SessionRecording& r = s.session;
    r.active = true;
    r.path = path;
    r.startFrame = s.inputFrame;
    r.script = ScriptFile{};
    r.script.width = s.windowWidth;
    r.script.height = s.windowHeight;
    // Frame k of the file must be simulated frame k: no frame may be skipped or doubled.
    if (s.sim) s.sim->setPacing(Pacing::Lockstep);
    if (reset) {
        // The replay starts from the scene as loaded, with the camera framing it.
        requestLoad(s, s.view.sceneName, s.view.resolution);
        s.camera = render::OrbitCamera{};
        s.follow = true;
        s.framedRadius = 1;
        s.framedDistance = s.camera.distance;
    }
    // The tool is window state a fresh replay starts without.
    if (s.tool == Tool::Knife) {
        ScriptEvent knife;
        knife.type = ScriptEvent::Type::Key;
        knife.key = keyFromName("k");
        recordInput(s, knife);
    }
    // The file exists from the start, as the other outputs do.
    if (std::string e = writeSession(s); !e.empty()) {
        r.active = false;
        if (!s.recording && s.sim) s.sim->setPacing(s.basePacing);
        s.message = "cannot record the session: " + e;
        std::fprintf(stderr, "pbd-sandbox: %s\n", s.message.c_str());
        return e;
    }
    s.message = "recording the session into " + path + " (F8 stops)";
    std::fprintf(stderr, "pbd-sandbox: %s\n", s.message.c_str());
    return {};
}

std::string stopSessionRecording(Sandbox& s) {
    SessionRecording& r = s.session;
    if (!r.active) return {};
    r.active = false;
    // An F9 video keeps lockstep on; the run's pacing returns when it stops.
    if (!s.recording && s.sim) s.sim->setPacing(s.basePacing);
    const std::string error = writeSession(s);
    s.message = error.empty() ? "session written to " + r.path + " (" +
                                    std::to_string(r.script.events.size()) + " events)"
                              : "cannot write the session: " + error;
    std::fprintf(stderr, "pbd-sandbox: %s\n", s.message.c_str());
    return error;
}

void toggleSessionRecording(Sandbox& s) {
    if (s.session.active) {
        stopSessionRecording(s);
        return;
    }
    char name[32];
    std::snprintf(name, sizeof name, "session-%03d.json", s.session.count++);
    startSessionRecording(s, name, true);
}

}  // namespace app::gui
