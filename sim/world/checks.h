#pragma once
// Solver-independent checks the --stats columns report: particles deeper than the
// collision thickness inside a collider, vertex-triangle crossings between two frames
// (ccd.h), the number of connected pieces (union-find over stretch constraints) and the
// volume of the pressure surfaces over their target; and the energy bound of the energy
// sweep and tests.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "sim/collision/ccd.h"

namespace sim {

class World;
using Triangle = std::array<int, 3>;

// Particles whose position lies deeper than settings.collisionThickness inside any collider.
int countPenetrations(const World& world);

// m g h: the potential energy the free particles would release falling from where they are
// to the ground plane y = 0 (mass x |gravity| x height of their centre of mass) [J]. Taken
// at the start of a scene where nothing else does work, kinetic energy must stay below it.
Real releasableEnergy(const World& world);

// Connected pieces: particles joined by stretch constraints or triangles; a particle with
// neither counts as its own piece.
int countComponents(const World& world);
// Each particle's component, named by one of its particles (the same joins as above).
std::vector<int> componentRoots(const World& world);

// The volume the closed pressure surfaces (constraints/pressure.h) enclose at x over their
// target k_pressure V0, summed over all of them; 0 when the world has none.
Real volumeRatio(const World& world);

// Remembers the positions of the last call and counts the vertex-triangle crossings since
// then (vertexTriangleCrossing, ccd.h). Particles added by tearing start where their
// velocity traces them back to. The work of one call is bounded so that the check costs no
// more than about the step it checks, however violent the motion: triangles' swept boxes go
// into a hashed grid (cells about two edges long), each vertex's swept box visits its cells,
// and a box over kMaxCells cells is tested against every triangle. Work is counted (a cell
// visit or a box test 1, an exact test kExactCost) against the larger of kFloorPerElement x
// (particles + triangles) and kPerProjection x the step's projections (substeps x iterations
// x constraints); when it runs out the call stops, returns what it found and truncated()
// says the count is a lower bound. Ordinary motion needs 20-35 units per element, so only
// violent frames are cut short.
class CrossingMonitor {
  public:
    static constexpr int kMaxCells = 64;
    static constexpr long kExactCost = 32;
    static constexpr long kFloorPerElement = 48;
    static constexpr long kPerProjection = 8;

    int update(const World& world);
    bool truncated() const { return truncated_; }  // the last update ran out of work
    long truncatedUpdates() const { return truncatedUpdates_; }
    long lastWork() const { return lastWork_; }

  private:
    // Each triangle's box swept from x0 to x1 into triBoxes_; returns the sum of their first
    // edges' lengths (the grid's cell size follows it).
    Real boxTriangles(const std::vector<Vec3>& x0, const std::vector<Vec3>& x1,
                      const std::vector<Triangle>& triangles);
    // Sorts cellOf_ by bucket into entries_ (a counting sort); returns the bucket mask.
    uint64_t sortCells();
    int count(const std::vector<Vec3>& x0, const std::vector<Vec3>& x1,
              const std::vector<Triangle>& triangles, long budget);

    std::vector<Vec3> previous_;
    std::vector<Aabb> triBoxes_;
    std::vector<std::pair<uint64_t, int>> cellOf_;  // (hashed cell, triangle)
    std::vector<uint32_t> start_, fill_;            // bucket ranges in entries_
    std::vector<int> entries_;                      // triangles by bucket
    std::vector<int> large_;                        // triangles over kMaxCells cells
    std::vector<uint32_t> seen_;                    // per triangle: last vertex stamp
    uint32_t stamp_ = 0;
    bool truncated_ = false;
    long truncatedUpdates_ = 0, lastWork_ = 0;
};

// Counts the pairs of mesh edges (sharing no vertex, nor origin: sharesOrigin, ccd.h) that
// passed through each other since the last call (edgeEdgeCrossing, ccd.h): the crossings no
// vertex-triangle test sees.
// New particles are traced back as CrossingMonitor does.
class EdgeCrossingMonitor {
  public:
    int update(const World& world);
    long truncatedUpdates() const { return truncatedUpdates_; }  // lower-bound counts

  private:
    std::vector<Vec3> previous_;
    long truncatedUpdates_ = 0;
    std::vector<std::array<int, 2>> edges_;                // the triangles' edges, each once
    std::optional<std::pair<uint64_t, size_t>> edgesFor_;  // (topology version, triangles)
    CrossingCounter counter_;
};

}  // namespace sim
