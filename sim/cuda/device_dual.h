#pragma once
// MGPBD's dual system A dlambda = b (Li et al. 2025 eq. 3) on the device: the CPU's
// DualSystem builds the structure once per topology (active rows, incidence, A's pattern,
// the slot-to-CSR scatter table) and it is uploaded here; every outer iteration then
// evaluates C and grad C (b, alpha~), refills A's values in place and maps dlambda back to
// positions (eq. 5) without leaving the device. T is the precision of the gradients and of
// A's values.
#include <string>

#include "sim/cuda/device_buffer.h"
#include "sim/cuda/device_rows.h"

namespace sim {
class DualSystem;
}

namespace sim::cuda {

template <class T>
class DeviceDual {
  public:
    // Empty, or why the structure does not fit 32-bit device indices.
    std::string upload(const DualSystem& system, const DeviceRows& rows, cudaStream_t stream);
    // Lines 4/6: gradients, alpha~ and b = -C - alpha~ lambda at positions p.
    void evaluate(const DeviceRows& rows, const double* p, const double* lambda,
                  cudaStream_t stream);
    // Line 5: A's values from the last evaluate's gradients and the inverse masses w.
    void fill(const double* w, cudaStream_t stream);
    // Lines 9 and 11: p += omega M^-1 grad C^T dlambda (dx written too when given).
    void positionDelta(const double* w, const double* dlambda, double omega, double* dx, double* p,
                       cudaStream_t stream);

    int rows() const { return rows_; }
    int particles() const { return particles_; }
    long long nonZeros() const { return nonZeros_; }
    DualView view() const;
    CsrView<const T> matrix() const;
    const int* diagonal() const { return diag_.data(); }
    DeviceBuffer<T>& values() { return val_; }
    DeviceBuffer<T>& gradients() { return grad_; }
    DeviceBuffer<double>& b() { return b_; }
    DeviceBuffer<double>& alphaTilde() { return alphaTilde_; }

  private:
    int rows_ = 0, particles_ = 0;
    long long nonZeros_ = 0;
    SlotView slots_;
    DeviceBuffer<int> slotRow_, incStart_, incSlot_, scatterStart_, scatter_, diag_, rowStart_,
        col_;
    DeviceBuffer<T> val_, grad_;
    DeviceBuffer<double> b_, alphaTilde_;
};

extern template class DeviceDual<float>;
extern template class DeviceDual<double>;

}  // namespace sim::cuda
