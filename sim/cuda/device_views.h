#pragma once
// What the kernels see: plain structs of device pointers and sizes, no Eigen and no CUDA
// syntax, so that both nvcc (the kernels) and the host compiler (the code that owns the
// buffers, sim/cuda/*.cpp) include them. Indices are 32-bit (the uploads check that every
// count fits); positions, lambda, b and the PCG vectors are double; gradients, A and the
// V-cycle are in the precision T the caller picks (float for speed, double for the tests).
#include <cstdint>

// Callable from host and device code (the header is shared with the host compiler).
#ifdef __CUDACC__
#define PBD_HOST_DEVICE __host__ __device__
#else
#define PBD_HOST_DEVICE
#endif

namespace sim::cuda {

// The constraint types of constraint_visit.h that have device rows, one block per type.
enum class RowKind : int { Distance, Bending, Attachment, TetVolume, Arap };

// Doubles per row in RowBlock::params, by kind (the layout follows each case).
PBD_HOST_DEVICE constexpr int rowParamStride(RowKind kind) {
    switch (kind) {
        case RowKind::Distance:
            return 2;  // rest length, compliance scale
        case RowKind::Bending:
            return 3;  // rest angle, compliance scale, max step
        case RowKind::Attachment:
            return 4;  // target x y z, compliance scale
        case RowKind::TetVolume:
            return 2;  // rest volume, compliance scale
        case RowKind::Arap:
            return 11;  // Dm^-1 row-major (9), compliance scale, row
    }
    return 0;
}
PBD_HOST_DEVICE constexpr int rowArity(RowKind kind) {
    return kind == RowKind::Distance ? 2 : kind == RowKind::Attachment ? 1 : 4;
}
// Index of the compliance scale within a row's params.
PBD_HOST_DEVICE constexpr int complianceScaleSlot(RowKind kind) {
    return kind == RowKind::Attachment ? 3 : kind == RowKind::Arap ? 9 : 1;
}

// Rows [begin, begin + count) of the dual system, all of one kind. Row r's particles are
// slotParticle[slotStart[r] .. + arity) and its parameters params[(r - begin) * stride ..].
struct RowBlock {
    RowKind kind = RowKind::Distance;
    int begin = 0, count = 0;
    const double* params = nullptr;
    double alphaTilde = 0;  // the family's compliance / dt^2 (times each row's scale)
};

// The rows' particles (DualSystem's slots): row r owns slots [slotStart[r], slotStart[r+1]).
struct SlotView {
    int rows = 0;
    const int* slotStart = nullptr;
    const int* slotParticle = nullptr;
};

// A CSR matrix (sorted columns) with values of type V.
template <class V>
struct CsrView {
    int rows = 0, cols = 0;
    long long nonZeros = 0;  // rowStart[rows], known to the host to size the launch
    const int* rowStart = nullptr;
    const int* col = nullptr;
    V* val = nullptr;
};

// The dual system's fixed structure (DualSystem::build): particle -> slot incidence, the
// slot-to-CSR scatter table, each row's diagonal offset, and A's pattern.
struct DualView {
    SlotView slots;
    int particles = 0;
    const int* slotRow = nullptr;
    const int* incStart = nullptr;      // particles + 1
    const int* incSlot = nullptr;       // slots
    const int* scatterStart = nullptr;  // slots + 1
    const int* scatter = nullptr;
    const int* diag = nullptr;      // rows
    const int* rowStart = nullptr;  // A's pattern
    const int* col = nullptr;
};

// World::contacts on the device (one per particle at most, as generateContacts makes them).
struct ContactView {
    int count = 0;
    const int* particle = nullptr;
    const double* point = nullptr;     // 3 per contact
    const double* normal = nullptr;    // 3 per contact
    const double* velocity = nullptr;  // 3 per contact: the collider's velocity there
    double* pushed = nullptr;          // accumulated normal correction [m]
};

}  // namespace sim::cuda
