#version 330 core
// Double-sided shading: the back face flips its normal and takes its own colour. Light is a
// hemispherical ambient term plus one directional light with a small specular highlight;
// the strain heat map replaces the base colour (blue 0 -> green -> red at uHeatmapMax).
in vec3 vNormal;
in vec3 vWorld;
in float vStrain;

uniform vec3 uFrontColor;
uniform vec3 uBackColor;
uniform int uShadowPass;
uniform vec4 uShadowColor;
uniform int uHeatmap;
uniform float uHeatmapMax;
uniform vec3 uLightDir;
uniform vec3 uEye;
uniform float uAlpha;  // < 1 where a solid is drawn see-through over a surface

out vec4 fragColor;

vec3 heat(float s) {
    float t = clamp(s, 0.0, 1.0);
    vec3 cold = vec3(0.15, 0.35, 0.95), mid = vec3(0.15, 0.85, 0.35), hot = vec3(0.95, 0.2, 0.1);
    return t < 0.5 ? mix(cold, mid, t * 2.0) : mix(mid, hot, t * 2.0 - 1.0);
}

void main() {
    if (uShadowPass == 1) {
        fragColor = uShadowColor;
        return;
    }
    vec3 n = normalize(vNormal);
    vec3 base = uFrontColor;
    if (!gl_FrontFacing) {
        n = -n;
        base = uBackColor;
    }
    if (uHeatmap == 1) base = heat(vStrain / uHeatmapMax);
    vec3 v = normalize(uEye - vWorld);
    float diffuse = max(dot(n, uLightDir), 0.0);
    float hemi = 0.5 + 0.5 * n.y;
    vec3 ambient = mix(vec3(0.26, 0.24, 0.23), vec3(0.50, 0.53, 0.60), hemi);
    vec3 h = normalize(uLightDir + v);
    float spec = pow(max(dot(n, h), 0.0), 40.0) * 0.12 * step(0.0, diffuse);
    float rim = pow(1.0 - max(dot(n, v), 0.0), 3.0) * 0.10;
    vec3 c = base * (ambient + 0.80 * diffuse * vec3(1.0, 0.96, 0.90)) + vec3(spec + rim);
    fragColor = vec4(pow(c, vec3(1.0 / 1.15)), uAlpha);
}
