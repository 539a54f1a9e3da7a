#include "sim/cuda/gpu_mgpbd.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>

#include "sim/contact/step_context.h"
#include "sim/cuda/device_amg.h"
#include "sim/cuda/device_dual.h"
#include "sim/cuda/device_particles.h"
#include "sim/cuda/device_pcg.h"
#include "sim/cuda/device_rows.h"
#include "sim/cuda/gpu_common.h"
#include "sim/cuda/linalg_kernels.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"

namespace sim::cuda {

namespace {

using Clock = std::chrono::steady_clock;
double msSince(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// Empty when every setting has a GPU version, else the first that has none.
std::string unsupportedSetting(const MgpbdSettings& s) {
    if (s.system.primal) return "the primal system (--mgpbd-primal)";
    if (s.system.primalResidual) return "the primal residual (--mgpbd-primal-residual)";
    if (s.system.amg.smoother == MgpbdSmoother::GaussSeidel) return "the Gauss-Seidel smoother";
    if (s.system.amg.candidates == MgpbdCandidates::Strain) return "strain candidates";
    return {};
}

}  // namespace

class GpuMgpbdImpl {
  public:
    virtual ~GpuMgpbdImpl() = default;
    // Empty, or why this world cannot run on the device (the world is then untouched).
    virtual std::string solve(const StepContext& ctx, Real dt, SolverStats& stats,
                              GpuMgpbdStats& gpu, std::vector<double>& times) = 0;
    virtual bool isFloat() const = 0;
    void invalidateSetup() { lastSetupFrame_ = -1; }

  protected:
    long lastSetupFrame_ = -1;
};

namespace {

template <class T>
class GpuMgpbdCore final : public GpuMgpbdImpl {
  public:
    explicit GpuMgpbdCore(GpuOptions options) : options_(options) {}
    std::string solve(const StepContext& ctx, Real dt, SolverStats& stats, GpuMgpbdStats& gpu,
                      std::vector<double>& times) override;
    bool isFloat() const override { return std::is_same_v<T, float>; }

  private:
    struct Timings {
        double assemble = 0, setup = 0, galerkin = 0, solve = 0, transfer = 0;
    };
    std::string uploadStructure(const StepContext& ctx);
    bool setupDue(const StepContext& ctx, bool rebuilt) const;
    void setup(const StepContext& ctx, const MgpbdSettings& s);
    void prepareHierarchy(const StepContext& ctx, const MgpbdSettings& s, bool first, bool rebuilt,
                          Timings& ms);
    std::string upload(const StepContext& ctx, Real dt, Timings& ms, bool& rebuilt,
                       bool& deviceContacts);
    Real evaluate(int rows, Timings& ms);
    Real takeStep(const MgpbdSettings& s, int rows, Real omega, Real previous, Clock::time_point t,
                  Timings& ms, Real& r);
    void finish(const StepContext& ctx, Real dt, bool deviceContacts);
    void fillStats(GpuMgpbdStats& gpu, const Timings& ms, int pcgIterations, int batches) const;

