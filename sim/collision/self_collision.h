#pragma once
// Self collision of cloth and soft-body surfaces, PBD paper §4.3. Triangles and vertices
// are hashed by the boxes they sweep from x to p (spatial_hash.h). For every vertex q near
// a triangle (p1, p2, p3) it does not belong to, an inequality constraint (eq. 12-13)
//     C(q, p1, p2, p3) = s (q - p1) . n - h >= 0,   n = (p2-p1) x (p3-p1) / |...|
// keeps q on the side s in {+1, -1} it was on at the start of the substep, at least the
// thickness h away. Generated once per substep like the collider contacts and projected
// with stiffness 1 next to them by every solver (projectSelfContacts).
//
// Gradient: we hold n fixed within one projection and spread the triangle's part by the
// barycentric weights b_k of q's projection onto it, grad_q C = s n, grad_pk C = -s b_k n
// (Bridson et al. 2002). This drops the rotation of n that eq. 13 carries, conserves
// linear momentum, and does not blow up for a needle triangle.
//
// Three departures from eq. 12 keep a tangled or fast state from gaining energy (found on
// tearable_cloth, docs/notes/contacts.md): (1) the side s is
// taken only while q is over the triangle (its projection inside, with a small slack); a
// vertex beside it gets its side when it first comes over it, and loses it when it leaves,
// since crossing the plane outside the triangle is no crossing and the old sign would pull
// q back through it.
// (2) h is replaced by min(h, d0), d0 the distance q started the substep at: a pair
// closer than h is held, not pushed apart, so the start positions x always satisfy every
// contact. (3) Each projection moves a vertex at most 2h plus the pair's relative motion
// (at most half the triangle), and all self contacts together move a particle at most 12h
// plus its own predicted motion per substep (a budget), so pairs that cannot all hold (a
// tangle) stop there instead of turning the difference into speed through v = (p - x)/dt.
// Pairs are generated when their relative motion can bring them within 2h: a piece that
// flies as a whole gains none.

// Rest-mesh neighbours never collide: a vertex is not tested against a triangle when it
// is, or shares a stretch edge with, one of the triangle's vertices, compared by
// Particles::origin so that the two sides of a tear still count as neighbours. With h
// near half the edge length (tearable_cloth: h = 0.01, edges 0.025) such pairs are always
// within reach while nearly coplanar, so the side s they start with is noise, and two of
// them can demand q above one triangle and below its coplanar neighbour. Skipping them cuts
// most of the contacts of tearable_cloth's hanging sheet; it does not by itself stop that
// scene's runaway once tearing speeds up (docs/notes/contacts.md).
//
// Between pieces (Settings::bodyContacts): the same pairs, but only where q and the
// triangle belong to different pieces (connected through triangles: a soft body's surface,
// a cloth, a torn-off flap), and q on a triangle (a soft body's inner vertices stay out).
// A world of one piece then costs nothing. This is how a soft body meets a cloth or
// another soft body (issue 18); self collision (within a piece) is the costly superset.
//
// Edge-edge (Settings::edgeContacts, resolveEdgeCrossings): two edges can pass through each
// other while no vertex crosses a triangle (two strips crossing like an X). These contacts are
// made only where it happens, after the solve: each pair of mesh edges (a, b), (c, d), sharing
// no vertex (nor origin: a tear's copies start together), whose straight paths x -> p pass
// through each other (the exact cubic test of ccd.h: f(t) = (b - a) x (d - c) . (c - a) changes
// sign where the lines meet within both segments) gets the inequality
//     C = s ((1 - u) a + u b - (1 - v) c - v d) . n - gap >= 0,  n = (b - a) x (d - c) / |...|
// at p (u, v the closest points' parameters, clamped to the segments), s the side it started
// the substep on (f's sign at x: f = -|(b - a) x (d - c)| (a - c) . n), gap = min(h, the
// lines' distance at x), projected once with stiffness 1 and n held fixed (grad_a =
// s (1 - u) n, grad_b = s u n, grad_c = -s (1 - v) n, grad_d = -s v n; linear momentum is
// kept). A projection moves a vertex at most its pair's relative motion (at most half the
// longer edge) plus 2h, and within the per-particle budget the vertex-triangle pairs spend (the
// same rules), so pairs that cannot hold are not turned into speed through v = (p - x)/dt. Up to
// kEdgePasses passes re-test the edges a pass moved. Candidate pairs: within pieces (self
// collision), boxes of the sweeps x -> p, swept and pruned along one axis; between pieces (body
// contacts), where the vertex-triangle pairs are few, the edges of each pair's vertex q against
// its triangle's three edges.
//
// Only edges with a vertex in one of the substep's vertex-triangle pairs are tested (testing
// every edge cost tearable_cloth 50-70 % more per frame). Where two edges cross, the end of one
// nearer the crossing is within half its length of a triangle of the other, so within h of its
// box, which is what makes a vertex-triangle pair, when edges are at most 2h long; longer ones
// (tearable_cloth's are 2.5h) are covered where a pair is near, not everywhere. --stats counts
// what remains in its edge_crossings column (EdgeCrossingMonitor). A proximity contact for every
// near edge pair (Bridson et al. 2002) was tried first: several times slower, and mixed on
// tearable_cloth's pile (docs/notes/contacts.md).
#include <vector>

