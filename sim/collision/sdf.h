#pragma once
// A signed distance field of a closed triangle mesh, sampled on a regular grid at load and
// read back by trilinear interpolation (the static mesh collider of PBD §3.4). Distances
// are exact point-triangle distances at the grid nodes; the sign comes from ray parity
// (an odd number of crossings along +x, with two tie-breaking rays, means inside).
// Outside the grid the distance is the distance to the grid box plus the value at the
// nearest node, which over-estimates nothing that matters for collision (a particle that
// far away is outside). Gradients are central differences of the interpolant.
#include <memory>
#include <string>
#include <vector>

#include "sim/core/types.h"
#include "sim/topology/triangle_mesh.h"

namespace sim {

class SignedDistanceField {
  public:
    // Samples the mesh on a grid of cell size `cell` padded by `padding` around its bounds.
    // Returns null and sets `error` for an empty mesh, a non-positive cell or a grid over
    // 256^3 nodes.
    static std::shared_ptr<const SignedDistanceField> build(const TriangleMesh& mesh, Real cell,
                                                            Real padding, std::string* error);

    Real distance(const Vec3& x) const;  // negative inside
    Vec3 gradient(const Vec3& x) const;  // unit outward direction (approximate)
    Real cellSize() const { return cell_; }
    const Vec3& lower() const { return lower_; }
    // The mesh the field was sampled from, for drawing the collider as it is.
    const std::shared_ptr<const TriangleMesh>& sourceMesh() const { return source_; }
    Vec3 upper() const { return lower_ + cell_ * Vec3(nx_ - 1, ny_ - 1, nz_ - 1); }

  private:
    Real node(int i, int j, int k) const { return values_[(size_t(k) * ny_ + j) * nx_ + i]; }
    Real sampleInside(const Vec3& x) const;

    Vec3 lower_ = Vec3::Zero();
    Real cell_ = 1;
    int nx_ = 0, ny_ = 0, nz_ = 0;
    std::vector<Real> values_;
    std::shared_ptr<const TriangleMesh> source_;
};

// Distance from x to triangle (a, b, c); exact (Ericson's closest-point regions).
Real pointTriangleDistance(const Vec3& x, const Vec3& a, const Vec3& b, const Vec3& c);
Vec3 closestPointOnTriangle(const Vec3& x, const Vec3& a, const Vec3& b, const Vec3& c);

}  // namespace sim
