#include "sim/cuda/device_rows.h"

#include <limits>
#include <type_traits>

#include "sim/constraints/constraint_set.h"
#include "sim/contact/step_context.h"

namespace sim::cuda {

namespace {

// The device kind of a constraint type and its parameters (device_views.h's layouts).
template <class C>
constexpr bool kHasDeviceRows =
    std::is_same_v<C, DistanceConstraint> || std::is_same_v<C, BendingConstraint> ||
    std::is_same_v<C, AttachmentConstraint> || std::is_same_v<C, TetVolumeConstraint> ||
    std::is_same_v<C, ArapConstraint> || std::is_same_v<C, ArapStrainConstraint>;

template <class C>
RowKind kindOf() {
    if constexpr (std::is_same_v<C, DistanceConstraint>)
        return RowKind::Distance;
    else if constexpr (std::is_same_v<C, BendingConstraint>)
        return RowKind::Bending;
    else if constexpr (std::is_same_v<C, AttachmentConstraint>)
        return RowKind::Attachment;
    else if constexpr (std::is_same_v<C, TetVolumeConstraint>)
        return RowKind::TetVolume;
    else
        return RowKind::Arap;
}

// `row`: the row within a multi-row constraint (ARAP strain rows 0..5; the norm row is -1).
template <class C>
void pack(const C& c, int row, double* q) {
    if constexpr (std::is_same_v<C, DistanceConstraint>) {
        q[0] = c.restLength;
        q[1] = c.complianceScale;
    } else if constexpr (std::is_same_v<C, BendingConstraint>) {
        q[0] = c.restAngle;
        q[1] = c.complianceScale;
        q[2] = c.maxStep;
    } else if constexpr (std::is_same_v<C, AttachmentConstraint>) {
        q[0] = c.target.x();
        q[1] = c.target.y();
        q[2] = c.target.z();
        q[3] = c.complianceScale;
    } else if constexpr (std::is_same_v<C, TetVolumeConstraint>) {
        q[0] = c.restVolume;
        q[1] = c.complianceScale;
    } else if constexpr (std::is_same_v<C, ArapConstraint> ||
                         std::is_same_v<C, ArapStrainConstraint>) {
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) q[3 * i + j] = c.restInverse(i, j);
        q[9] = c.complianceScale;
        q[10] = std::is_same_v<C, ArapConstraint> ? -1 : row;
    }
}

}  // namespace

std::string DeviceRows::upload(const StepContext& ctx, const RowTable& table, cudaStream_t stream) {
    if (table.slotParticle.size() > static_cast<size_t>(std::numeric_limits<int>::max()))
        return "too many constraint slots for 32-bit device indices";
    table_ = table;
    blocks_ = BlockSet{};
    blockType_.clear();
    attachmentBlock_ = -1;
    std::string error;
    int type = 0;
    visitConstraints(ctx.constraints, [&](const auto& array, const auto&) {
        using C = typename std::decay_t<decltype(array)>::value_type;
        const int t = type++;
        const int begin = table.typeBegin[t], count = table.typeBegin[t + 1] - begin;
        if (count == 0 || !error.empty()) return;
        if constexpr (!kHasDeviceRows<C>) {
            error = "constraint type " + std::to_string(t) + " has no device rows";
        } else {
            if (blocks_.count == kMaxRowBlocks) {
                error = "more constraint types than device blocks";
                return;
            }
            const int b = blocks_.count++;
            RowBlock& block = blocks_.blocks[b];
            block.kind = kindOf<C>();
            block.begin = begin;
            block.count = count;
            const int stride = rowParamStride(block.kind);
            std::vector<double> params(static_cast<size_t>(count) * stride);
            for (int k = 0; k < count; ++k)
                pack(array[table.rows[begin + k].index], table.rows[begin + k].row,
                     &params[size_t(k) * stride]);
            params_[b].upload(params, stream);
            block.params = params_[b].data();
            blockType_.push_back(t);
            if (block.kind == RowKind::Attachment) {
                attachmentBlock_ = b;
                attachmentParams_ = std::move(params);
            }
        }
    });
    if (!error.empty()) return error;
    slotStart_.upload(table.slotStart, stream);
    slotParticle_.upload(table.slotParticle, stream);
    CUDA_CHECK(cudaStreamSynchronize(stream));  // the host vectors above go out of scope
    return {};
}

void DeviceRows::refresh(const StepContext& ctx, Real dt, cudaStream_t stream) {
    int type = 0, b = 0;
    visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        const int t = type++;
        if (b >= blocks_.count || blockType_[b] != t) return;
        blocks_.blocks[b].alphaTilde = Traits::material(ctx.settings).compliance / (dt * dt);
        if (b == attachmentBlock_) {
            RowBlock& block = blocks_.blocks[b];
            const int stride = rowParamStride(block.kind);
            for (int k = 0; k < block.count; ++k)
                pack(array[table_.rows[block.begin + k].index], table_.rows[block.begin + k].row,
                     &attachmentParams_[size_t(k) * stride]);
            params_[b].upload(attachmentParams_, stream);
        }
        ++b;
    });
}

}  // namespace sim::cuda
