#include "sim/cuda/gpu_microbench.h"

#include <cusparse.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "sim/cuda/device_buffer.h"
#include "sim/cuda/gpu_common.h"
#include "sim/cuda/linalg_kernels.h"

namespace sim::cuda {

namespace {

// Milliseconds per call of f over `repeats` calls on `stream`, after one untimed call.
template <class F>
double timeOn(cudaStream_t stream, int repeats, F&& f) {
    f();
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start, stream));
    for (int k = 0; k < repeats; ++k) f();
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return ms / std::max(repeats, 1);
}

}  // namespace

SpmvTiming timeSpmvFloat(const CsrMatrix& A, int repeats) {
    Stream stream;
    SpmvTiming t;
    const std::vector<int> start(A.rowStart.begin(), A.rowStart.end());
    const std::vector<float> val(A.val.begin(), A.val.end());
    std::vector<float> x(A.cols);
    for (int i = 0; i < A.cols; ++i) x[i] = static_cast<float>(std::sin(0.37 * i));
    DeviceBuffer<int> rowStart, col;
    DeviceBuffer<float> values, dx, yOwn, yLib;
    rowStart.upload(start, stream);
    col.upload(A.col, stream);
    values.upload(val, stream);
    dx.upload(x, stream);
    yOwn.resize(A.rows);
    yLib.resize(A.rows);
    const CsrView<const float> view{A.rows,          A.cols,     A.nonZeros(),
                                    rowStart.data(), col.data(), values.data()};
    t.msOwn = timeOn(stream, repeats,
                     [&] { launchMultiply<float, float>(view, dx.data(), yOwn.data(), stream); });

    cusparseHandle_t handle = nullptr;
    CUDA_LIBRARY_CHECK(cusparseCreate(&handle));
    CUDA_LIBRARY_CHECK(cusparseSetStream(handle, stream));
    cusparseSpMatDescr_t matrix = nullptr;
    cusparseDnVecDescr_t vx = nullptr, vy = nullptr;
    CUDA_LIBRARY_CHECK(cusparseCreateCsr(&matrix, A.rows, A.cols, A.nonZeros(), rowStart.data(),
                                         col.data(), values.data(), CUSPARSE_INDEX_32I,
                                         CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
    CUDA_LIBRARY_CHECK(cusparseCreateDnVec(&vx, A.cols, dx.data(), CUDA_R_32F));
    CUDA_LIBRARY_CHECK(cusparseCreateDnVec(&vy, A.rows, yLib.data(), CUDA_R_32F));
    const float alpha = 1, beta = 0;
    size_t bytes = 0;
    CUDA_LIBRARY_CHECK(cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha,
                                               matrix, vx, &beta, vy, CUDA_R_32F,
                                               CUSPARSE_SPMV_ALG_DEFAULT, &bytes));
    DeviceBuffer<char> buffer(std::max<size_t>(bytes, 1));
    t.msCusparse = timeOn(stream, repeats, [&] {
        CUDA_LIBRARY_CHECK(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix,
                                        vx, &beta, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT,
                                        buffer.data()));
    });
    cusparseDestroyDnVec(vx);
    cusparseDestroyDnVec(vy);
    cusparseDestroySpMat(matrix);
    cusparseDestroy(handle);

    const std::vector<float> a = yOwn.toHost(stream), b = yLib.toHost(stream);
    double diff = 0, scale = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        diff = std::max(diff, std::abs(double(a[i]) - double(b[i])));
        scale = std::max(scale, std::abs(double(b[i])));
    }
    t.maxDifference = scale > 0 ? diff / scale : diff;
    return t;
}

double copyBandwidth(size_t bytes, int repeats) {
    Stream stream;
    DeviceBuffer<char> from(bytes), to(bytes);
    from.zero(stream);
    const double ms = timeOn(stream, repeats, [&] {
        CUDA_CHECK(
            cudaMemcpyAsync(to.data(), from.data(), bytes, cudaMemcpyDeviceToDevice, stream));
    });
    return 2.0 * double(bytes) / (ms * 1e-3) / 1e9;
}

}  // namespace sim::cuda
