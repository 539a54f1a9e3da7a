#pragma once
// Particles as a structure of arrays addressed by index (PBD paper §3.1): position x,
// velocity v, predicted position p, mass m and inverse mass w. w = 0 means the particle
// does not move under constraints (pinned, grabbed or attached, §3.6); the true mass is
// kept in m so that unpinning restores it.
#include <vector>

#include "sim/core/types.h"

namespace sim {

struct Particles {
    std::vector<Vec3> x;  // positions at the start of the step [m]
    std::vector<Vec3> v;  // velocities [m/s]
    std::vector<Vec3> p;  // predicted positions, written by the solvers [m]
    std::vector<Real> m;  // mass [kg], always > 0
    std::vector<Real> w;  // inverse mass used by the solvers [1/kg]; 0 when pinned
    std::vector<uint8_t> pinned;
    // The particle this one was split from by tearing or cutting, followed back to the
    // mesh's original vertex (its own index if never split). Self collision treats all
    // particles of one origin as one vertex of the rest mesh.
    std::vector<int> origin;
    // Where the particle was when it was added (the rest shape; scenes that start deformed
    // move x afterwards). Splits copy it. Tethers measure rest distances with it.
    std::vector<Vec3> rest;

    int size() const { return static_cast<int>(x.size()); }
    int add(const Vec3& position, Real mass);
    void setPinned(int i, bool pin);
    void clear();
    Real totalMass() const;
};

}  // namespace sim
