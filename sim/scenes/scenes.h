#pragma once
// One function per scene file; scene_table.cpp lists them.
#include <string>

#include "sim/scenes/scene_table.h"
#include "sim/topology/tet_mesh.h"

namespace sim {

SceneInfo hangingClothScene();
SceneInfo curtainScene();
SceneInfo clothOnSphereScene();
SceneInfo pendulumChainScene();
SceneInfo bunnySquashScene();
SceneInfo beamScene();
SceneInfo barTwistScene();
SceneInfo ballDropScene();
SceneInfo softbodyOnClothScene();

// The rest meshes of the soft-body scenes, for benchmarks measuring against them.
// `source` (optional) says which body bunny_squash used: the bunny or the capsule, and why.
std::string bunnySquashMesh(const SceneParams& params, TetMesh& rest,
                            std::string* source = nullptr);
TetMesh beamMesh(int resolution);
SceneInfo mgpbdClothScene();
SceneInfo tearableClothScene();
SceneInfo selfCollisionFoldScene();
SceneInfo rotatingBarrelScene();
SceneInfo clothOnMeshScene();
SceneInfo movingSphereScene();
SceneInfo rigidStackScene();
SceneInfo balloonScene();

}  // namespace sim
