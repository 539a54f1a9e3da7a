#pragma once
// The dual system's rows as (constraint type, constraint) pairs, in DualSystem's order:
// types in visitConstraints order, unilateral types left out, and a constraint is a row
// when one of its particles has w > 0 (DualSystem::build's rule). The GPU path uploads
// constraints in this order so that row r on the device is row r of the CPU's DualSystem,
// and the CPU references of the GPU kernels (xpbd_reference.h) walk the same table.
// Plain C++: built and tested with or without CUDA.
#include <string>
#include <vector>

#include "sim/core/types.h"

namespace sim {
class StepContext;
class DualSystem;
}  // namespace sim

namespace sim::cuda {

struct RowRef {
    int type = 0;   // index in visitConstraints order
    int index = 0;  // constraint within that type's array
    int row = 0;    // row within the constraint (multi-row types, constraint_traits.h)
    int rows = 1;   // the constraint's row count
    // Where this row's multiplier sits in the CPU solvers' per-type lambda arrays.
    int lambdaIndex() const { return index * rows + row; }
};

struct RowTable {
    std::vector<RowRef> rows;
    std::vector<int> slotStart;  // rows + 1: row r's particles are slotParticle[slotStart[r] ..]
    std::vector<int> slotParticle;
    std::vector<int> typeBegin;  // per type in visit order, then the end: rows of type t
    int particles = 0;

    int size() const { return static_cast<int>(rows.size()); }
    int arity(int r) const { return slotStart[r + 1] - slotStart[r]; }
};

RowTable buildRowTable(const StepContext& ctx);

// Empty when `table` numbers rows and slots exactly as `system` does, else what differs.
std::string compareWithDualSystem(const RowTable& table, const DualSystem& system);

// Row r's constraint through the CPU's traits: C at positions p with the gradients in g
// (arity entries), and its material numbers.
struct RowMaterial {
    Real compliance = 0;  // the family's alpha (Settings), before complianceScale
    Real complianceScale = 1;
    Real maxStep = 0;  // the projection's step bound (infinite but for bending)
};
Real evaluateRow(const StepContext& ctx, const std::vector<Vec3>& p, RowRef ref, Vec3 g[4]);
RowMaterial rowMaterial(const StepContext& ctx, RowRef ref);

// Active rows touching each particle (the Jacobi baseline divides by its maximum).
std::vector<int> rowDegrees(const RowTable& table);

// Greedy colouring of the rows: no two rows of one colour share a particle. Rows listed
// per colour in ascending order.
std::vector<std::vector<int>> colourConstraintRows(const RowTable& table);

}  // namespace sim::cuda
