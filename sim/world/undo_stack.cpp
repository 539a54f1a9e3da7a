#include "sim/world/undo_stack.h"

namespace sim {

void UndoStack::push(const World& world, std::string label) {
    if (capacity_ == 0) return;
    if (entries_.size() == capacity_) entries_.pop_front();
    entries_.push_back({std::move(label), takeSnapshot(world), world.frame()});
    lastTearFrame_ = -1;  // a tear after this edit is a new entry
}

void UndoStack::beforeStep(const World& world) {
    takeSnapshot(world, beforeStep_);  // reuses the buffers: a copy, no allocation
    versionBeforeStep_ = world.topologyVersion();
    particlesBeforeStep_ = world.particles.size();
}

void UndoStack::afterStep(const World& world) {
    if (particlesBeforeStep_ < 0) return;
    const bool tore = world.particles.size() > particlesBeforeStep_ &&
                      world.topologyVersion() != versionBeforeStep_;
    particlesBeforeStep_ = -1;
    if (!tore || capacity_ == 0) return;
    const long frame = beforeStep_.frame;
    if (lastTearFrame_ < 0 || frame - lastTearFrame_ > kTearMergeFrames) {  // one rip, one entry
        if (entries_.size() == capacity_) entries_.pop_front();
        entries_.push_back({"tear", beforeStep_, frame});
    }
    lastTearFrame_ = frame;
}

bool UndoStack::undo(World& world) {
    if (entries_.empty()) return false;
    restore(world, entries_.back().state);
    entries_.pop_back();
    lastTearFrame_ = -1;
    return true;
}

void UndoStack::clear() {
    entries_.clear();
    lastTearFrame_ = -1;
    particlesBeforeStep_ = -1;
}

bool UndoStack::reset(World& world) {
    if (!hasReset_) return false;
    restore(world, reset_);
    clear();
    return true;
}

}  // namespace sim
