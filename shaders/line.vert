#version 330 core
// Overlay lines and points: pins, the grabbed particle, solver debug geometry.
layout(location = 0) in vec3 aPos;
layout(location = 1) in vec4 aColor;  // rgb + point size in pixels
uniform mat4 uViewProj;
out vec3 vColor;
void main() {
    vColor = aColor.rgb;
    gl_PointSize = aColor.a;
    gl_Position = uViewProj * vec4(aPos, 1.0);
}
