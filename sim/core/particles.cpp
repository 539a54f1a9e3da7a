#include "sim/core/particles.h"

#include <cassert>

namespace sim {

int Particles::add(const Vec3& at, Real mass) {
    assert(mass > 0 && "particle mass must be positive");
    const Vec3 position = at;  // `at` may be an element of x, which push_back reallocates
    x.push_back(position);
    v.push_back(Vec3::Zero());
    p.push_back(position);
    m.push_back(mass);
    w.push_back(1.0 / mass);
    pinned.push_back(0);
    origin.push_back(size() - 1);
    rest.push_back(position);
    return size() - 1;
}

void Particles::setPinned(int i, bool pin) {
    pinned[i] = pin ? 1 : 0;
    w[i] = pin ? 0.0 : 1.0 / m[i];
    if (pin) v[i].setZero();
}

void Particles::clear() {
    x.clear();
    v.clear();
    p.clear();
    m.clear();
    w.clear();
    pinned.clear();
    origin.clear();
    rest.clear();
}

Real Particles::totalMass() const {
    Real total = 0;
    for (Real mi : m) total += mi;
    return total;
}

}  // namespace sim
