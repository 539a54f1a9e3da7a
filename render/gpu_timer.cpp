#include "render/gpu_timer.h"

namespace render {

GpuTimer::~GpuTimer() {
    if (created_) glDeleteQueries(kQueries, queries_);
}

void GpuTimer::begin() {
    if (!created_) {
        glGenQueries(kQueries, queries_);
        created_ = true;
    }
    // Results in order, oldest first: the slot about to be reused (written kQueries frames
    // ago) is waited for if need be; the newer ones are read only when already available.
    for (int k = 0; k < kQueries; ++k) {
        const int q = (next_ + k) % kQueries;
        if (!pending_[q]) continue;
        if (k > 0) {
            GLint ready = 0;
            glGetQueryObjectiv(queries_[q], GL_QUERY_RESULT_AVAILABLE, &ready);
            if (!ready) break;
        }
        GLuint64 ns = 0;
        glGetQueryObjectui64v(queries_[q], GL_QUERY_RESULT, &ns);
        lastMs_ = static_cast<double>(ns) * 1e-6;
        pending_[q] = false;
    }
    glBeginQuery(GL_TIME_ELAPSED, queries_[next_]);
}

void GpuTimer::end() {
    glEndQuery(GL_TIME_ELAPSED);
    pending_[next_] = true;
    next_ = (next_ + 1) % kQueries;
}

}  // namespace render
