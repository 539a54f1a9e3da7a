#include "app/gui/sim_thread.h"

#include <chrono>

namespace app::gui {

namespace {

using Clock = std::chrono::steady_clock;
const auto kFramePeriod = std::chrono::duration_cast<Clock::duration>(
    std::chrono::duration<double>(kDisplayFrameSeconds));
// Further behind the wall clock than this, real-time pacing stops trying to catch up.
const auto kMaxLag = std::chrono::milliseconds(250);

}  // namespace

SimThread::SimThread(const Options& options, Pacing pacing) : session_(options), pacing_(pacing) {}

SimThread::~SimThread() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

std::string SimThread::start(const std::string& statsPath) {
    if (std::string e = session_.start(); !e.empty()) return e;
    if (!statsPath.empty())
        if (std::string e = session_.openStats(statsPath); !e.empty()) return e;
    publish();
    epoch_ = Clock::now();
    thread_ = std::thread([this] { loop(); });
    return {};
}

uint64_t SimThread::push(Command command) {
    uint64_t seq;
    {
        std::lock_guard lock(mutex_);
        seq = ++pushed_;
        queue_.emplace_back(seq, std::move(command));
    }
    wake_.notify_all();
    return seq;
}

long SimThread::requestFrame() {
    std::lock_guard lock(mutex_);
    if (pacing_ != Pacing::Lockstep) return 0;
    const long want = ++requested_;
    wake_.notify_all();
    return want;
}

void SimThread::waitFrame(long want) {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return completed_ >= want || stop_ || pacing_ != Pacing::Lockstep; });
}

void SimThread::setPacing(Pacing pacing) {
    {
        std::lock_guard lock(mutex_);
        if (pacing_ == pacing) return;
        pacing_ = pacing;
        requested_ = completed_;
        epoch_ = Clock::now();
        framesSinceEpoch_ = 0;
    }
    wake_.notify_all();
    done_.notify_all();
}

Pacing SimThread::pacing() const {
    std::lock_guard lock(mutex_);
    return pacing_;
}

bool SimThread::latest(Snapshot& front) {
    std::lock_guard lock(mutex_);
    if (!fresh_) return false;
    std::swap(front, middle_);
    fresh_ = false;
    return true;
}

void SimThread::setUiStatus(const UiStatus& status) {
    std::lock_guard lock(mutex_);
    ui_ = status;
}

void SimThread::setPublishOptions(const PublishOptions& options) {
    std::lock_guard lock(mutex_);
    publishOptions_ = options;
}

std::vector<AppliedCommand> SimThread::editLog() const {
    std::lock_guard lock(mutex_);
    return log_;
}

bool SimThread::failed() const {
    std::lock_guard lock(mutex_);
    return failed_;
}

double SimThread::simulationMs() const {
    std::lock_guard lock(mutex_);
    return simulationMs_;
}

double SimThread::runningMs() const {
    std::lock_guard lock(mutex_);
    if (!runningSince_) return 0;
    return std::chrono::duration<double, std::milli>(Clock::now() - *runningSince_).count();
}

void SimThread::publish() {
    PublishOptions options;
    {
        std::lock_guard lock(mutex_);
        options = publishOptions_;
    }
    session_.publish(options, back_);
    std::lock_guard lock(mutex_);
    std::swap(back_, middle_);
    fresh_ = true;
}

bool SimThread::applyQueued(std::unique_lock<std::mutex>& lock) {
    if (queue_.empty()) return false;
    std::deque<std::pair<uint64_t, Command>> batch;
    batch.swap(queue_);
    lock.unlock();
    const size_t logged = session_.log().size();
    for (auto& [seq, command] : batch) session_.apply(command, seq);
    lock.lock();
    log_.insert(log_.end(), session_.log().begin() + static_cast<long>(logged),
                session_.log().end());
    failed_ = session_.failed();
    return true;
}

void SimThread::runOne(std::unique_lock<std::mutex>& lock) {
    const auto t0 = Clock::now();
    runningSince_ = t0;
    lock.unlock();
    session_.advanceFrame();
    const auto t1 = Clock::now();
    // Simulated over wall-clock seconds across about the last second of frames. An undo, a
    // reset or a scene load sets the clock back: the window starts again there, so the ratio
    // never counts the jump (it read negative).
    if (!recent_.empty() && session_.world().time() < recent_.back().second) recent_.clear();
    recent_.emplace_back(t1, session_.world().time());
    while (recent_.size() > 2 && t1 - recent_.front().first > std::chrono::seconds(1))
        recent_.pop_front();
    if (recent_.size() >= 2) {
        const double wall =
            std::chrono::duration<double>(recent_.back().first - recent_.front().first).count();
        const double simulated = recent_.back().second - recent_.front().second;
        if (wall > 0 && !session_.paused()) session_.setRealTimeRatio(simulated / wall);
    }
    lock.lock();
    runningSince_.reset();
    simulationMs_ += std::chrono::duration<double, std::milli>(t1 - t0).count();
    failed_ = session_.failed();
    const UiStatus ui = ui_;
    lock.unlock();
    session_.writeStats(ui);
    publish();
    lock.lock();
}

void SimThread::loop() {
    std::unique_lock lock(mutex_);
    while (!stop_) {
        const bool applied = applyQueued(lock);
        if (stop_) break;
        if (pacing_ == Pacing::Lockstep) {
            if (requested_ > completed_) {
                runOne(lock);
                ++completed_;
                done_.notify_all();
                continue;
            }
            if (applied) {
                lock.unlock();
                publish();  // edits show at once (pins, grab) even before the next frame
                lock.lock();
                continue;
            }
            wake_.wait(lock, [&] {
                return stop_ || !queue_.empty() || requested_ > completed_ ||
                       pacing_ != Pacing::Lockstep;
            });
            continue;
        }
        if (session_.paused()) {
            if (applied) {
                lock.unlock();
                publish();
                lock.lock();
                continue;
            }
            epoch_ = Clock::now();
            framesSinceEpoch_ = 0;
            recent_.clear();
            wake_.wait(lock,
                       [&] { return stop_ || !queue_.empty() || pacing_ != Pacing::RealTime; });
            continue;
        }
        // Real time: the next frame is due at epoch + n frame periods; never run ahead of it.
        const auto due = epoch_ + framesSinceEpoch_ * kFramePeriod;
        if (Clock::now() < due) {
            wake_.wait_until(
                lock, due, [&] { return stop_ || !queue_.empty() || pacing_ != Pacing::RealTime; });
            continue;
        }
        runOne(lock);
        ++framesSinceEpoch_;
        if (Clock::now() - (epoch_ + framesSinceEpoch_ * kFramePeriod) > kMaxLag) {
            epoch_ = Clock::now();  // behind: carry on from now instead of catching up in a burst
            framesSinceEpoch_ = 0;
        }
    }
}

}  // namespace app::gui