    GpuOptions options_;
    Stream stream_;
    DualSystem system_;
    AmgHierarchy amg_;
    DeviceRows rows_;
    DeviceDual<double> dual_;
    DeviceAmg<T> damg_;
    DevicePcg<T> pcg_;
    DeviceParticles particles_;
    DeviceNorm norm_;
    DeviceBuffer<double> lambda_, dlambda_, start_, dx_;
    uint64_t uploadedStructure_ = ~uint64_t(0), amgStructure_ = ~uint64_t(0);
};

template <class T>
std::string GpuMgpbdCore<T>::uploadStructure(const StepContext& ctx) {
    const RowTable table = buildRowTable(ctx);
    if (std::string e = compareWithDualSystem(table, system_); !e.empty())
        return "the device rows differ from the dual system's (" + e + ")";
    if (std::string e = rows_.upload(ctx, table, stream_); !e.empty()) return e;
    if (std::string e = dual_.upload(system_, rows_, stream_); !e.empty()) return e;
    uploadedStructure_ = system_.structureVersion();
    amgStructure_ = ~uint64_t(0);
    return {};
}

template <class T>
bool GpuMgpbdCore<T>::setupDue(const StepContext& ctx, bool rebuilt) const {
    return rebuilt || amgStructure_ != system_.structureVersion() || !amg_.ready() ||
           lastSetupFrame_ < 0 ||
           ctx.frame() - lastSetupFrame_ >=
               std::max(ctx.settings.block<MgpbdSettings>().setupInterval, 1);
}

// The lazy setup (§4.2) on the CPU from A's current values, then mirrored on the device.
template <class T>
void GpuMgpbdCore<T>::setup(const StepContext& ctx, const MgpbdSettings& s) {
    dual_.values().download(system_.A.val.data(), stream_);
    amg_.setup(system_.A, s.system.amg);
    if (std::string e = damg_.upload(amg_, s.system.amg, dual_.matrix(), dual_.diagonal(), stream_);
        !e.empty())
        throw std::runtime_error("GPU MGPBD: " + e);
    damg_.refresh(stream_);
    amgStructure_ = system_.structureVersion();
    lastSetupFrame_ = ctx.frame();
}

// Line 7: the lazy AMG setup on a substep's first iteration when due, else the Galerkin
// refresh of the hierarchy (P reused).
template <class T>
void GpuMgpbdCore<T>::prepareHierarchy(const StepContext& ctx, const MgpbdSettings& s, bool first,
                                       bool rebuilt, Timings& ms) {
    if (s.system.jacobiPreconditioner) return;
    const auto t = Clock::now();
    if (first && setupDue(ctx, rebuilt)) {
        setup(ctx, s);
        CUDA_CHECK(cudaStreamSynchronize(stream_));
        ms.setup += msSince(t);
    } else {
        damg_.refresh(stream_);
        CUDA_CHECK(cudaStreamSynchronize(stream_));
        ms.galerkin += msSince(t);
    }
}

// The system's pattern (when it changed), the rows' state, the particles and contacts to the
// device; lambda starts at 0 (line 2).
template <class T>
std::string GpuMgpbdCore<T>::upload(const StepContext& ctx, Real dt, Timings& ms, bool& rebuilt,
                                    bool& deviceContacts) {
    auto t = Clock::now();
    rebuilt = system_.update(ctx);
    if (rebuilt || uploadedStructure_ != system_.structureVersion())
        if (std::string e = uploadStructure(ctx); !e.empty()) return e;
    ms.setup += msSince(t);
    const int rows = system_.rows();

    t = Clock::now();
    rows_.refresh(ctx, dt, stream_);
    particles_.upload(ctx.particles, stream_);
    deviceContacts = !hasUnilateralConstraints(ctx) &&
                     particles_.uploadContacts(ctx.contacts().colliders, stream_);
    lambda_.resize(rows);
    lambda_.zero(stream_);  // line 2
    dlambda_.resize(rows);
    ms.transfer += msSince(t);
    return {};
}

// Lines 4 and 6: ||b|| at the current x and lambda.
template <class T>
Real GpuMgpbdCore<T>::evaluate(int rows, Timings& ms) {
    const auto t0 = Clock::now();
    dual_.evaluate(rows_, particles_.p(), lambda_.data(), stream_);
    const double r = std::sqrt(norm_.dot(dual_.b().data(), dual_.b().data(), rows, stream_));
    ms.assemble += msSince(t0);
    return r;
}

// Lines 9-11 with the solved dlambda: x and lambda moved by omega, then (lineSearch) the
// retries from the same x with omega halved while ||b|| grew, as the CPU solver does. Sets r
// to the new ||b||; returns the step taken.
template <class T>
Real GpuMgpbdCore<T>::takeStep(const MgpbdSettings& s, int rows, Real omega, Real previous,
                               Clock::time_point t, Timings& ms, Real& r) {
    const int coordinates = 3 * particles_.size();
    if (s.step.lineSearch) {  // x before the step, and dx, for the retries below
        start_.resize(coordinates);
        dx_.resize(coordinates);
        CUDA_CHECK(cudaMemcpyAsync(start_.data(), particles_.p(), sizeof(double) * coordinates,
                                   cudaMemcpyDeviceToDevice, stream_));
    }
    Real step = omega;
    dual_.positionDelta(particles_.w(), dlambda_.data(), step,
                        s.step.lineSearch ? dx_.data() : nullptr, particles_.p(), stream_);
    launchAxpy(rows, 1.0, dlambda_.data(), lambda_.data(), stream_);
    CUDA_CHECK(cudaStreamSynchronize(stream_));
    ms.solve += msSince(t);
    r = evaluate(rows, ms);
    for (int h = 0; s.step.lineSearch && h < s.step.lineSearchHalvings && !(r <= previous); ++h) {
        step *= 0.5;
        CUDA_CHECK(cudaMemcpyAsync(particles_.p(), start_.data(), sizeof(double) * coordinates,
                                   cudaMemcpyDeviceToDevice, stream_));
        launchAxpy(coordinates, step, dx_.data(), particles_.p(), stream_);
        r = evaluate(rows, ms);
    }
    return step;
}

template <class T>
std::string GpuMgpbdCore<T>::solve(const StepContext& ctx, Real dt, SolverStats& stats,
                                   GpuMgpbdStats& gpu, std::vector<double>& times) {
    const MgpbdSettings& s = ctx.settings.block<MgpbdSettings>();
    const auto start = Clock::now();
    stats.residualHistory.clear();
    times.clear();
    Timings ms;
    int pcgIterations = 0, batches = 0;

    bool rebuilt = false, deviceContacts = false;
    if (std::string e = upload(ctx, dt, ms, rebuilt, deviceContacts); !e.empty()) return e;
    const int rows = system_.rows();
    auto t = Clock::now();

    Real r = evaluate(rows, ms);
    Real omega = s.relaxation, b0 = 0, previous = 0, minOmega = 1;
    int it = 0;
    for (;; ++it) {
        stats.residualHistory.push_back(r);
        times.push_back(msSince(start));
        if (it == 0) b0 = r;
        if (rows == 0 || it >= s.maxIterations || r < s.atol || (s.rtol > 0 && r < s.rtol * b0))
            break;
        if (s.budget.wallClockMs > 0 && msSince(start) > s.budget.wallClockMs) break;
        if (s.step.backtracking && it > 0 && r > previous)
            omega = std::max(omega * 0.5, 1.0 / 1024);
        previous = r;
        Real tolerance = s.pcgTolerance;
        if (s.system.inexactSolves && r > 0)
            tolerance = std::max(s.pcgTolerance, std::min(Real(0.1), Real(0.5) * s.atol / r));

        t = Clock::now();
        dual_.fill(particles_.w(), stream_);  // line 5
        CUDA_CHECK(cudaStreamSynchronize(stream_));
        ms.assemble += msSince(t);
        prepareHierarchy(ctx, s, it == 0, rebuilt, ms);  // line 7
        t = Clock::now();                                // line 8, then lines 9-11
        const DevicePcgResult result = pcg_.solve(
            dual_.matrix(), dual_.diagonal(), dual_.b().data(), dlambda_.data(),
            s.system.jacobiPreconditioner ? nullptr : &damg_, tolerance, s.system.pcgMaxIterations,
            s.system.amg.floatVCycle && !s.system.jacobiPreconditioner, options_.checkInterval,
            options_.graphs, stream_);
        pcgIterations += result.iterations;
        batches += result.batches;
        minOmega = std::min(minOmega, takeStep(s, rows, omega, previous, t, ms, r));
    }
    t = Clock::now();
    finish(ctx, dt, deviceContacts);
    ms.transfer += msSince(t);
    stats.iterations = it;
    stats.residual = stats.residualHistory.back();
    fillStats(gpu, ms, pcgIterations, batches);
    gpu.lineSearch = s.step.lineSearch;
    gpu.minOmega = minOmega;
    stats.device = true;
    stats.budget.reset();
    stats.details.clear();
    visitGpuMgpbdStats(gpu, StatList{stats.details});
    return {};
}

// §5.4: contacts after the elastic loop, then p back to the host; what has no device
// version (unilateral constraints, self contacts) on the CPU in the CPU solver's order.
template <class T>
void GpuMgpbdCore<T>::finish(const StepContext& ctx, Real dt, bool deviceContacts) {
    if (deviceContacts) particles_.projectContacts(ctx.settings.staticFriction, dt, stream_);
    particles_.download(ctx.particles, deviceContacts ? &ctx.contacts().colliders : nullptr,
                        stream_);
    projectRemaining(ctx, dt, deviceContacts);
}

template <class T>
void GpuMgpbdCore<T>::fillStats(GpuMgpbdStats& gpu, const Timings& ms, int pcgIterations,
                                int batches) const {
    gpu = {.pcgIterations = pcgIterations,
           .pcgHostReads = batches,
           .rows = system_.rows(),
           .floatVCycle = std::is_same_v<T, float>,
           .cudaGraph = pcg_.usedGraph(),
           .msAssemble = ms.assemble,
           .msSetup = ms.setup,
           .msGalerkin = ms.galerkin,
           .msSolve = ms.solve,
           .msTransfer = ms.transfer};
    if (!amg_.ready() || !damg_.ready()) return;
    gpu.coarseDirect = damg_.coarseDirect();
    gpu.levels = std::min(amg_.levelCount(), MgpbdStats::kMaxLevels);
    for (int l = 0; l < gpu.levels; ++l) gpu.levelSize[l] = amg_.levelSize(l);
    gpu.operatorComplexity = amg_.operatorComplexity();
}

}  // namespace

GpuMgpbdSolver::GpuMgpbdSolver(GpuOptions options) : options_(options) {}
GpuMgpbdSolver::~GpuMgpbdSolver() = default;

void GpuMgpbdSolver::invalidateSetup() {
    if (impl_) impl_->invalidateSetup();
    cpu_.invalidateSetup();
}

void GpuMgpbdSolver::solve(const StepContext& ctx, Real dt) {
    const MgpbdSettings& s = ctx.settings.block<MgpbdSettings>();
    std::string why = unsupportedSetting(s);
    if (why.empty()) {
        if (!impl_ || impl_->isFloat() != s.system.amg.floatVCycle) {
            if (s.system.amg.floatVCycle)
                impl_ = std::make_unique<GpuMgpbdCore<float>>(options_);
            else
                impl_ = std::make_unique<GpuMgpbdCore<double>>(options_);
        }
        why = impl_->solve(ctx, dt, stats_, gpu_, times_);
    }
    ranOnDevice_ = why.empty();
    if (ranOnDevice_) return;
    if (!warned_) {
        std::fprintf(stderr, "sim::cuda: MGPBD runs this world on the CPU: %s has no GPU version\n",
                     why.c_str());
        warned_ = true;
    }
    cpu_.solve(ctx, dt);
    stats_ = cpu_.stats();
    times_ = cpu_.residualTimesMs();
}

}  // namespace sim::cuda
