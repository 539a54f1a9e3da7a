#pragma once
// Milliseconds spent in each stage of World::step during the last frame (summed over
// substeps). The UI and the benchmarks print these.
#include <chrono>

namespace sim {

struct Profile {
    double externalForces = 0;
    double damping = 0;
    double predict = 0;
    double collisions = 0;
    double solve = 0;
    double updateVelocities = 0;
    double velocityUpdate = 0;
    double tear = 0;
    double total = 0;

    void reset() { *this = Profile{}; }
};

// Adds the elapsed milliseconds to a profile field when it goes out of scope.
class ScopedTimer {
public:
    explicit ScopedTimer(double& accumulator)
        : accumulator_(accumulator), start_(std::chrono::steady_clock::now()) {}
    ~ScopedTimer() {
        auto end = std::chrono::steady_clock::now();
        accumulator_ += std::chrono::duration<double, std::milli>(end - start_).count();
    }
    ScopedTimer(const ScopedTimer&) = delete;
    ScopedTimer& operator=(const ScopedTimer&) = delete;

private:
    double& accumulator_;
    std::chrono::steady_clock::time_point start_;
};

}  // namespace sim
