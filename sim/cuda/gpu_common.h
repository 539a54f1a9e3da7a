#pragma once
// Small pieces both GPU solvers use: an owned stream, a dot product read back to the host,
// and the CPU-side checks of what stays on the CPU.
#include <cuda_runtime_api.h>

#include "sim/core/types.h"
#include "sim/cuda/device_buffer.h"

namespace sim {
class StepContext;
}

namespace sim::cuda {

// A non-blocking stream (graph capture needs one other than the legacy default stream).
class Stream {
  public:
    Stream();
    ~Stream();
    Stream(const Stream&) = delete;
    Stream& operator=(const Stream&) = delete;
    operator cudaStream_t() const { return stream_; }

  private:
    cudaStream_t stream_ = nullptr;
};

// a . b over n doubles, summed in a fixed order on the device and read back (one sync).
class DeviceNorm {
  public:
    DeviceNorm() = default;
    ~DeviceNorm();
    DeviceNorm(const DeviceNorm&) = delete;
    DeviceNorm& operator=(const DeviceNorm&) = delete;
    double dot(const double* a, const double* b, long long n, cudaStream_t stream);

  private:
    DeviceBuffer<double> partials_, sum_;
    double* host_ = nullptr;  // pinned
};

// True when the world has unilateral constraints (tethers) or dense ones (a closed
// surface's pressure): no device version, so the contacts stay on the host after them.
bool hasUnilateralConstraints(const StepContext& ctx);
// After a GPU solve has downloaded p: what has no device version, on the CPU, in the CPU
// solvers' order. With the contacts done on the device only the self contacts remain;
// otherwise the dense constraints, the unilateral ones, then every contact
// (projectCollisions).
void projectRemaining(const StepContext& ctx, Real dt, bool contactsDone);

}  // namespace sim::cuda
