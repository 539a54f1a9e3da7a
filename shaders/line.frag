#version 330 core
in vec3 vColor;
uniform int uRoundPoints;
out vec4 fragColor;
void main() {
    if (uRoundPoints == 1 && length(gl_PointCoord - vec2(0.5)) > 0.5) discard;
    fragColor = vec4(vColor, 1.0);
}
