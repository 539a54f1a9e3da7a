#include "sim/world/state_hash.h"

#include <cstdio>

#include "sim/world/world.h"

namespace sim {

namespace {

// FNV-1a over raw bytes.
struct Fnv {
    uint64_t h = 1469598103934665603ull;
    void add(const void* data, size_t bytes) {
        const auto* b = static_cast<const unsigned char*>(data);
        for (size_t k = 0; k < bytes; ++k) h = (h ^ b[k]) * 1099511628211ull;
    }
    template <class T>
    void addVector(const std::vector<T>& v) {
        const uint64_t n = v.size();
        add(&n, sizeof n);
        if (!v.empty()) add(v.data(), v.size() * sizeof(T));
    }
};

// The types of the list when the hash was defined (distance .. tethers): always hashed.
// The retired separation type stood before tethers: its slot is hashed as an empty array, so
// that hashes recorded before its removal (sessions, tests) still hold.
constexpr int kTypesHashedWhenEmpty = 7;
constexpr int kRetiredSeparationSlot = 6;

}  // namespace

uint64_t stateHash(const World& world) {
    Fnv f;
    f.addVector(world.particles.x);
    f.addVector(world.particles.v);
    f.addVector(world.particles.pinned);
    f.addVector(world.triangles);
    int type = 0;
    visitConstraints(world.constraints, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        // Types listed after the first eight count only when present, so a world without
        // them hashes as it did before them and older state files still load.
        if (type == kRetiredSeparationSlot) {
            const uint64_t none = 0;
            f.add(&none, sizeof none);
        }
        if (type++ >= kTypesHashedWhenEmpty && array.empty()) return;
        const uint64_t n = array.size();
        f.add(&n, sizeof n);
        for (const auto& c : array) {
            const auto idx = Traits::indices(c);  // a std::array or, variable arity, a span
            f.add(idx.data(), idx.size() * sizeof(int));
        }
    });
    for (const RigidBody& b : world.rigid.bodies) {  // none: the hash is what it was before them
        const Real motion[13] = {b.x.x(),     b.x.y(),     b.x.z(),    b.q.w(), b.q.x(),
                                 b.q.y(),     b.q.z(),     b.v.x(),    b.v.y(), b.v.z(),
                                 b.omega.x(), b.omega.y(), b.omega.z()};
        f.add(motion, sizeof motion);
    }
    return f.h;
}

std::string stateHashText(const World& world) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(stateHash(world)));
    return text;
}

}  // namespace sim
