#pragma once
// The rigid bodies' part of the substep's stages (profile.h; rigid_world.h gives the order):
// free functions of the substep's context, so World::runStage names them like its other
// stages, and the solvers project the coupling through the same context.
#include "sim/contact/step_context.h"

namespace sim {

// Stage::RigidBodies, after the kinematics (a scene's script may set a body's velocity) and
// before the particle contacts: the bodies' poses predicted (Müller 2020 Alg. 2 line 7),
// body-body and body-collider contacts generated and iterated, the colliders posed, and the
// bodies' feature points paired with the cloth and soft-body triangles (body_triangle.h).
// draggedCollider: the collider the mouse holds (-1 for none); its body is held kinematic.
void stepRigidBodies(const StepContext& ctx, int draggedCollider, Real dt);
// In every solver iteration (projectCollisions): the particle <-> body contacts and
// attachments, the feature-triangle contacts and one pass of the body-body contacts, all
// two-way.
void projectRigidCoupling(const StepContext& ctx, Real dt);
// Stage::PostProjection: the particle <-> body contacts once more in the bodies' final
// pose, the feature-triangle contacts and a shock-propagation pass from the ground up.
void finishRigidContacts(const StepContext& ctx, Real dt);
// Stage::Velocities (lines 12-15) and Stage::FrictionRestitution (line 16) for the bodies:
// the particle <-> body contacts share their friction and restitution impulses with the body.
void updateRigidVelocities(const StepContext& ctx, Real dt);
void rigidFrictionRestitution(const StepContext& ctx, Real dt);

// True when every body's pose and velocities are finite (the step's check after each stage).
bool rigidBodiesFinite(const RigidWorld& rigid);

}  // namespace sim
