#pragma once
// A typed device allocation that owns its memory (cudaMalloc / cudaFree), grows but never
// shrinks (scratch is reused across steps, STYLE: no allocation in inner loops), and copies
// to and from host vectors on a stream. Poisoning (all bits set: NaN for float and double,
// -1 for integers) lets the tests see any output a kernel forgot to write.
#include <cuda_runtime_api.h>

#include <cstddef>
#include <utility>
#include <vector>

#include "sim/cuda/cuda_check.h"

namespace sim::cuda {

template <class T>
class DeviceBuffer {
  public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(size_t n) { resize(n); }
    ~DeviceBuffer() {
        if (data_) cudaFree(data_);  // no throw from a destructor; errors surface elsewhere
    }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    DeviceBuffer(DeviceBuffer&& o) noexcept { swap(o); }
    DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
        swap(o);
        return *this;
    }
    void swap(DeviceBuffer& o) noexcept {
        std::swap(data_, o.data_);
        std::swap(size_, o.size_);
        std::swap(capacity_, o.capacity_);
    }

    // Contents are undefined after a resize that reallocates.
    void resize(size_t n) {
        if (n > capacity_) {
            if (data_) CUDA_CHECK(cudaFree(data_));
            data_ = nullptr;
            capacity_ = 0;
            CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&data_), n * sizeof(T)));
            capacity_ = n;
        }
        size_ = n;
    }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    T* data() { return data_; }
    const T* data() const { return data_; }

    void upload(const T* host, size_t n, cudaStream_t stream) {
        resize(n);
        if (n)
            CUDA_CHECK(cudaMemcpyAsync(data_, host, n * sizeof(T), cudaMemcpyHostToDevice, stream));
    }
    void upload(const std::vector<T>& host, cudaStream_t stream) {
        upload(host.data(), host.size(), stream);
    }
    // Copies size() elements to host and waits for them.
    void download(T* host, cudaStream_t stream) const {
        if (!size_) return;
        CUDA_CHECK(cudaMemcpyAsync(host, data_, size_ * sizeof(T), cudaMemcpyDeviceToHost, stream));
        CUDA_CHECK(cudaStreamSynchronize(stream));
    }
    std::vector<T> toHost(cudaStream_t stream) const {
        std::vector<T> host(size_);
        download(host.data(), stream);
        return host;
    }
    void zero(cudaStream_t stream) {
        if (size_) CUDA_CHECK(cudaMemsetAsync(data_, 0, size_ * sizeof(T), stream));
    }
    void poison(cudaStream_t stream) {
        if (size_) CUDA_CHECK(cudaMemsetAsync(data_, 0xFF, size_ * sizeof(T), stream));
    }

  private:
    T* data_ = nullptr;
    size_t size_ = 0, capacity_ = 0;
};

}  // namespace sim::cuda
