#include "sim/cuda/row_table.h"

#include <cstdint>
#include <type_traits>

#include "sim/constraints/constraint_set.h"
#include "sim/contact/step_context.h"
#include "sim/solvers/mgpbd/dual_system.h"

namespace sim::cuda {

namespace {

// Calls f(constraint, traits) for the constraint `ref` names.
template <class F>
void withRow(const StepContext& ctx, RowRef ref, F&& f) {
    int type = 0;
    visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
        if (type++ == ref.type) f(array[ref.index], traits);
    });
}

}  // namespace

RowTable buildRowTable(const StepContext& ctx) {
    const Particles& P = ctx.particles;
    RowTable t;
    t.particles = P.size();
    t.slotStart.assign(1, 0);
    int type = 0;
    visitConstraints(ctx.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        t.typeBegin.push_back(t.size());
        const int thisType = type++;
        // Unilateral and dense types are no rows: projected on the host after the loop, as
        // MGPBD on the CPU does (gpu_common.h, projectRemaining).
        if constexpr (Traits::unilateral || Traits::dense) return;
        for (size_t c = 0; c < array.size(); ++c) {
            const auto idx = Traits::indices(array[c]);
            bool active = false;
            for (int i : idx) active = active || P.w[i] > 0;
            if (!active) continue;
            for (int row = 0; row < Traits::rows; ++row) {
                t.rows.push_back({thisType, static_cast<int>(c), row, Traits::rows});
                for (int i : idx) t.slotParticle.push_back(i);
                t.slotStart.push_back(static_cast<int>(t.slotParticle.size()));
            }
        }
    });
    t.typeBegin.push_back(t.size());
    return t;
}

std::string compareWithDualSystem(const RowTable& table, const DualSystem& system) {
    if (system.rows() != table.size())
        return "rows: DualSystem " + std::to_string(system.rows()) + ", row table " +
               std::to_string(table.size());
    const auto& start = system.slotStart();
    const auto& particle = system.slotParticle();
    if (start.size() != table.slotStart.size() || particle.size() != table.slotParticle.size())
        return "slot counts differ";
    for (size_t r = 0; r < start.size(); ++r)
        if (start[r] != table.slotStart[r])
            return "slot start of row " + std::to_string(r) + " differs";
    for (size_t s = 0; s < particle.size(); ++s)
        if (particle[s] != table.slotParticle[s])
            return "particle of slot " + std::to_string(s) + " differs";
    return {};
}

Real evaluateRow(const StepContext& ctx, const std::vector<Vec3>& p, RowRef ref, Vec3 g[4]) {
    Real C = 0;
    withRow(ctx, ref, [&](const auto& con, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        if constexpr (!kVariableArityOf<Traits>) {  // variable-arity types are never rows
            Real rows[Traits::rows];
            Vec3 local[Traits::rows][Traits::arity];
            evaluateRows<Traits>(con, p, rows, local);
            C = rows[ref.row];
            for (int k = 0; k < Traits::arity; ++k) g[k] = local[ref.row][k];
        }
    });
    return C;
}

RowMaterial rowMaterial(const StepContext& ctx, RowRef ref) {
    RowMaterial m;
    withRow(ctx, ref, [&](const auto& con, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        m.compliance = Traits::material(ctx.settings).compliance;
        m.complianceScale = con.complianceScale;
        m.maxStep = Traits::maxStep(con);
    });
    return m;
}

std::vector<int> rowDegrees(const RowTable& table) {
    std::vector<int> degree(table.particles, 0);
    for (int p : table.slotParticle) ++degree[p];
    return degree;
}

std::vector<std::vector<int>> colourConstraintRows(const RowTable& table) {
    // Per particle, a bit per colour already taken by one of its rows (64 colours a word).
    std::vector<std::vector<uint64_t>> taken(table.particles);
    std::vector<std::vector<int>> colours;
    for (int r = 0; r < table.size(); ++r) {
        int colour = 0;
        for (;; ++colour) {
            const size_t word = colour / 64;
            const uint64_t bit = uint64_t(1) << (colour % 64);
            bool free = true;
            for (int s = table.slotStart[r]; s < table.slotStart[r + 1] && free; ++s) {
                const auto& mask = taken[table.slotParticle[s]];
                free = word >= mask.size() || !(mask[word] & bit);
            }
            if (free) break;
        }
        for (int s = table.slotStart[r]; s < table.slotStart[r + 1]; ++s) {
            auto& mask = taken[table.slotParticle[s]];
            if (mask.size() <= static_cast<size_t>(colour / 64)) mask.resize(colour / 64 + 1, 0);
            mask[colour / 64] |= uint64_t(1) << (colour % 64);
        }
        if (static_cast<int>(colours.size()) <= colour) colours.resize(colour + 1);
        colours[colour].push_back(r);
    }
    return colours;
}

}  // namespace sim::cuda
