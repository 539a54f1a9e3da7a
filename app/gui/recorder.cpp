#include "app/gui/recorder.h"

#include <epoxy/gl.h>
#include <stb_image_write.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "sim/io/atomic_file.h"
#include "sim/io/text_scan.h"

namespace app::gui {

void readFramebuffer(int width, int height, std::vector<uint8_t>& rgb) {
    rgb.resize(static_cast<size_t>(width) * height * 3);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
}

std::string savePng(const std::string& path, int width, int height,
                    const std::vector<uint8_t>& rgb) {
    stbi_flip_vertically_on_write(1);
    std::string png;
    const auto append = [](void* out, void* data, int size) {
        static_cast<std::string*>(out)->append(static_cast<const char*>(data), size_t(size));
    };
    if (!stbi_write_png_to_func(append, &png, width, height, 3, rgb.data(), width * 3))
        return "cannot write screenshot " + path + ": the image could not be encoded";
    return sim::writeFileAtomically(path, png);
}

std::vector<std::string> ffmpegArguments(const std::string& path, int width, int height, int fps) {
    const std::string gop =
        std::to_string(std::max(1, static_cast<int>(fps * kKeyframeSeconds + 0.5)));
    return {"ffmpeg",
            "-nostdin",
            "-loglevel",
            "error",
            "-y",
            "-f",
            "rawvideo",
            "-pix_fmt",
            "rgb24",
            "-s",
            std::to_string(width) + "x" + std::to_string(height),
            "-r",
            std::to_string(fps),
            "-i",
            "pipe:0",
            "-vf",
            "vflip,crop=trunc(iw/2)*2:trunc(ih/2)*2",
            "-c:v",
            "libx264",
            "-preset",
            "veryfast",
            "-tune",
            "zerolatency",
            "-crf",
            "20",
            "-pix_fmt",
            "yuv420p",
            "-g",
            gop,
            "-keyint_min",
            gop,
            "-sc_threshold",
            "0",
            "-movflags",
            "frag_keyframe+empty_moov+default_base_moof",
            "-frag_duration",
            std::to_string(static_cast<long>(kFragmentSeconds * 1e6)),
            "-flush_packets",  // each fragment reaches the file when made, not a buffer later
            "1",
            "-f",
            "mp4",
            sim::pathArgument(path)};
}

std::string VideoRecorder::start(const std::string& path, int width, int height, int fps) {
    stop();
    // The video and ffmpeg's log go into the video's folder: name it when it is not there
    // (ffmpeg's own start would fail on the log first and blame itself).
    {
        std::error_code ec;
        const std::filesystem::path folder = std::filesystem::path(path).parent_path().empty()
                                                 ? std::filesystem::path(".")
                                                 : std::filesystem::path(path).parent_path();
        if (!std::filesystem::is_directory(folder, ec))
            return "cannot record " + path + ": the folder " + folder.string() +
                   (std::filesystem::exists(folder, ec) ? " is not a folder" : " does not exist");
    }
    if (sim::findProgram("ffmpeg").empty())
        return "cannot record " + path +
               ": the ffmpeg program is not installed (Debian package "
               "ffmpeg; scripts/setup installs it)";
    // ffmpeg's messages go to a log beside the video, shown if it fails.
    if (std::string e = sim::reserveTemporaryFor(path + ".log", log_); !e.empty())
        return "cannot record " + path + ": " + e;
    if (std::string e = ffmpeg_.start(ffmpegArguments(path, width, height, fps), log_);
        !e.empty()) {
        std::remove(log_.c_str());
        return "cannot start ffmpeg to record " + path + ": " + e;
    }
    width_ = width;
    height_ = height;
    frames_ = 0;
    path_ = path;
    trace_ = std::getenv("PBD_RECORD_TRACE") != nullptr;
    return {};
}

std::string VideoRecorder::addFrame(int width, int height, const std::vector<uint8_t>& rgb) {
    if (!active()) return {};
    if (width != width_ || height != height_) {
        stop();
        return "recording stopped: the window changed size from " + std::to_string(width_) + "x" +
               std::to_string(height_) + " (a video keeps one size)";
    }
    if (!ffmpeg_.write(rgb.data(), rgb.size())) {
        std::string error = "recording " + path_ + " failed: ffmpeg stopped reading";
        if (std::string e = stop(); !e.empty()) error += " (" + e + ")";
        return error;
    }
    ++frames_;
    if (trace_) std::fprintf(stderr, "pbd-sandbox: recorded frame %d\n", frames_);
    return {};
}

std::string VideoRecorder::stop() {
    if (!active()) return {};
    // Encoding the frames still in the pipe takes a moment; a stuck ffmpeg is killed.
    const sim::ProcessResult r = ffmpeg_.finish(60.0);
    std::string log;
    sim::readTextFile(log_, log, 1 << 20);
    std::remove(log_.c_str());
    if (r.ok()) return {};
    // A video whose encoder failed (a full disk, a killed ffmpeg) is cut short at an unknown
    // point: nothing partial stays under the name the person asked for.
    std::error_code ec;
    const bool removed = std::filesystem::remove(path_, ec);
    while (!log.empty() && (log.back() == '\n' || log.back() == ' ')) log.pop_back();
    return "ffmpeg failed writing " + path_ + " (" + r.describe(60.0) + ")" +
           (log.empty() ? "" : ": " + log) + (removed ? "; the partial video was removed" : "");
}

}  // namespace app::gui
