#include "app/gui/window_outputs.h"

#include <cstdio>

namespace app::gui {

void WindowOutputs::report(Sandbox& s, const std::string& error) {
    failed_ = true;
    s.panel.message = error;
    std::fprintf(stderr, "pbd-sandbox: %s\n", error.c_str());
}

bool WindowOutputs::startRecording(Sandbox& s, const std::string& path, int w, int h) {
    const std::string e =
        recorder_.start(path, w, h, static_cast<int>(1.0 / kDisplayFrameSeconds + 0.5));
    if (!e.empty()) {
        report(s, e);
        return false;
    }
    setPacing(s, Pacing::Lockstep);
    s.requests.recording = true;
    recordedTick_ = s.view.tick;
    return true;
}

void WindowOutputs::recordFrame(Sandbox& s, int w, int h) {
    if (!recorder_.active()) return;  // the video shows the scene, not the panels
    const Snapshot& v = s.view;
    if (v.tick == recordedTick_ || (v.paused && v.stats.steps == 0)) return;
    recordedTick_ = v.tick;
    readFramebuffer(w, h, pixels_);
    if (std::string e = recorder_.addFrame(w, h, pixels_); !e.empty()) report(s, e);
    s.requests.recordedFrames = recorder_.frames();
    s.requests.recording = recorder_.active();
}

void WindowOutputs::afterFrame(Sandbox& s, int frame, int w, int h) {
    // F12 writes a numbered PNG; --screenshot writes the last frame of a --frames run.
    // Both show the window as it is, panels included.
    std::vector<std::string> shots;
    if (s.requests.screenshot) {
        char name[64];
        std::snprintf(name, sizeof name, "screenshot-%03d.png", screenshots_++);
        shots.push_back(name);
        s.requests.screenshot = false;
    }
    if (options_.frames > 0 && frame + 1 == options_.frames && !options_.screenshotPath.empty())
        shots.push_back(options_.screenshotPath);
    if (!shots.empty()) readFramebuffer(w, h, pixels_);
    for (const std::string& path : shots) {
        if (std::string e = savePng(path, w, h, pixels_); !e.empty()) {
            report(s, e);
        } else {
            s.panel.message = "saved " + path;
            std::fprintf(stderr, "pbd-sandbox: %s\n", s.panel.message.c_str());
        }
    }
    if (!s.requests.recordToggle) return;
    s.requests.recordToggle = false;
    if (recorder_.active()) {
        const std::string path = recorder_.path();
        if (std::string e = recorder_.stop(); !e.empty())
            report(s, e);
        else
            s.panel.message = "recorded " + path;
        s.requests.recording = false;
        if (s.sim && !s.inputs.session.active) setPacing(s, pacing_);  // a session keeps lockstep
    } else {
        // F9 recordings are numbered, so none overwrites an earlier one.
        char name[64];
        std::snprintf(name, sizeof name, "recording-%03d.mp4", recordings_++);
        startRecording(s, name, w, h);
    }
}

int WindowOutputs::finish() {
    if (recorder_.active()) {
        const int frames = recorder_.frames();
        const std::string path = recorder_.path();
        if (std::string e = recorder_.stop(); !e.empty()) {
            failed_ = true;
            std::fprintf(stderr, "pbd-sandbox: %s\n", e.c_str());
        } else {
            std::printf("recorded %d frames (%.2f s of video at %d fps) to %s\n", frames,
                        frames * kDisplayFrameSeconds, int(1.0 / kDisplayFrameSeconds + 0.5),
                        path.c_str());
        }
    }
    return failed_ ? 1 : 0;
}

}  // namespace app::gui