#include "sim/collision/spatial_hash.h"
#include "sim/collision/work_bound.h"
#include "sim/constraints/contact.h"
#include "sim/constraints/distance.h"
#include "sim/core/particles.h"

namespace sim {

// Barycentric coordinates of the projection of x onto the plane of triangle (a, b, c);
// (1, 0, 0) for a degenerate triangle. Shared with the rigid body-triangle pairs.
void barycentric(const Vec3& x, const Vec3& a, const Vec3& b, const Vec3& c, Real out[3]);

struct SelfContact {
    int q = 0;               // the vertex
    int tri[3] = {0, 0, 0};  // the triangle's vertices
    // Which side q must stay on: +1 or -1, or 0 while undetermined (q was beside the
    // triangle at the start of the substep, so the side of its plane says nothing; the
    // side is taken when q is first seen over the triangle).
    Real side = 0;
    Real start = 0;    // q's signed distance from the triangle's plane at x [m]
    Real gap = 0;      // distance kept: min(h, the distance q started at) [m]
    Real maxStep = 0;  // largest correction per projection [m]
    // Bit k set (k = 0 for q, 1..3 for the triangle) when that vertex touches a collider
    // this substep and this constraint would push it into the collider: it then counts as
    // immovable here, so the layer resting on the ground is not pushed into it by the layer
    // above (falls back to the true masses when the free vertices cannot take it).
    // supported[0] holds the bits for side +1, supported[1] for side -1.
    uint8_t supported[2] = {0, 0};
};

class SelfCollision {
  public:
    // Finds the vertex-triangle pairs close enough to touch this substep. `thickness` is h.
    // `withinPieces` false keeps only the pairs between separate pieces (see above).
    // `colliderContacts` marks the vertices the colliders support (SelfContact::supported).
    // `edges` (the stretch constraints) define the rest-mesh neighbours that are skipped;
    // they are re-read when `topologyVersion` or the particle count changes. `budget` gets
    // each particle's self-contact correction allowance for the substep [m].
    void generate(const Particles& P, const std::vector<std::array<int, 3>>& triangles,
                  const std::vector<DistanceConstraint>& edges, uint64_t topologyVersion,
                  Real thickness, bool withinPieces, const std::vector<Contact>& colliderContacts,
                  std::vector<SelfContact>& contacts, std::vector<Real>& budget);

    // True when q is one of the triangle's rest-mesh vertices or their neighbours.
    bool restNeighbours(const Particles& P, int q, const std::array<int, 3>& tri) const;

