#pragma once
// Says when a frame costs far more than the run's usual frame, so that a valid setting that
// makes the simulation crawl (self contacts piling up under a long dt, a rip's slivers) is
// named on stderr and in the window instead of passing in silence. The usual frame is the
// median of the first kReferenceFrames frames after a load; a frame past kFactor times that
// and past kFloorMs warns. After a warning, only a frame past twice the warned cost warns
// again: a run whose cost keeps growing is reported as it grows, a steady slow one once.
#include <string>
#include <vector>

namespace sim {

class FrameCostWatch {
  public:
    static constexpr int kReferenceFrames = 10;
    static constexpr double kFactor = 10;
    static constexpr double kFloorMs = 100;

    // One frame: its number, its simulation cost [ms], and what tends to make a frame dear.
    // Returns the warning (one sentence) or empty.
    std::string update(long frame, double ms, size_t selfContacts, int particles,
                       double substepSeconds);
    void reset() { *this = FrameCostWatch(); }

  private:
    std::vector<double> first_;  // costs of the first frames
    double reference_ = 0;       // their median, once there are kReferenceFrames
    size_t referenceContacts_ = 0;
    double warnedMs_ = 0;
};

}  // namespace sim
