#pragma once
// The simulation's own thread (DESIGN "Threads"): it owns the SimSession and its world,
// applies the queued commands between steps in the order they were pushed, advances one
// displayed frame of simulated time at a time and publishes a Snapshot after each. The
// window takes the newest snapshot whenever it draws, so camera, panels and keys answer at
// the display rate however long a step takes. Snapshots pass through three buffers (the
// thread fills one, one waits, the window reads one) swapped under a mutex: nobody reads
// what the other writes.
//
// Pacing. RealTime: frames run as the wall clock allows, never ahead of it; behind it, the
// Stats panel shows the ratio ("0.3x real time"). Lockstep: a frame runs only when the
// window asks (runFrame) and the window waits for it, so display frame k shows simulated
// frame k: --frames, --input and recordings are deterministic, with the commands of
// display frame k applied before simulated frame k and one video frame per simulated
// 1/60 s.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/gui/sim_session.h"

namespace app::gui {

enum class Pacing { RealTime, Lockstep };

class SimThread {
  public:
    SimThread(const Options& options, Pacing pacing);
    ~SimThread();  // stops after the step in progress
    SimThread(const SimThread&) = delete;
    SimThread& operator=(const SimThread&) = delete;

    // Loads the first scene, opens --stats (if statsPath is not empty), publishes the
    // first snapshot and starts the thread. Returns an error or empty.
    std::string start(const std::string& statsPath);

    // Queues an edit; returns its sequence number (Snapshot::appliedSeq reaches it once
    // applied).
    uint64_t push(Command command);
    // Lockstep: applies what was pushed, runs one displayed frame and waits until its
    // snapshot is published. RealTime: does nothing.
    void runFrame() { waitFrame(requestFrame()); }
    // runFrame in two halves, so that several threads (compare mode) run their frames at
    // once: the request returns at once with what to wait for.
    long requestFrame();
    void waitFrame(long request);
    void setPacing(Pacing pacing);
    Pacing pacing() const;

    // Swaps the newest published snapshot into `front`; false when there is none newer.
    bool latest(Snapshot& front);
    void setUiStatus(const UiStatus& status);
    void setPublishOptions(const PublishOptions& options);

    std::vector<AppliedCommand> editLog() const;
    // Whether a step failed during the run (the window exits non-zero after --frames).
    bool failed() const;
    // Wall-clock ms the simulation has spent stepping in all.
    double simulationMs() const;
    // How long the frame being simulated now has run [ms], 0 when the thread is idle.
    double runningMs() const;

  private:
    void loop();
    // Applies the queued commands (the lock is released while they run); false if none.
    bool applyQueued(std::unique_lock<std::mutex>& lock);
    void runOne(
        std::unique_lock<std::mutex>& lock);  // one frame; the lock is held on entry and exit
    void publish();                           // fills back_ and swaps it with middle_

    SimSession session_;
    mutable std::mutex mutex_;
    std::condition_variable wake_, done_;
    std::thread thread_;
    Pacing pacing_;
    bool stop_ = false;
    std::deque<std::pair<uint64_t, Command>> queue_;
    uint64_t pushed_ = 0;
    long requested_ = 0, completed_ = 0;  // lockstep frames asked for and done
    Snapshot back_, middle_;
    bool fresh_ = false;
    UiStatus ui_;
    PublishOptions publishOptions_;
    double simulationMs_ = 0;
    std::optional<std::chrono::steady_clock::time_point> runningSince_;
    std::vector<AppliedCommand> log_;  // the session's log, copied under the lock
    bool failed_ = false;
    // Real-time pacing: frames run since `epoch_`; the last second of frames for the ratio.
    std::chrono::steady_clock::time_point epoch_;
    long framesSinceEpoch_ = 0;
    std::deque<std::pair<std::chrono::steady_clock::time_point, double>>
        recent_;  // wall, simulated time
};

}  // namespace app::gui
