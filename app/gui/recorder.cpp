#include "app/gui/recorder.h"

#include <epoxy/gl.h>
#include <stb_image_write.h>

#include <csignal>
#include <cstdlib>

namespace app::gui {

void readFramebuffer(int width, int height, std::vector<uint8_t>& rgb) {
    rgb.resize(static_cast<size_t>(width) * height * 3);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
}

std::string savePng(const std::string& path, int width, int height, const std::vector<uint8_t>& rgb) {
    stbi_flip_vertically_on_write(1);
    if (!stbi_write_png(path.c_str(), width, height, 3, rgb.data(), width * 3))
        return "cannot write screenshot " + path;
    return {};
}

namespace {

// The path in single quotes for /bin/sh.
std::string shellQuote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace

std::string VideoRecorder::start(const std::string& path, int width, int height, int fps) {
    stop();
    if (std::system("command -v ffmpeg >/dev/null 2>&1") != 0)
        return "cannot record " + path + ": the ffmpeg program is not installed (Debian package "
               "ffmpeg; scripts/setup installs it)";
    // A closed pipe must give an error from fwrite, not kill the program.
    std::signal(SIGPIPE, SIG_IGN);
    const std::string cmd =
        "ffmpeg -loglevel error -y -f rawvideo -pix_fmt rgb24 -s " + std::to_string(width) + "x" +
        std::to_string(height) + " -r " + std::to_string(fps) +
        " -i - -vf 'vflip,crop=trunc(iw/2)*2:trunc(ih/2)*2' -c:v libx264 -preset veryfast "
        "-crf 20 -pix_fmt yuv420p -movflags +faststart " + shellQuote(path);
    pipe_ = popen(cmd.c_str(), "w");
    if (!pipe_) return "cannot start ffmpeg to record " + path;
    width_ = width;
    height_ = height;
    frames_ = 0;
    path_ = path;
    return {};
}

std::string VideoRecorder::addFrame(int width, int height, const std::vector<uint8_t>& rgb) {
    if (!pipe_) return {};
    if (width != width_ || height != height_) {
        stop();
        return "recording stopped: the window changed size from " + std::to_string(width_) + "x" +
               std::to_string(height_) + " (a video keeps one size)";
    }
    if (std::fwrite(rgb.data(), 1, rgb.size(), pipe_) != rgb.size()) {
        std::string error = "recording " + path_ + " failed: ffmpeg stopped reading";
        stop();
        return error;
    }
    ++frames_;
    return {};
}

std::string VideoRecorder::stop() {
    if (!pipe_) return {};
    const int status = pclose(pipe_);
    pipe_ = nullptr;
    if (status != 0) return "ffmpeg failed writing " + path_ + " (exit status " + std::to_string(status) + ")";
    return {};
}

}  // namespace app::gui
