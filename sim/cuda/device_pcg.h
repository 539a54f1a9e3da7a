#pragma once
// MGPCG (Li et al. 2025 §4.4; the CPU's pcg.cpp) on the device: A, the vectors and the
// scalars in double, one V-cycle in precision T (or Jacobi) per iteration.
// The host launches `checkInterval` iterations at a time, as one CUDA graph when asked,
// and reads the scalars back once per batch; iterations past convergence in a batch leave
// the result untouched (pcg_kernels.h), so the answer is the CPU loop's.
#include <cstdint>

#include "sim/cuda/device_amg.h"
#include "sim/cuda/device_buffer.h"
#include "sim/cuda/pcg_kernels.h"

namespace sim::cuda {

struct DevicePcgResult {
    int iterations = 0;
    double relativeResidual = 0;
    int batches = 0;  // host synchronisations
};

template <class T>
class DevicePcg {
  public:
    DevicePcg() = default;
    ~DevicePcg();
    DevicePcg(const DevicePcg&) = delete;
    DevicePcg& operator=(const DevicePcg&) = delete;

    // x = A^-1 b to ||r|| <= tolerance ||b|| or maxIterations. amg == nullptr: Jacobi
    // (A's diagonal at diag offsets). `flexible`: Polak-Ribiere beta (float V-cycle).
    DevicePcgResult solve(const CsrView<const double>& A, const int* diag, const double* b,
                          double* x, DeviceAmg<T>* amg, double tolerance, int maxIterations,
                          bool flexible, int checkInterval, bool useGraph, cudaStream_t stream);
    // Whether the last solve ran its iterations as a CUDA graph.
    bool usedGraph() const { return usedGraph_; }

  private:
    // Everything a captured graph has baked in: a change in any means capturing again.
    struct Key {
        const void *val = nullptr, *rowStart = nullptr, *diag = nullptr, *b = nullptr, *x = nullptr,
                   *amg = nullptr, *r = nullptr, *z = nullptr, *p = nullptr, *q = nullptr,
                   *rOld = nullptr, *spmvPartials = nullptr, *partials = nullptr,
                   *scalars = nullptr;
        int rows = 0, checkInterval = 0;
        long long nonZeros = 0;
        uint64_t amgVersion = 0;
        bool flexible = false;
        bool operator==(const Key&) const = default;
    };
    void precondition(const CsrView<const double>& A, const int* diag, DeviceAmg<T>* amg,
                      cudaStream_t stream);
    void iteration(const CsrView<const double>& A, const int* diag, double* x, DeviceAmg<T>* amg,
                   bool flexible, cudaStream_t stream);
    void capture(const Key& key, const CsrView<const double>& A, const int* diag, double* x,
                 DeviceAmg<T>* amg, bool flexible, int checkInterval, cudaStream_t stream);
    void releaseGraph();

    DeviceBuffer<double> r_, z_, p_, q_, rOld_, spmvPartials_, partials_;
    DeviceBuffer<PcgScalars> scalars_;
    PcgScalars* host_ = nullptr;  // pinned
    cudaGraphExec_t graph_ = nullptr;
    Key key_;
    bool usedGraph_ = false, graphFailed_ = false;
};

extern template class DevicePcg<float>;
extern template class DevicePcg<double>;

}  // namespace sim::cuda
