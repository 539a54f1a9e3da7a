#pragma once
// The substep as a table of named stages (Box2D's b2SolverStage + b2Profile applied to the
// PBD paper's algorithm, lines 5-16), and the milliseconds spent in each during the last
// frame, summed over substeps. The UI, the CSV and the benchmarks print the profile by
// walking the table, so a new stage is one enum entry and one row of kStages.
#include <array>
#include <chrono>
#include <cstddef>

namespace sim {

enum class Stage {
    ExternalForces,       // (5)  v += dt w f_ext
    Damping,              // (6)  §3.5
    Predict,              // (7)  p = x + dt v
    Kinematics,           // scripted colliders, the grabbed particle's target
    RigidBodies,          // (7-8) rigid bodies predicted, their own contacts solved (sim/rigid)
    Contacts,             // (8)  colliders, self contacts, between bodies
    Solve,                // (9-11) the active solver
    PostProjection,       // penetrations the solve left are pushed back out
    Velocities,           // (12-15) v = (p - x)/dt, x = p
    FrictionRestitution,  // (16)
    Tear,                 // §5, when tearing is on
    Count
};
inline constexpr size_t kStageCount = static_cast<size_t>(Stage::Count);

struct StageInfo {
    Stage stage;
    const char* name;  // in messages and panels
    const char* csv;   // the CSV column (ms_<csv>)
};

inline constexpr std::array<StageInfo, kStageCount> kStages = {{
    {Stage::ExternalForces, "external forces", "external"},
    {Stage::Damping, "damping", "damping"},
    {Stage::Predict, "predict", "predict"},
    {Stage::Kinematics, "kinematics", "kinematics"},
    {Stage::RigidBodies, "rigid bodies", "rigid"},
    {Stage::Contacts, "contacts", "contacts"},
    {Stage::Solve, "solve", "solve"},
    {Stage::PostProjection, "post-projection", "post_projection"},
    {Stage::Velocities, "velocities", "velocities"},
    {Stage::FrictionRestitution, "friction/restitution", "friction"},
    {Stage::Tear, "tear", "tear"},
}};

inline const StageInfo& stageInfo(Stage s) {
    return kStages[static_cast<size_t>(s)];
}

struct Profile {
    std::array<double, kStageCount> ms{};  // per stage, summed over the frame's substeps
    double total = 0;                      // the whole frame [ms]
    // Self-contact passes that stopped at their work bound (WorkBound, collision/work_bound.h):
    // some pairs went untested in those substeps.
    int cutShort = 0;

    double& operator[](Stage s) { return ms[static_cast<size_t>(s)]; }
    double operator[](Stage s) const { return ms[static_cast<size_t>(s)]; }
    void reset() { *this = Profile{}; }
    Profile& operator+=(const Profile& o) {  // a frame of several steps: their sum
        for (size_t k = 0; k < kStageCount; ++k) ms[k] += o.ms[k];
        total += o.total;
        cutShort += o.cutShort;
        return *this;
    }
};

// Adds the elapsed milliseconds to an accumulator when it goes out of scope.
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