    // After the solve: the edge-edge pairs that passed through each other between x and p are
    // pushed back to the side they started on (see above); `withinPieces` false keeps only the
    // pairs between separate pieces, as in generate. `pairs` are the substep's vertex-triangle
    // pairs (generate's), `budget` what the self contacts may still move each particle
    // (generate's, spent by projectSelfContacts). Returns the projections made.
    int resolveEdgeCrossings(Particles& P, const std::vector<std::array<int, 3>>& triangles,
                             uint64_t topologyVersion, Real thickness, bool withinPieces,
                             const std::vector<SelfContact>& pairs, std::vector<Real>& budget);
    static constexpr int kEdgePasses = 4;

    // True when the last generate or resolveEdgeCrossings stopped at its work bound
    // (WorkBound: boxes examined by generate's queries, pairs of boxes looked at by
    // resolveEdgeCrossings), whatever a rip, a cut or a yank left behind (sliver triangles
    // whose boxes span the sheet, piles of contacts). Past the bound the pairs not yet looked
    // at go untested for that substep: a rip may let the sheet pass through itself there,
    // where without the bound one substep ran for seconds.
    bool cutShort() const { return cutShort_; }
    // An edge's box counts as long past kLongBox times the mean extent on the sweep axis.
    static constexpr Real kLongBox = 8;

  private:
    void buildNeighbours(const Particles& P, const std::vector<DistanceConstraint>& edges);
    // Splits the tested edges' boxes into short and long ones on `axis` (edgeLong_,
    // longEdges_) and sorts them by their low end there (edgeOrder_); returns the longest
    // extent of a short box.
    Real sortEdgeBoxes(int axis);
    // The box of edge e's sweep x -> p.
    Aabb sweptEdgeBox(const Particles& P, int e) const;
    // Marks the particles of `pairs` (marked_) and boxes the edges touching them
    // (edgesTested_, edgeBoxes_); returns the box of them all.
    Aabb boxEdgesOfPairs(const Particles& P, const std::vector<SelfContact>& pairs);
    // piece_[i]: the piece of particle i (0 .. pieces - 1, joined through triangles), or -1
    // for a particle on no triangle; returns the number of pieces.
    int buildPieces(int particles, const std::vector<std::array<int, 3>>& triangles);
    // True when `box` meets the box of a piece other than `piece` (always, past
    // kMaxBroadPhasePieces pieces: a shredded cloth is left to the hash alone).
    bool nearOtherPiece(const Aabb& box, int piece) const;
    // Boxes the triangles' sweeps (x to p, inflated by h) and hashes them, or between pieces
    // only those near another piece; false when none is.
    bool hashTriangles(const Particles& P, const std::vector<std::array<int, 3>>& triangles,
                       Real thickness, bool withinPieces);
    static constexpr int kMaxBroadPhasePieces = 16;

    // CSR over origins: the origins sharing a stretch edge with origin o are
    // neighbours_[neighbourStart_[o] .. neighbourStart_[o + 1]).
    std::vector<int> neighbourStart_, neighbours_;
    uint64_t neighbourVersion_ = ~uint64_t(0);
    int neighbourParticles_ = -1;
    std::vector<int> piece_;
    int pieces_ = 0;
    std::vector<Aabb> pieceBoxes_;  // per piece: its triangles' boxes (between pieces only)
    std::vector<int> hashed_;       // the triangles hashed when not all are (else empty)
    std::vector<Aabb> hashBoxes_;   // their boxes

    std::vector<int> supported_;  // collider contact of each particle, or -1
    std::vector<Aabb> triBoxes_;
    SpatialHash hash_;

