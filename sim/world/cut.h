#pragma once
// The knife: a stroke the user drags across the cloth cuts it. In world terms the stroke is
// the wedge swept by the view rays from `eye` through the stroke's two ends `a` and `b`
// (the app gets them from its picking rays; a script may give any three points). Every
// stretch edge that crosses the wedge is cut: each vertex of a cut edge is split
// (vertex_split.h) by the wedge's plane, so the triangles on either side of the stroke stop
// sharing vertices along it. Rest lengths and angles are kept; each split is logged
// (World::noteSplit).
#include "sim/world/world.h"

namespace sim {

struct KnifeStroke {
    Vec3 eye = Vec3::Zero();
    Vec3 a = Vec3::Zero();
    Vec3 b = Vec3::Zero();
};

// Number of stretch edges the stroke crosses (current positions p).
int countCutEdges(const World& world, const KnifeStroke& stroke);

// Cuts the cloth along the stroke; returns the number of vertices split.
int cutAlongStroke(World& world, const KnifeStroke& stroke);

}  // namespace sim
