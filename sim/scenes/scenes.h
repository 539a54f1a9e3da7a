#pragma once
// One function per scene file; scene_table.cpp lists them.
#include "sim/scenes/scene_table.h"

namespace sim {

SceneInfo hangingClothScene();
SceneInfo curtainScene();
SceneInfo clothOnSphereScene();
SceneInfo pendulumChainScene();
SceneInfo tearableClothScene();
SceneInfo selfCollisionFoldScene();
SceneInfo rotatingBarrelScene();
SceneInfo clothOnMeshScene();
SceneInfo movingSphereScene();

}  // namespace sim
