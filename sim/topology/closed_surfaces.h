#pragma once
// Procedural closed, outward-wound triangle surfaces to tetrahedralize without any
// download: box (beam), icosphere, torus and capsule, plus the closedness check TetGen
// input needs (every edge shared by exactly two triangles).
#include <string>

#include "sim/topology/triangle_mesh.h"

namespace sim {

// Box [-size/2, size/2] centred at `center`, n[k] segments along axis k.
TriangleMesh makeBoxSurface(const Vec3& center, const Vec3& size, int nx, int ny, int nz);
// Icosahedron subdivided `subdivisions` times and projected to the sphere (20*4^s triangles).
TriangleMesh makeIcosphere(const Vec3& center, Real radius, int subdivisions);
// Torus around the y axis: tube of radius r around a circle of radius R.
TriangleMesh makeTorus(const Vec3& center, Real R, Real r, int majorSegments, int minorSegments);
// Capsule along y: cylinder of half-length halfHeight capped by hemispheres of radius r.
TriangleMesh makeCapsule(const Vec3& center, Real r, Real halfHeight, int segments, int rings);

// Empty when every edge has exactly two triangles with opposite windings; else a message
// naming the first open or non-manifold edge.
std::string checkClosedSurface(const TriangleMesh& mesh);

// Bounding box diagonal length of a point set.
Real boundingDiagonal(const std::vector<Vec3>& points);

}  // namespace sim
