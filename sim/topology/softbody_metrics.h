#pragma once
// How far a soft body is from its rest shape, for the bunny_squash benchmark (MGPBD
// Fig. 13): the volume ratio V / V_rest over its tets, and the shape error — the mean
// distance of its vertices to the rest pose after the best rigid alignment (Kabsch:
// centroids matched, rotation from the SVD of the cross-covariance), divided by the rest
// pose's bounding-box diagonal.
#include <vector>

#include "sim/topology/tet_mesh.h"

namespace sim {

struct SoftBodyShape {
    Real volumeRatio = 1;
    Real shapeError = 0;
};

// `rest` holds the rest vertices and the tets; the body's particles start at `offset`.
SoftBodyShape measureSoftBody(const TetMesh& rest, const std::vector<Vec3>& positions,
                              int offset = 0);

// The beam's free end (MGPBD Fig. 15): the particles at the largest x (within 1e-9 m), and
// their mean height, whose drop from rest is the tip deflection.
std::vector<int> particlesAtMaxX(const std::vector<Vec3>& positions);
Real meanHeight(const std::vector<Vec3>& positions, const std::vector<int>& ids);

// The rotation R and translation t minimising sum |R a_i + t - b_i|^2.
void rigidAlign(const std::vector<Vec3>& a, const std::vector<Vec3>& b, Mat3& R, Vec3& t);

}  // namespace sim
