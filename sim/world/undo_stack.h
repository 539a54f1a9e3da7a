#pragma once
// Undo of the last edits (pin, cut, tear, collider moves) by snapshots (snapshot.h), and the
// reset point a scene returns to. The window calls push() before applying an edit, and
// beforeStep()/afterStep() around each World::step so that a step that tore becomes an undo
// entry of its own ("tear"; a rip that goes on over frames, each tear within
// kTearMergeFrames of the last, is one entry, back to before its first tear). Entries keep
// the state only: settings changed since stay as they are.
#include <deque>
#include <string>

#include "sim/world/snapshot.h"

namespace sim {

inline constexpr long kTearMergeFrames = 30;  // half a second at 60 frames/s

class UndoStack {
  public:
    explicit UndoStack(size_t capacity = 16) : capacity_(capacity) {}

    // Remembers the world's state before an edit named `label` ("pin", "cut", ...).
    void push(const World& world, std::string label);
    // Around every step: keeps the state before it, and pushes it when the step tore.
    void beforeStep(const World& world);
    void afterStep(const World& world);
    // Restores the newest entry and drops it; false when there is none.
    bool undo(World& world);
    // Label of the newest entry (empty when none), for the UI ("Undo cut").
    std::string nextLabel() const {
        return entries_.empty() ? std::string() : entries_.back().label;
    }
    size_t size() const { return entries_.size(); }
    void clear();

    // The state a reset returns to: set it after loading a scene.
    void setResetPoint(const World& world) {
        takeSnapshot(world, reset_);
        hasReset_ = true;
    }
    // Restores the reset point (and clears the undo entries); false when none was set.
    bool reset(World& world);

  private:
    struct Entry {
        std::string label;
        Snapshot state;
        long frame = 0;  // the world's frame when the entry was taken
    };
    size_t capacity_;
    std::deque<Entry> entries_;
    Snapshot beforeStep_;
    uint64_t versionBeforeStep_ = 0;
    int particlesBeforeStep_ = -1;
    long lastTearFrame_ = -1;  // frame of the last tear in the newest entry, -1: none
    Snapshot reset_;
    bool hasReset_ = false;
};

}  // namespace sim
