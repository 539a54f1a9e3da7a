#pragma once
// GPU time of a frame's drawing from GL timer queries (GL_TIME_ELAPSED, core since 3.3),
// read back a few frames later when the result is ready, so timing never stalls the
// pipeline the way glFinish does.
#include <epoxy/gl.h>

namespace render {

class GpuTimer {
  public:
    GpuTimer() = default;
    ~GpuTimer();
    GpuTimer(const GpuTimer&) = delete;
    GpuTimer& operator=(const GpuTimer&) = delete;

    // Brackets the GL calls to time. Call once per frame, in this order.
    void begin();
    void end();
    // The most recent finished measurement [ms], or a negative number before the first.
    double lastMs() const { return lastMs_; }

  private:
    static constexpr int kQueries = 4;  // frames in flight before a result is waited for
    GLuint queries_[kQueries] = {};
    bool pending_[kQueries] = {};
    int next_ = 0;
    bool created_ = false;
    double lastMs_ = -1;
};

}  // namespace render
