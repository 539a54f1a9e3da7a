#pragma once
// The constraints on the device, as the dual system's rows (row_table.h) grouped into one
// block per type with its parameters packed per row (device_views.h). Uploaded when the
// topology changes; per solve only what can move between steps without a topology change
// is refreshed: attachment targets, and each family's alpha~ = compliance / dt^2 (the
// stiffness sliders).
#include <string>
#include <vector>

#include "sim/cuda/device_buffer.h"
#include "sim/cuda/row_table.h"
#include "sim/cuda/xpbd_kernels.h"

namespace sim::cuda {

class DeviceRows {
  public:
    // Empty, or why these constraints cannot go to the device (a type without device rows,
    // or counts beyond 32-bit indices).
    std::string upload(const StepContext& ctx, const RowTable& table, cudaStream_t stream);
    void refresh(const StepContext& ctx, Real dt, cudaStream_t stream);

    const RowTable& table() const { return table_; }
    const BlockSet& blocks() const { return blocks_; }
    SlotView slots() const { return {table_.size(), slotStart_.data(), slotParticle_.data()}; }
    int rows() const { return table_.size(); }
    int particles() const { return table_.particles; }

  private:
    RowTable table_;
    BlockSet blocks_;
    std::vector<int> blockType_;  // visit-order type of each block
    int attachmentBlock_ = -1;
    std::vector<double> attachmentParams_;
    DeviceBuffer<int> slotStart_, slotParticle_;
    DeviceBuffer<double> params_[kMaxRowBlocks];
};

}  // namespace sim::cuda
