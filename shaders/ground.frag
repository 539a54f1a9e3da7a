#version 330 core
// Anti-aliased grid lines (minor every 0.1 m, major every 1 m) fading with distance.
in vec3 vWorld;
uniform vec3 uEye;
uniform vec3 uSkyColor;
out vec4 fragColor;

float gridLine(vec2 coord) {
    vec2 g = abs(fract(coord - 0.5) - 0.5) / fwidth(coord);
    return 1.0 - min(min(g.x, g.y), 1.0);
}

void main() {
    float minor = gridLine(vWorld.xz * 10.0);
    float major = gridLine(vWorld.xz);
    vec3 c = vec3(0.40, 0.41, 0.43);
    c = mix(c, vec3(0.47, 0.48, 0.50), minor * 0.6);
    c = mix(c, vec3(0.62, 0.63, 0.66), major);
    float d = length(vWorld.xz - uEye.xz);
    float fog = clamp((d - 4.0) / 14.0, 0.0, 1.0);
    fragColor = vec4(mix(c, uSkyColor, fog), 1.0);
}
