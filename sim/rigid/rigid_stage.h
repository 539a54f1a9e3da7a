#pragma once
// The rigid bodies' part of the substep's stages (profile.h; rigid_world.h gives the order):
// free functions of the world, so World::runStage names them like its other stages.
#include "sim/core/types.h"

namespace sim {

class World;

// Stage::RigidBodies, after the kinematics (a scene's script may set a body's velocity) and
// before the particle contacts: the bodies' poses predicted (Müller 2020 Alg. 2 line 7),
// body-body and body-collider contacts generated and iterated, the colliders posed, and the
// bodies' feature points paired with the cloth and soft-body triangles (body_triangle.h).
void stepRigidBodies(World& world, Real dt);
// In every solver iteration (projectCollisions): the particle <-> body contacts and
// attachments, the feature-triangle contacts and one pass of the body-body contacts, all
// two-way.
void projectRigidCoupling(World& world, Real dt);
// Stage::PostProjection: the particle <-> body contacts once more in the bodies' final
// pose, the feature-triangle contacts and a shock-propagation pass from the ground up.
void finishRigidContacts(World& world, Real dt);
// Stage::Velocities (lines 12-15) and Stage::FrictionRestitution (line 16) for the bodies:
// the particle <-> body contacts share their friction and restitution impulses with the body.
void updateRigidVelocities(World& world, Real dt);
void rigidFrictionRestitution(World& world, Real dt);

// True when every body's pose and velocities are finite (the step's check after each stage).
bool rigidBodiesFinite(const World& world);

}  // namespace sim
