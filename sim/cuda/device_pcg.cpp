#include "sim/cuda/device_pcg.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "sim/cuda/linalg_kernels.h"

namespace sim::cuda {

template <class T>
DevicePcg<T>::~DevicePcg() {
    releaseGraph();
    if (host_) cudaFreeHost(host_);
}

template <class T>
void DevicePcg<T>::releaseGraph() {
    if (graph_) cudaGraphExecDestroy(graph_);
    graph_ = nullptr;
}

template <class T>
void DevicePcg<T>::precondition(const CsrView<const double>& A, const int* diag, DeviceAmg<T>* amg,
                                cudaStream_t stream) {
    if (amg)
        amg->vcycle(r_.data(), z_.data(), stream);
    else
        launchJacobiPrecondition<double>(A.rows, diag, A.val, r_.data(), z_.data(), stream);
}

// One iteration of pcg.cpp's loop, every scalar on the device.
template <class T>
void DevicePcg<T>::iteration(const CsrView<const double>& A, const int* diag, double* x,
                             DeviceAmg<T>* amg, bool flexible, cudaStream_t stream) {
    const int n = A.rows;
    const int blocks = reductionBlocks(n);
    PcgScalars* s = scalars_.data();
    launchMultiplyDot<double>(A, p_.data(), q_.data(), spmvPartials_.data(), stream);
    launchPcgAlpha(s, spmvPartials_.data(), multiplyPartialCount(A.rows, A.nonZeros), stream);
    launchPcgUpdate(n, s, p_.data(), q_.data(), x, r_.data(), flexible ? rOld_.data() : nullptr,
                    partials_.data(), stream);
    launchPcgResidual(s, partials_.data(), blocks, stream);
    precondition(A, diag, amg, stream);
    launchPcgDots(n, r_.data(), z_.data(), flexible ? rOld_.data() : nullptr, partials_.data(),
                  stream);
    launchPcgBeta(s, partials_.data(), blocks, stream);
    launchPcgDirection(n, s, z_.data(), p_.data(), stream);
}

template <class T>
void DevicePcg<T>::capture(const Key& key, const CsrView<const double>& A, const int* diag,
                           double* x, DeviceAmg<T>* amg, bool flexible, int checkInterval,
                           cudaStream_t stream) {
    releaseGraph();
    CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
    try {
        for (int k = 0; k < checkInterval; ++k) iteration(A, diag, x, amg, flexible, stream);
    } catch (...) {
        cudaGraph_t broken = nullptr;
        cudaStreamEndCapture(stream, &broken);
        if (broken) cudaGraphDestroy(broken);
        throw;
    }
    cudaGraph_t graph = nullptr;
    CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
    const cudaError_t e = cudaGraphInstantiate(&graph_, graph, 0);
    cudaGraphDestroy(graph);
    if (e != cudaSuccess) {
        graph_ = nullptr;
        CUDA_CHECK(e);
    }
    key_ = key;
}

template <class T>
DevicePcgResult DevicePcg<T>::solve(const CsrView<const double>& A, const int* diag,
                                    const double* b, double* x, DeviceAmg<T>* amg, double tolerance,
                                    int maxIterations, bool flexible, int checkInterval,
                                    bool useGraph, cudaStream_t stream) {
    const int n = A.rows;
    checkInterval = std::max(checkInterval, 1);
    for (DeviceBuffer<double>* v : {&r_, &z_, &p_, &q_, &rOld_}) v->resize(n);
    spmvPartials_.resize(multiplyPartialCount(n, A.nonZeros));
    partials_.resize(2 * reductionBlocks(n));
    scalars_.resize(1);
    if (!host_) CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&host_), sizeof(PcgScalars)));

    const int blocks = reductionBlocks(n);
    PcgScalars* s = scalars_.data();
    launchPcgStart(n, b, x, r_.data(), partials_.data(), stream);
    launchPcgLimit(s, partials_.data(), blocks, tolerance, maxIterations, flexible, stream);
    precondition(A, diag, amg, stream);
    launchPcgFirstDirection(n, r_.data(), z_.data(), p_.data(), partials_.data(), stream);
    launchPcgSetRz(s, partials_.data(), blocks, stream);

    usedGraph_ = useGraph && !graphFailed_;
    Key key;
    key.val = A.val;
    key.rowStart = A.rowStart;
    key.diag = diag;
    key.b = b;
    key.x = x;
    key.amg = amg;
    key.r = r_.data();
    key.z = z_.data();
    key.p = p_.data();
    key.q = q_.data();
    key.rOld = rOld_.data();
    key.spmvPartials = spmvPartials_.data();
    key.partials = partials_.data();
    key.scalars = scalars_.data();
    key.rows = n;
    key.checkInterval = checkInterval;
    key.nonZeros = A.nonZeros;
    key.amgVersion = amg ? amg->version() : 0;
    key.flexible = flexible;
    if (usedGraph_ && (!graph_ || !(key == key_))) {
        try {
            capture(key, A, diag, x, amg, flexible, checkInterval, stream);
        } catch (const std::runtime_error& e) {  // graphs are an optimisation: run without
            std::fprintf(stderr,
                         "sim::cuda: CUDA graph capture failed (%s); PCG runs without graphs\n",
                         e.what());
            cudaGetLastError();
            graphFailed_ = true;
            usedGraph_ = false;
        }
    }
    DevicePcgResult result;
    const int maxBatches = maxIterations / checkInterval + 2;
    for (;;) {
        if (usedGraph_)
            CUDA_CHECK(cudaGraphLaunch(graph_, stream));
        else
            for (int k = 0; k < checkInterval; ++k) iteration(A, diag, x, amg, flexible, stream);
        ++result.batches;
        CUDA_CHECK(cudaMemcpyAsync(host_, s, sizeof(PcgScalars), cudaMemcpyDeviceToHost, stream));
        CUDA_CHECK(cudaStreamSynchronize(stream));
        if (host_->done || result.batches >= maxBatches) break;
    }
    result.iterations = host_->iterations;
    result.relativeResidual = host_->bnorm > 0 ? host_->rnorm / host_->bnorm : 0.0;
    return result;
}

template class DevicePcg<float>;
template class DevicePcg<double>;

}  // namespace sim::cuda
