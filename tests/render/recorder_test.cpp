// Issue 20: ffmpeg gets an argument vector with a fragmented-MP4 muxer and a keyframe at
// least every second, and an output path that cannot be read as an option.
#include "app/gui/recorder.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace app::gui;

namespace {
std::string after(const std::vector<std::string>& args, const std::string& flag) {
    const auto it = std::find(args.begin(), args.end(), flag);
    return it == args.end() || it + 1 == args.end() ? "" : *(it + 1);
}
}  // namespace

TEST(Recorder, FfmpegArgumentsAreFragmentedWithFrequentKeyframes) {
    const std::vector<std::string> args = ffmpegArguments("-version", 1280, 720, 60);
    EXPECT_EQ(args.front(), "ffmpeg");
    EXPECT_EQ(args.back(), "./-version");  // a file, not ffmpeg's -version option
    EXPECT_EQ(after(args, "-movflags"), "frag_keyframe+empty_moov+default_base_moof");
    EXPECT_LE(std::stol(after(args, "-frag_duration")), 200000);  // fragments of a few frames
    const int gop = std::stoi(after(args, "-g"));
    EXPECT_GE(gop, 1);
    EXPECT_LE(gop, 60);  // a keyframe at least every second at 60 fps
    EXPECT_EQ(after(args, "-keyint_min"), after(args, "-g"));
    EXPECT_EQ(after(args, "-s"), "1280x720");
    EXPECT_EQ(ffmpegArguments("/tmp/a b;rm x.mp4", 64, 64, 60).back(), "/tmp/a b;rm x.mp4");
}
