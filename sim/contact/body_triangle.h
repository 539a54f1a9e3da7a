#pragma once
// Rigid body features against cloth and soft-body triangles, PBD §4.2: "testing only cloth
// vertices is not enough because small rigid bodies can fall through large cloth
// triangles; collisions of the convex corners of rigid bodies against the cloth triangles
// are also tested". A feature point f of a body (a box's corners and points along its
// edges, a sphere's centre, points along a capsule's axis, each with the shape's radius r
// around it) keeps to the side s of the triangle it started on, r + h away:
//     C(f, p1, p2, p3) = s (f - p1) . n - g >= 0,   n = (p2-p1) x (p3-p1) / |...|   (PBD eq. 12)
// with g = min(r + h, the distance it started at) (a pair that starts closer is held, not
// pushed apart: no energy added, as in self_collision.h). While f is beside the triangle
// (its projection outside) a round feature keeps C = |f - c| - g >= 0 from the triangle's
// closest point c instead: a sphere overlaps a triangle whose plane its centre is beside. As there,
// n is held fixed within a projection and the triangle's part is spread by the barycentric weights
// b_k of f's projection: grad_f C = s n (the body at lever f - x), grad_pk C = -s b_k n; the body's
// generalized inverse mass enters the denominator, so the exchange conserves momentum.
#include <array>
#include <vector>

#include "sim/core/particles.h"
#include "sim/rigid/rigid_body.h"

namespace sim {

struct BodyTriangleContact {
    int body = 0;
    int tri[3] = {0, 0, 0};
    Vec3 local = Vec3::Zero();  // the feature point in the body's frame
    Real reach = 0;             // r + h [m]
    Real thickness = 0;         // h [m]
    Real pushed = 0;            // normal correction so far this substep [m], for friction
    Real side = 0;              // +1 / -1, 0 while f is beside the triangle (side unknown)
    Real start = 0;             // f's signed plane distance at the start of the substep [m]
    Real gap = 0;               // distance kept while over the triangle [m]
    bool round = false;         // r > 0: keeps besideGap from the closest point while beside
    Real besideGap = 0;         // min(r + h, the closest-point distance it started at) [m]
};

// The feature points of a body for triangle contacts, in its frame; returns the count (<= 44).
int triangleFeatures(const RigidBody& body, Vec3 out[44], Real* radius);

// Replaces `contacts` with the (feature, triangle) pairs that can meet this substep: the
// feature's start distance from the triangle within r + h plus their relative motion.
void generateBodyTriangleContacts(const std::vector<RigidBody>& bodies, const Particles& P,
                                  const std::vector<std::array<int, 3>>& triangles, Real thickness,
                                  std::vector<BodyTriangleContact>& contacts);

// One Gauss-Seidel pass (stiffness 1, inequality), each contact followed by its friction at
// the position level (Macklin et al. 2014 eq. 24-25: the tangential slip of the body's
// touching point over the triangle undone below mu_s * pushed, else cut by mu_k * pushed).
void projectBodyTriangleContacts(std::vector<RigidBody>& bodies, Particles& P,
                                 std::vector<BodyTriangleContact>& contacts, Real muStatic,
                                 Real muKinetic);

}  // namespace sim
