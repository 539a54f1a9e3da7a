// FrameCostWatch (sim/core/frame_cost.h): silent over the first frames and over frames near
// their median; one warning for a frame past ten times it (and past the floor), naming the
// frame, the cost and the self contacts; again only past twice the cost last warned about.
#include "sim/core/frame_cost.h"

#include <gtest/gtest.h>

using namespace sim;

TEST(FrameCostWatch, WarnsOnceForADearFrameAndAgainOnlyWhenItDoubles) {
    FrameCostWatch watch;
    long frame = 0;
    const auto step = [&](double ms, size_t contacts = 50) {
        return watch.update(++frame, ms, contacts, 1089, 1.0 / 120);
    };
    // The first frames set the usual cost, their median (one dear set-up frame included).
    EXPECT_EQ(step(400), "");
    for (int k = 1; k < FrameCostWatch::kReferenceFrames; ++k) EXPECT_EQ(step(15), "");
    EXPECT_EQ(step(140), "");  // under ten times 15 ms
    EXPECT_EQ(step(149), "");
    const std::string w = step(600, 90000);
    EXPECT_NE(w.find("frame 13 cost 600 ms, 40x the 15.0 ms of this run's first frames"),
              std::string::npos)
        << w;
    EXPECT_NE(w.find("90000 self contacts, 50 then"), std::string::npos) << w;
    EXPECT_NE(w.find("self contacts piled up"), std::string::npos) << w;
    EXPECT_EQ(step(1100), "");  // not yet twice 600 ms
    EXPECT_NE(step(1300), "");
    watch.reset();
    frame = 0;
    for (int k = 0; k < FrameCostWatch::kReferenceFrames; ++k) EXPECT_EQ(step(2), "");
    EXPECT_EQ(step(90), "");  // ten times a cheap frame, but under the floor
    const std::string plain = step(150);
    EXPECT_NE(plain.find("75x"), std::string::npos) << plain;
    EXPECT_EQ(plain.find("piled up"), std::string::npos) << plain;
}