    // resolveEdgeCrossings: the triangles' edges, each once (rebuilt with the topology).
    void updateMeshEdges(const std::vector<std::array<int, 3>>& triangles, uint64_t version,
                         int particles);
    std::vector<std::array<int, 2>> meshEdges_;
    // CSR: the particles joined to particle i by a mesh edge are
    // edgeNeighbours_[edgeNeighbourStart_[i] .. edgeNeighbourStart_[i + 1]).
    std::vector<int> edgeNeighbourStart_, edgeNeighbours_;
    uint64_t meshEdgesVersion_ = ~uint64_t(0);
    size_t meshEdgesTriangles_ = 0;
    int meshEdgesParticles_ = -1;
    // The edge-edge inequality for one pair of edges unless they share an origin; marks their
    // particles as moved and returns 1 when it moved one, keeping the largest move in *drift.
    int resolveEdgePair(Particles& P, int a, int b, int c, int d, Real thickness,
                        std::vector<Real>& budget, Real* drift);
    // The contact of vertex q with triangle tri, when the pair can touch this substep.
    bool pairContact(const Particles& P, int q, const std::array<int, 3>& tri, Real thickness,
                     const std::vector<Contact>& colliderContacts, SelfContact& sc) const;
    // One within-pieces resolution's state: what its passes share.
    struct EdgeSweep {
        Particles& P;
        std::vector<Real>& budget;
        Real thickness = 0;
        int axis = 0;       // the sweep axis
        Real maxShort = 0;  // the longest short box along it
        Real drift = 0;     // the largest correction made since the boxes were taken
        int projections = 0;
        size_t work = 0, workLimit = 0;  // pairs of boxes looked at, and the bound
    };
    // Counts one pair of boxes looked at; true (and cutShort_) past the work bound.
    bool spent(EdgeSweep& sweep);
    // Edge a-b against mesh edge e.
    void resolve(EdgeSweep& sweep, int a, int b, int e);
    // Every short box against the boxes that start before it ends, each long box against all.
    void firstEdgePass(EdgeSweep& sweep);
    // The edges the last pass moved against every box; false when nothing was moved or resolved.
    bool laterEdgePass(EdgeSweep& sweep);
    // Between pieces: each pair's vertex's edges against its triangle's edges.
    int resolveEdgesOfPairs(Particles& P, Real thickness, const std::vector<SelfContact>& pairs,
                            std::vector<Real>& budget);
    std::vector<int> edgesTested_;  // the edges tested within pieces (near a vertex-triangle pair)
    std::vector<Aabb> edgeBoxes_;   // their swept boxes
    std::vector<int> edgesMoved_;   // a later pass's queries
    std::vector<uint8_t> marked_;   // per particle: in a vertex-triangle pair, then moved
    std::vector<std::pair<Real, int>> edgeOrder_;  // (box low end on the sweep axis, index)
    std::vector<uint8_t> edgeLong_;                // per tested edge: its box is long
    std::vector<int> longEdges_;                   // the tested edges with long boxes
    bool cutShort_ = false;
    WorkBound contactWork_, edgeWork_;
};

// The constraint value and barycentric weights of q's projection onto the triangle (pure).
Real evaluateSelfContact(const Vec3& q, const Vec3& p1, const Vec3& p2, const Vec3& p3, Real side,
                         Real thickness, Vec3* normal, Real bary[3]);

// Signed distance (a - c) . n between the lines of edges (a, b) and (c, d) along their unit
// common normal n = (b - a) x (d - c) / |...|, and the closest points' parameters u, v (on the
// lines); n = 0 for (near) parallel edges. Its gradient is (1 - u) n, u n, -(1 - v) n, -v n.
Real evaluateEdgeContact(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d, Vec3* n,
                         Real* u, Real* v);

// One Gauss-Seidel pass over the self contacts (stiffness 1, inequality). Sets the side of
// a contact once q is over its triangle; spends the particles' budgets.
void projectSelfContacts(Particles& P, std::vector<SelfContact>& contacts, Real thickness,
                         std::vector<Real>& budget);

}  // namespace sim
