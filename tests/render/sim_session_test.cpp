// The simulation side of the window without a window (app/gui/sim_session.h,
// sim_thread.h): a step that goes non-finite is undone and pauses with a message naming
// the stage and the setting to change; edits picked in an older scene are dropped; the
// real-time thread keeps publishing while paused edits arrive; a frame of several steps
// reports the sum of their times.
#include "app/gui/sim_session.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

#include "app/gui/sim_thread.h"
#include "app/gui/stability_hint.h"

using namespace app::gui;

namespace {

bool allFinite(const sim::World& w) {
    for (int i = 0; i < w.particles.size(); ++i)
        if (!w.particles.x[i].allFinite() || !w.particles.v[i].allFinite()) return false;
    return true;
}

app::Options curtain(double dt) {
    app::Options o;
    o.scene = "curtain";
    o.sceneParams.resolution = 16;
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", dt);
    o.settings.set("dt", text);
    // One substep, as when this was written: at the scene's 2 substeps dt 1.0 stays finite.
    o.settings.set("substeps", "1");
    o.settings.set("iterations", "10");
    return o;
}

}  // namespace

TEST(SimSession, NonFiniteStepPausesOnTheLastFiniteState) {
    SimSession session(curtain(1.0));
    ASSERT_EQ(session.start(), "");
    int frames = 0;
    for (; frames < 600 && !session.failed(); ++frames) session.advanceFrame();  // one step per 60
    ASSERT_TRUE(session.failed()) << "curtain at dt 1.0 stayed finite for 10 steps";
    EXPECT_TRUE(session.paused());
    EXPECT_TRUE(allFinite(session.world()));
    Snapshot snap;
    session.publish({}, snap);
    EXPECT_NE(snap.failure.find("non-finite"), std::string::npos) << snap.failure;
    EXPECT_NE(snap.failure.find("stage '"), std::string::npos) << snap.failure;
    EXPECT_NE(snap.failure.find("substeps"), std::string::npos) << snap.failure;  // what to change
    EXPECT_TRUE(snap.paused);
    // Paused: further frames keep the finite state.
    const std::vector<sim::Vec3> x = session.world().particles.x;
    session.advanceFrame();
    EXPECT_EQ(session.world().particles.x, x);
}

TEST(SimSession, DefaultStepStaysFiniteAndUnflagged) {
    SimSession session(curtain(1.0 / 60));
    ASSERT_EQ(session.start(), "");
    for (int f = 0; f < 30; ++f) session.advanceFrame();
    EXPECT_FALSE(session.failed());
    EXPECT_EQ(stabilityWarning(session.world().settings), "");
    sim::Settings s = session.world().settings;
    s.frameDt = 1.0;
    EXPECT_NE(stabilityWarning(s).find("blow up"), std::string::npos);
    s.substeps = 60;  // the same dt in 1/60 s substeps is fine
    EXPECT_EQ(stabilityWarning(s), "");
}

TEST(SimSession, EditsFromAnOlderSceneAreDropped) {
    app::Options o;
    o.sceneParams.resolution = 8;
    SimSession session(o);
    ASSERT_EQ(session.start(), "");
    Snapshot snap;
    session.publish({}, snap);
    session.apply(LoadScene{"hanging_cloth", 8}, 1);  // a reset: generation + 1
    session.apply(BeginGrab{snap.generation, 5, sim::Vec3::Zero()}, 2);
    session.apply(SetPin{snap.generation, 5, true}, 3);
    EXPECT_FALSE(session.world().grab());
    EXPECT_FALSE(session.world().particles.pinned[5]);
    ASSERT_EQ(session.log().size(), 1u);  // only the reset was applied
    session.publish({}, snap);
    session.apply(SetPin{snap.generation, 5, true}, 4);
    EXPECT_TRUE(session.world().particles.pinned[5]);
    EXPECT_EQ(snap.appliedSeq, 3u);
}

