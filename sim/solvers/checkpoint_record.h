#pragma once
// Reads a CheckpointRecord (solver.h) array by array, checking each one's length and range
// the way a state file's reader checks its own fields: a solver's readCheckpoint takes what
// a file held, so nothing in it is trusted.
#include <string>
#include <vector>

#include "sim/solvers/solver.h"

namespace sim {

class CheckpointReader {
  public:
    explicit CheckpointReader(const CheckpointRecord& record) : record_(record) {}

    // The named array; `expected` its length, or -1 for any. Empty when it is missing, of
    // another length or out of [lo, hi]; the first such problem is kept in error().
    std::vector<int> ints(const std::string& name, long expected, long lo, long hi);
    std::vector<double> reals(const std::string& name, long expected, double lo, double hi);
    // Notes a problem the caller found (the first one is kept).
    void fail(const std::string& problem);
    const std::string& error() const { return error_; }

  private:
    const CheckpointRecord& record_;
    std::string error_;
};

}  // namespace sim
