#pragma once
// prepareImport (mesh_import.h) on a background thread, for the window: start it when a file
// is dropped, show progress() and a cancel button while the scene keeps simulating, and once
// done() hand take()'s result to the simulation thread, which applies it between steps
// (applyImport, or buildScene with the prepared body). Destroying a running job cancels it
// (tetgen is killed) and waits for the thread.
#include <atomic>
#include <mutex>
#include <optional>
#include <thread>

#include "sim/io/mesh_import.h"

namespace sim {

class ImportJob {
  public:
    ImportJob(std::string path, ImportOptions options);
    ~ImportJob();
    ImportJob(const ImportJob&) = delete;
    ImportJob& operator=(const ImportJob&) = delete;

    void cancel() { cancel_ = true; }
    bool done() const { return done_.load(); }
    ImportProgress progress() const;
    // The result once done (its error is "cancelled" after cancel()); nothing before, and
    // nothing after it was taken once.
    std::optional<PreparedImport> take();

  private:
    std::atomic<bool> cancel_{false}, done_{false};
    mutable std::mutex mutex_;
    ImportProgress progress_;
    std::optional<PreparedImport> result_;
    std::thread thread_;
};

}  // namespace sim
