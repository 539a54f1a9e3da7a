#pragma once
// What a person sees of the world besides its surfaces, described through DebugDraw
// (Box2D b2World_Draw, Jolt DebugRenderer): every collider in its current pose (spheres,
// boxes, capsules, mesh colliders by their source mesh, an upward plane as the ground and
// any other plane as a finite patch), pinned particles, the grab, contacts on request, the
// particles no surface shows (chains), and on request the inner structure of soft bodies.
// The renderer draws what it is told and knows no collider types. Also the bounds a camera
// frames: the scene at load, and the moving subject.
#include <vector>

#include "sim/core/debug_draw.h"

namespace sim {

class World;

struct DrawOptions {
    bool colliders = true;
    bool pins = true;
    bool grab = true;
    bool contacts = false;
    bool looseParticles = true;  // particles on no triangle and in no tet, and their links
    bool tetEdges = false;       // soft bodies' tet edges (the wireframe view)
    bool particles = false;      // every particle (the particle view)
    bool solver = true;          // the solver's own overlay (Solver::debugDraw)
    float pointScale = 1;        // multiplies point sizes (the window's content scale)
};

void drawWorld(const World& world, DebugDraw& draw, const DrawOptions& options);

struct Bounds {
    Vec3 lo = Vec3::Constant(1e300);
    Vec3 hi = Vec3::Constant(-1e300);
    bool empty() const { return !(lo.x() <= hi.x()); }
    void add(const Vec3& p) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    }
    Vec3 center() const { return 0.5 * (lo + hi); }
};

// The whole scene: every particle, every finite collider, and the ground below them.
Bounds sceneBounds(const World& world);
// The subject that moves: particles with mass (and the grabbed one).
Bounds subjectBounds(const World& world);

// 1 for particles that are in no triangle and no tet (chains, ropes): drawn as points.
std::vector<char> looseParticles(const World& world);

}  // namespace sim
