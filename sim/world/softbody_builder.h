#pragma once
// Turns a tet mesh into a soft body: one particle per vertex carrying a quarter of the
// mass of each adjacent tet (density x rest volume), and per the chosen model a distance
// constraint per tet edge (paper 004 eq. 15), a volume constraint per tet (eq. 20) and/or
// an ARAP constraint per tet (MGPBD eq. 8, compliance 1/(mu V_rest) via complianceScale).
// The boundary surface goes into World::triangles, so rendering, picking (grab and pin on
// the nearest vertex of the hit triangle) and wind see the soft body like a cloth.
#include <optional>
#include <string>

#include "sim/topology/tet_mesh.h"
#include "sim/world/world.h"

namespace sim {

struct SoftBodyOptions {
    Real density = 1000.0;  // [kg/m^3]
    bool edges = false;     // distance constraint per tet edge (family Settings::stretch)
    bool volume = false;    // volume constraint per tet (family Settings::volume)
    bool arap = true;       // ARAP constraint(s) per tet (family Settings::arap)
    ArapForm arapForm = ArapForm::Norm;  // one norm row or six strain rows per tet
    Real edgeComplianceScale = 1.0;      // multiplies Settings::stretch.compliance for tet edges
};

// Where a soft body sits in its world.
struct SoftBodyHandle {
    int firstParticle = 0;
    int particleCount = 0;
    int firstTriangle = 0;
    int triangleCount = 0;
    Real restVolume = 0;  // [m^3]
};

// Appends the body (tets are re-oriented to positive volume) and bumps the topology
// version. On bad input (checkTetMesh, density) returns the message, world untouched.
std::string addSoftBody(World& world, const TetMesh& mesh, const SoftBodyOptions& options,
                        SoftBodyHandle* handle = nullptr);

}  // namespace sim
