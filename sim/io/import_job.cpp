#include "sim/io/import_job.h"

namespace sim {

ImportJob::ImportJob(std::string path, ImportOptions options) {
    thread_ = std::thread([this, path = std::move(path), options = std::move(options)] {
        ImportControl control;
        control.cancel = &cancel_;
        control.progress = [this](const ImportProgress& p) {
            std::lock_guard lock(mutex_);
            progress_ = p;
        };
        PreparedImport prepared = prepareImport(path, options, control);
        {
            std::lock_guard lock(mutex_);
            result_ = std::move(prepared);
        }
        done_ = true;
    });
}

ImportJob::~ImportJob() {
    cancel_ = true;
    if (thread_.joinable()) thread_.join();
}

ImportProgress ImportJob::progress() const {
    std::lock_guard lock(mutex_);
    return progress_;
}

std::optional<PreparedImport> ImportJob::take() {
    if (!done_) return std::nullopt;
    std::lock_guard lock(mutex_);
    std::optional<PreparedImport> out = std::move(result_);
    result_.reset();
    return out;
}

}  // namespace sim
