#pragma once
// The CPU-time clock MgpbdSolver times its phases with (the Stats panel's "ms assemble",
// "ms setup", "ms galerkin", "ms solve"): process CPU time, what a frame costs on a shared
// machine. Never read by the budget, which counts work units (mgpbd_work.h).
#include <ctime>

namespace sim::mgpbd_clock {

inline double nowMs() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

inline double msSince(double t) {
    return nowMs() - t;
}

}  // namespace sim::mgpbd_clock
