#pragma once
// Screenshots (PNG through stb_image_write from libstb-dev) and video recording: frames are
// piped as raw RGB to the ffmpeg program, which encodes H.264 (libx264, yuv420p) MP4 at a
// fixed frame rate. Each recorded frame is one displayed frame of kDisplayFrameSeconds of
// simulated time, so the video plays at real speed however slow the machine.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace app::gui {

// Reads the current GL back buffer as RGB rows, bottom row first (GL's order).
void readFramebuffer(int width, int height, std::vector<uint8_t>& rgb);

// Writes rgb (bottom row first) as a PNG; returns an error naming the file, or empty.
std::string savePng(const std::string& path, int width, int height, const std::vector<uint8_t>& rgb);

class VideoRecorder {
public:
    ~VideoRecorder() { stop(); }
    // Starts ffmpeg; returns an error (ffmpeg missing, odd size, cannot start) or empty.
    std::string start(const std::string& path, int width, int height, int fps);
    // Sends one frame (bottom row first); returns an error if ffmpeg stopped reading.
    std::string addFrame(int width, int height, const std::vector<uint8_t>& rgb);
    // Closes the pipe and waits for ffmpeg; returns its error, or empty.
    std::string stop();
    bool active() const { return pipe_ != nullptr; }
    int frames() const { return frames_; }
    const std::string& path() const { return path_; }

private:
    FILE* pipe_ = nullptr;
    int width_ = 0, height_ = 0, frames_ = 0;
    std::string path_;
};

}  // namespace app::gui
