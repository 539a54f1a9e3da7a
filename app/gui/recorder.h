#pragma once
// Screenshots (PNG through stb_image_write from libstb-dev) and video recording: frames are
// piped as raw RGB to the ffmpeg program (started from an argument vector, no shell:
// sim/io/subprocess.h), which encodes H.264 (libx264, yuv420p) at a fixed frame rate. Each
// recorded frame is one displayed frame of kDisplayFrameSeconds of simulated time, so the
// video plays at real speed however slow the machine.
//
// Files that survive a kill: the MP4 is fragmented (a moov box up front, then a fragment every
// kFragmentSeconds of video and at each keyframe, with -tune zerolatency so the encoder holds
// no frames back). Killing the whole process group mid-recording leaves a file every player
// reads up to the last complete fragment: a fragment is a handful of frames, so what is lost
// stays well under a second of wall time even when the window runs far below the video's
// frame rate. Keyframes (every kKeyframeSeconds) only bound seeking. Screenshots are written
// atomically (sim/io/atomic_file.h). With PBD_RECORD_TRACE set, each frame handed to ffmpeg
// is logged on stderr (the kill test counts them).
#include <cstdint>
#include <string>
#include <vector>

#include "sim/io/subprocess.h"

namespace app::gui {

inline constexpr double kKeyframeSeconds = 0.5;
inline constexpr double kFragmentSeconds = 0.1;

// Reads the current GL back buffer as RGB rows, bottom row first (GL's order).
void readFramebuffer(int width, int height, std::vector<uint8_t>& rgb);

// Writes rgb (bottom row first) as a PNG; returns an error naming the file, or empty.
std::string savePng(const std::string& path, int width, int height,
                    const std::vector<uint8_t>& rgb);

// The ffmpeg command line for a recording (a path starting with '-' gets "./").
std::vector<std::string> ffmpegArguments(const std::string& path, int width, int height, int fps);

class VideoRecorder {
  public:
    ~VideoRecorder() { stop(); }
    // Starts ffmpeg; returns an error (ffmpeg missing, cannot start) or empty.
    std::string start(const std::string& path, int width, int height, int fps);
    // Sends one frame (bottom row first); returns an error if ffmpeg stopped reading.
    std::string addFrame(int width, int height, const std::vector<uint8_t>& rgb);
    // Closes the pipe and waits for ffmpeg; returns its error, or empty.
    std::string stop();
    bool active() const { return ffmpeg_.running(); }
    int frames() const { return frames_; }
    const std::string& path() const { return path_; }

  private:
    sim::PipedProcess ffmpeg_;
    int width_ = 0, height_ = 0, frames_ = 0;
    bool trace_ = false;
    std::string path_, log_;
};

}  // namespace app::gui
