#include "sim/cuda/gpu_xpbd.h"

#include <cmath>
#include <memory>
#include <stdexcept>

#include "sim/contact/step_context.h"
#include "sim/cuda/device_particles.h"
#include "sim/cuda/device_rows.h"
#include "sim/cuda/gpu_common.h"

namespace sim::cuda {

class GpuXpbdState {
  public:
    Stream stream;
    DeviceRows rows;
    DeviceParticles particles;
    DeviceNorm norm;
    DeviceBuffer<double> lambda, dx, b;
    DeviceBuffer<int> degree, colourRows;
    std::vector<int> colourStart;  // host: colour c is colourRows[colourStart[c] .. [c + 1])
    uint64_t topology = 0;
    std::vector<uint8_t> free;  // w > 0 per particle when the rows were built
    bool built = false, deviceContacts = false;
    double friction = 0, dt = 0;
};

GpuXpbd::GpuXpbd(XpbdSweep sweep) : sweep_(sweep), state_(std::make_unique<GpuXpbdState>()) {}
GpuXpbd::~GpuXpbd() = default;

int GpuXpbd::colours() const {
    return static_cast<int>(state_->colourStart.size()) - 1;
}
int GpuXpbd::rows() const {
    return state_->rows.rows();
}

std::string GpuXpbd::begin(const StepContext& ctx, Real dt) {
    GpuXpbdState& s = *state_;
    const Particles& P = ctx.particles;
    std::vector<uint8_t> free(P.size());
    for (int i = 0; i < P.size(); ++i) free[i] = P.w[i] > 0;
    if (!s.built || s.topology != ctx.topologyVersion() || free != s.free) {
        const RowTable table = buildRowTable(ctx);
        if (std::string e = s.rows.upload(ctx, table, s.stream); !e.empty()) return e;
        const std::vector<std::vector<int>> colours = colourConstraintRows(table);
        std::vector<int> flat;
        s.colourStart.assign(1, 0);
        for (const auto& c : colours) {
            flat.insert(flat.end(), c.begin(), c.end());
            s.colourStart.push_back(static_cast<int>(flat.size()));
        }
        s.colourRows.upload(flat, s.stream);
        s.degree.upload(rowDegrees(table), s.stream);
        CUDA_CHECK(cudaStreamSynchronize(s.stream));
        s.topology = ctx.topologyVersion();
        s.free = std::move(free);
        s.built = true;
    }
    s.rows.refresh(ctx, dt, s.stream);
    s.particles.upload(P, s.stream);
    s.deviceContacts = !hasUnilateralConstraints(ctx) &&
                       s.particles.uploadContacts(ctx.contacts().colliders, s.stream);
    s.friction = ctx.settings.staticFriction;
    s.dt = dt;
    s.lambda.resize(s.rows.rows());
    s.lambda.zero(s.stream);
    s.dx.resize(3 * static_cast<size_t>(P.size()));
    s.dx.zero(s.stream);
    return {};
}

void GpuXpbd::sweep() {
    GpuXpbdState& s = *state_;
    const BlockSet& blocks = s.rows.blocks();
    const double* w = s.particles.w();
    double* p = s.particles.p();
    if (sweep_ == XpbdSweep::Jacobi) {
        for (int b = 0; b < blocks.count; ++b)
            launchXpbdJacobi(blocks.blocks[b], s.rows.slots(), w, p, s.degree.data(),
                             s.lambda.data(), s.dx.data(), s.stream);
        launchApplyDelta(s.particles.size(), s.dx.data(), p, s.stream);
    } else {
        for (int c = 0; c + 1 < static_cast<int>(s.colourStart.size()); ++c)
            launchXpbdColour(blocks, s.rows.slots(), s.colourRows.data() + s.colourStart[c],
                             s.colourStart[c + 1] - s.colourStart[c], w, p, s.lambda.data(),
                             s.stream);
    }
    if (s.deviceContacts) s.particles.projectContacts(s.friction, s.dt, s.stream);
}

void GpuXpbd::synchronize() {
    CUDA_CHECK(cudaStreamSynchronize(state_->stream));
}

double GpuXpbd::residual() {
    GpuXpbdState& s = *state_;
    const BlockSet& blocks = s.rows.blocks();
    s.b.resize(s.rows.rows());
    for (int b = 0; b < blocks.count; ++b)
        launchRowResiduals(blocks.blocks[b], s.rows.slots(), s.particles.p(), s.lambda.data(),
                           s.b.data(), s.stream);
    return std::sqrt(s.norm.dot(s.b.data(), s.b.data(), s.rows.rows(), s.stream));
}

void GpuXpbd::end(const StepContext& ctx) {
    GpuXpbdState& s = *state_;
    s.particles.download(ctx.particles, s.deviceContacts ? &ctx.contacts().colliders : nullptr,
                         s.stream);
    projectRemaining(ctx, s.dt, s.deviceContacts);
}

GpuXpbdSolver::GpuXpbdSolver() : session_(XpbdSweep::ColouredGaussSeidel) {}

void GpuXpbdSolver::solve(const StepContext& ctx, Real dt) {
    if (std::string e = session_.begin(ctx, dt); !e.empty())
        throw std::runtime_error("GPU XPBD: " + e);
    const int iterations = ctx.settings.iterations;
    for (int it = 0; it < iterations; ++it) session_.sweep();
    if (ctx.residualWanted()) stats_.residual = session_.residual();
    session_.end(ctx);
    stats_.iterations = iterations;
    stats_.device = true;
    gpu_ = {.colours = session_.colours(), .rows = session_.rows()};
    stats_.details.clear();
    const StatList list{stats_.details};
    list("colours", gpu_.colours);
    list("constraints", gpu_.rows);
}

}  // namespace sim::cuda