TEST(SimSession, AFrameOfSeveralStepsReportsTheirSum) {
    app::Options o = curtain(1.0 / 240);  // four steps per displayed frame
    SimSession session(o);
    ASSERT_EQ(session.start(), "");
    ASSERT_EQ(session.advanceFrame(), 4);
    Snapshot snap;
    session.publish({}, snap);
    EXPECT_EQ(snap.stats.steps, 4);
    const sim::Profile& p = snap.stats.profile;
    // The frame's total covers every stage of all four steps.
    EXPECT_GE(p.total, p[sim::Stage::Solve] + p[sim::Stage::Contacts]);
    EXPECT_EQ(session.world().profile.total, p.total);
    EXPECT_NEAR(snap.time, 4.0 / 240, 1e-12);
}

TEST(SimThread, RealTimePublishesEditsWhilePaused) {
    app::Options o;
    o.sceneParams.resolution = 8;
    SimThread sim(o, Pacing::RealTime);
    ASSERT_EQ(sim.start(""), "");
    const uint64_t pause = sim.push(SetPaused{true});
    Snapshot snap;
    auto waitFor = [&](uint64_t seq) {
        for (int k = 0; k < 500; ++k) {
            sim.latest(snap);
            if (snap.appliedSeq >= seq) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    };
    ASSERT_TRUE(waitFor(pause));
    EXPECT_TRUE(snap.paused);
    const uint64_t pin = sim.push(SetPin{snap.generation, 40, true});
    ASSERT_TRUE(waitFor(pin));
    EXPECT_TRUE(snap.pinned[40]);
}

// Issue 17: Ctrl+Z (the Undo command) goes back to before the last pin, then the step's
// motion since stays undone too: the state is the one before the pin, frame included.
TEST(SimSession, UndoGoesBackToBeforeThePin) {
    app::Options o;
    o.sceneParams.resolution = 8;
    SimSession session(o);
    ASSERT_EQ(session.start(), "");
    session.advanceFrame();
    Snapshot snap;
    session.publish({}, snap);
    const std::vector<sim::Vec3> before = session.world().particles.x;
    const long frame = session.world().frame();
    session.apply(SetPin{snap.generation, 5, true}, 1);
    session.advanceFrame();
    EXPECT_TRUE(session.world().particles.pinned[5]);
    session.apply(Undo{}, 2);
    EXPECT_FALSE(session.world().particles.pinned[5]);
    EXPECT_EQ(session.world().frame(), frame);
    EXPECT_EQ(session.world().particles.x, before);
    session.apply(Undo{}, 3);  // nothing left: refused, not logged
    EXPECT_EQ(session.log().size(), 2u);
}

// The Scene panel's Clear pins releases every pin in one command, and one Ctrl+Z brings them
// all back; with no pin left it is refused, not logged.
TEST(SimSession, ClearPinsReleasesEveryPinAndOneUndoRestoresThem) {
    app::Options o;
    o.sceneParams.resolution = 8;
    SimSession session(o);
    ASSERT_EQ(session.start(), "");
    Snapshot snap;
    session.publish({}, snap);
    session.apply(SetPin{snap.generation, 5, true}, 1);
    const std::vector<uint8_t> pinned = session.world().particles.pinned;
    ASSERT_GE(std::count(pinned.begin(), pinned.end(), 1), 3);  // the scene's corners and 5
    session.apply(ClearPins{snap.generation}, 2);
    const std::vector<uint8_t>& now = session.world().particles.pinned;
    EXPECT_EQ(std::count(now.begin(), now.end(), 1), 0);
    EXPECT_GT(session.world().particles.w[5], 0);
    session.apply(ClearPins{snap.generation}, 3);
    EXPECT_EQ(session.log().size(), 2u);
    session.apply(Undo{}, 4);
    EXPECT_EQ(session.world().particles.pinned, pinned);
    // The hand's particle is not one of the pins: Clear pins while holding keeps the hold.
    session.apply(BeginGrab{snap.generation, 7, sim::Vec3::Zero()}, 5);
    session.apply(ClearPins{snap.generation}, 6);
    ASSERT_TRUE(session.world().grab());
    EXPECT_EQ(session.world().grab()->particle, 7);
    session.apply(EndGrab{}, 7);
    const std::vector<uint8_t>& after = session.world().particles.pinned;
    EXPECT_EQ(std::count(after.begin(), after.end(), 1), 0);
}
