#version 330 core
// Cloth and soft-body surfaces, solids (colliders), and their planar shadows on the ground.
layout(location = 0) in vec3 aPos;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in float aStrain;

uniform mat4 uViewProj;
uniform mat4 uModel;
uniform int uShadowPass;  // 1: flatten onto the ground along the light direction
uniform vec3 uLightDir;   // unit, towards the light
uniform float uGroundY;

out vec3 vNormal;
out vec3 vWorld;
out float vStrain;

void main() {
    vec3 p = (uModel * vec4(aPos, 1.0)).xyz;
    if (uShadowPass == 1) {
        float h = max(p.y - uGroundY, 0.0);
        p -= uLightDir * (h / max(uLightDir.y, 0.05));
        p.y = uGroundY + 0.002;
    }
    vWorld = p;
    vNormal = mat3(uModel) * aNormal;
    vStrain = aStrain;
    gl_Position = uViewProj * vec4(p, 1.0);
}
