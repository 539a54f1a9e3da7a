#include "sim/cuda/device_dual.h"

#include <limits>
#include <vector>

#include "sim/cuda/stage_kernels.h"
#include "sim/solvers/mgpbd/dual_system.h"

namespace sim::cuda {

namespace {

constexpr long long kMaxIndex = std::numeric_limits<int>::max();

// int64 host offsets to the device's int32, or false when one does not fit.
template <class I>
bool narrow(const std::vector<I>& in, std::vector<int>& out) {
    out.resize(in.size());
    for (size_t k = 0; k < in.size(); ++k) {
        if (in[k] < 0 || static_cast<long long>(in[k]) > kMaxIndex) return false;
        out[k] = static_cast<int>(in[k]);
    }
    return true;
}

}  // namespace

template <class T>
std::string DeviceDual<T>::upload(const DualSystem& system, const DeviceRows& rows,
                                  cudaStream_t stream) {
    const CsrMatrix& A = system.A;
    if (A.nonZeros() > kMaxIndex)
        return "A has " + std::to_string(A.nonZeros()) + " nonzeros, beyond 32-bit device indices";
    rows_ = A.rows;
    particles_ = rows.particles();
    nonZeros_ = A.nonZeros();
    slots_ = rows.slots();
    std::vector<int> tmp;
    // Scatter table offsets: slot s gets one entry per slot incident to its particle.
    const auto& incStart = system.incidenceStart();
    const auto& slotParticle = system.slotParticle();
    std::vector<long long> scatterStart(slotParticle.size() + 1, 0);
    for (size_t s = 0; s < slotParticle.size(); ++s)
        scatterStart[s + 1] =
            scatterStart[s] + (incStart[slotParticle[s] + 1] - incStart[slotParticle[s]]);
    if (!narrow(scatterStart, tmp)) return "the scatter table is beyond 32-bit device indices";
    scatterStart_.upload(tmp, stream);
    scatter_.resize(static_cast<size_t>(scatterStart.back()));
    if (!narrow(incStart, tmp)) return "incidence beyond 32-bit device indices";
    incStart_.upload(tmp, stream);
    if (!narrow(system.incidenceSlot(), tmp)) return "incidence beyond 32-bit device indices";
    incSlot_.upload(tmp, stream);
    slotRow_.upload(system.slotRow(), stream);
    if (!narrow(A.rowStart, tmp)) return "A's row offsets beyond 32-bit device indices";
    rowStart_.upload(tmp, stream);
    col_.upload(A.col, stream);
    diag_.resize(rows_);
    val_.resize(static_cast<size_t>(nonZeros_));
    grad_.resize(3 * slotParticle.size());
    b_.resize(rows_);
    alphaTilde_.resize(rows_);
    launchBuildScatter(view(), scatter_.data(), diag_.data(), stream);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    return {};
}

template <class T>
DualView DeviceDual<T>::view() const {
    DualView d;
    d.slots = slots_;
    d.particles = particles_;
    d.slotRow = slotRow_.data();
    d.incStart = incStart_.data();
    d.incSlot = incSlot_.data();
    d.scatterStart = scatterStart_.data();
    d.scatter = scatter_.data();
    d.diag = diag_.data();
    d.rowStart = rowStart_.data();
    d.col = col_.data();
    return d;
}

template <class T>
CsrView<const T> DeviceDual<T>::matrix() const {
    return {rows_, rows_, nonZeros_, rowStart_.data(), col_.data(), val_.data()};
}

template <class T>
void DeviceDual<T>::evaluate(const DeviceRows& rows, const double* p, const double* lambda,
                             cudaStream_t stream) {
    const BlockSet& blocks = rows.blocks();
    for (int b = 0; b < blocks.count; ++b)
        launchEvaluate<T>(blocks.blocks[b], slots_, p, lambda, grad_.data(), b_.data(),
                          alphaTilde_.data(), stream);
}

template <class T>
void DeviceDual<T>::fill(const double* w, cudaStream_t stream) {
    launchFillMatrix<T>(view(), w, grad_.data(), alphaTilde_.data(), val_.data(), stream);
}

template <class T>
void DeviceDual<T>::positionDelta(const double* w, const double* dlambda, double omega, double* dx,
                                  double* p, cudaStream_t stream) {
    launchPositionDelta<T>(view(), w, grad_.data(), dlambda, omega, dx, p, stream);
}

template class DeviceDual<float>;
template class DeviceDual<double>;

}  // namespace sim::cuda
