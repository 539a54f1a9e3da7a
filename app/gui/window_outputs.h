#pragma once
// The files a window run writes besides --stats: screenshots (F12, --screenshot) and the
// video (F9, --record). A requested file that could not be written is reported at once and
// makes the run exit non-zero at the end. Recording switches the simulation to lockstep, so
// the video has one frame per simulated 1/60 s, none dropped or repeated.
#include <cstdint>
#include <string>
#include <vector>

#include "app/gui/recorder.h"
#include "app/gui/sandbox.h"

namespace app::gui {

class WindowOutputs {
  public:
    WindowOutputs(const Options& options, Pacing pacing) : options_(options), pacing_(pacing) {}

    // Starts recording to `path` at framebuffer size w x h; false (message set) on error.
    bool startRecording(Sandbox& s, const std::string& path, int w, int h);
    // After the scene is drawn, before the panels: sends the frame to the video once per
    // displayed frame of simulation (1/60 s of simulated time; none while paused).
    void recordFrame(Sandbox& s, int w, int h);
    // After the panels: F12 and --screenshot (the last frame of a --frames run), F9.
    void afterFrame(Sandbox& s, int frame, int w, int h);
    // Stops the recording; returns the exit status so far (1 if any output failed).
    int finish();

  private:
    void report(Sandbox& s, const std::string& error);

    Options options_;
    Pacing pacing_;  // the pacing to return to when an F9 recording stops
    VideoRecorder recorder_;
    std::vector<uint8_t> pixels_;
    long recordedTick_ = 0;  // the last simulated frame (Snapshot::tick) in the video
    int screenshots_ = 0, recordings_ = 0;
    bool failed_ = false;
};

}  // namespace app::gui
