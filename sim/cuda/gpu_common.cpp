#include "sim/cuda/gpu_common.h"

#include <type_traits>

#include "sim/collision/self_collision.h"
#include "sim/constraints/constraint_set.h"
#include "sim/contact/collision_stage.h"
#include "sim/contact/step_context.h"
#include "sim/cuda/linalg_kernels.h"
#include "sim/sweeps/sweeps.h"

namespace sim::cuda {

Stream::Stream() {
    CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
}
Stream::~Stream() {
    if (stream_) cudaStreamDestroy(stream_);
}

DeviceNorm::~DeviceNorm() {
    if (host_) cudaFreeHost(host_);
}

double DeviceNorm::dot(const double* a, const double* b, long long n, cudaStream_t stream) {
    if (!host_) CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&host_), sizeof(double)));
    const int blocks = reductionBlocks(n);
    partials_.resize(blocks);
    sum_.resize(1);
    launchDotPartials(n, a, b, partials_.data(), stream);
    launchSumPartials(partials_.data(), blocks, sum_.data(), stream);
    CUDA_CHECK(cudaMemcpyAsync(host_, sum_.data(), sizeof(double), cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    return *host_;
}

bool hasUnilateralConstraints(const StepContext& ctx) {
    bool any = false;
    visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        if ((Traits::unilateral || Traits::dense) && !array.empty()) any = true;
    });
    return any;
}

void projectRemaining(const StepContext& ctx, Real dt, bool contactsDone) {
    if (!contactsDone) {
        projectDense(ctx, dt, 3);  // as MgpbdSolver (kDensePasses)
        projectUnilateral(ctx);
        projectCollisions(ctx, dt);
    } else if (!ctx.contacts().self.empty()) {
        projectSelfContacts(ctx.particles, ctx.contacts().self, ctx.settings.selfThickness,
                            ctx.contacts().selfBudget);
    }
}

}  // namespace sim::cuda
