#include "sim/scenes/scene_budget.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>

namespace sim {

namespace {

// Bytes per particle, per cloth constraint and per tet constraint row (ARAP rows carry a
// 3x3 rest inverse), plus the program's own footprint, with room for vectors that grow by
// doubling. Chosen so that the estimate stays above the peak memory a headless run of the
// large cloths and the beam reaches. The estimate and the limit are for the scene, not the
// program (a CUDA build's program alone is larger).
constexpr double kBytesPerParticle = 150, kBytesPerClothConstraint = 90, kBytesPerTetRow = 300,
                 kBaseBytes = 8e6;

struct Size {
    double particles, constraints;
    double bytesPerConstraint = kBytesPerClothConstraint;
};

// A cols x rows grid: (cols + 1)(rows + 1) particles, perQuad constraints per quad
// (3 edges + 3 bending hinges).
Size grid(double cols, double rows, double perQuad = 6) {
    return {(cols + 1) * (rows + 1), perQuad * cols * rows};
}

// A box of n x a x a cubes, 6 tets per cube, one constraint of `rows` rows per tet (the
// strain form's six rows are one multi-row constraint).
Size box(double n, double a, double rows) {
    return {(n + 1) * (a + 1) * (a + 1), 6 * n * a * a, rows * kBytesPerTetRow};
}

// tetgen on a closed surface of `triangles`, fitted per scene to real builds (constraints
// and particles per surface triangle; six strain rows per tet constraint).
Size tetgen(double triangles, double particlesPerTriangle, double constraintsPerTriangle) {
    return {particlesPerTriangle * triangles + 1, constraintsPerTriangle * triangles,
            6 * kBytesPerTetRow};
}

double icosphereTriangles(double level) {
    return 20 * std::pow(4.0, std::max(0.0, level));
}

// Two sizes as one (a cloth with a soft body on it); constraint bytes are summed per part.
Size plus(const Size& a, const Size& b) {
    const double c = a.constraints + b.constraints;
    const double bytes =
        a.constraints * a.bytesPerConstraint + b.constraints * b.bytesPerConstraint;
    return {a.particles + b.particles, c, c > 0 ? bytes / c : kBytesPerClothConstraint};
}

// The soft-body laws are fitted to the sizes the scenes build (particles and constraints per
// surface triangle of the bunny, the capsule, ball_drop's and softbody_on_cloth's balls);
// SceneBudgetSlow.EveryScenesEstimateMatchesItsBuild checks every law against its scene.
const std::map<std::string, std::function<Size(double)>>& laws() {
    static const std::map<std::string, std::function<Size(double)>> table = {
        {"hanging_cloth", [](double r) { return grid(r, r); }},
        {"curtain", [](double r) { return grid(r, std::max(1.0, r * 3 / 4)); }},
        {"cloth_on_sphere", [](double r) { return grid(r, r); }},
        {"pendulum_chain",
         [](double r) {
             return Size{r + 1, r};
         }},
        {"bunny_squash",
         [](double r) {
             return r < 16 ? tetgen(2 * r * std::max(2.0, r / 4) + 2 * r, 1, 2)
                           : tetgen(std::min(r * r, 7e4), 4.4, 22);
         }},
        {"beam", [](double r) { return box(r, std::max(1.0, std::floor(r / 8)), 6); }},
        {"bar_twist", [](double r) { return box(r, std::max(1.0, std::floor(r / 10)), 1); }},
        {"ball_drop",
         [](double r) {
             double t = 0;
             for (int k = 0; k < 3; ++k) t += icosphereTriangles(r - 2 + k);
             return tetgen(t, 0.65, 2);
         }},
        {"softbody_on_cloth",
         [](double r) {
             return plus(grid(r, r), tetgen(icosphereTriangles(r >= 24 ? 3 : 2), 0.6, 5));
         }},
        {"mgpbd_cloth", [](double r) { return grid(r, r, 3); }},
        {"tearable_cloth",
         [](double r) { return grid(r, std::max(1.0, std::floor(r * 51 / 81))); }},
        {"self_collision_fold", [](double r) { return grid(r, r); }},
        {"rotating_barrel", [](double r) { return grid(r, r); }},
        {"cloth_on_mesh", [](double r) { return grid(r, r); }},
        {"moving_sphere", [](double r) { return grid(r, r); }},
        {"rigid_stack", [](double r) { return grid(r, std::max(2.0, std::floor(r * 3 / 4))); }},
        // An icosphere of 20 4^r triangles: 10 4^r + 2 particles, an edge and a hinge per
        // edge (30 4^r each) and one pressure constraint, whose lists hold ~8 bytes a particle.
        {"balloon",
         [](double r) {
             const double t = icosphereTriangles(r);
             return Size{t / 2 + 2, 3 * t + 1};
         }},
    };
    return table;
}

std::string megabytes(double bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f MB", bytes / 1e6);
    return buf;
}

std::string count(double n) {
    char buf[32];
    if (n >= 1e6)
        std::snprintf(buf, sizeof buf, "%.1f M", n / 1e6);
    else if (n >= 1e4)
        std::snprintf(buf, sizeof buf, "%.0f k", n / 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.0f", n);
    return buf;
}

}  // namespace

SceneEstimate estimateScene(const std::string& name, int resolution) {
    SceneEstimate e;
    const auto it = laws().find(name);
    if (it == laws().end()) return e;
    const Size s = it->second(static_cast<double>(resolution));
    e.particles = s.particles;
    e.constraints = s.constraints;
    e.bytes = kBaseBytes + kBytesPerParticle * s.particles + s.bytesPerConstraint * s.constraints;
    e.known = true;
    return e;
}

double sceneMemoryLimit() {
    const double ram = static_cast<double>(::sysconf(_SC_PHYS_PAGES)) *
                       static_cast<double>(::sysconf(_SC_PAGE_SIZE));
    const double oneGiB = 1.0 * (1 << 30);
    return ram > 0 ? std::min(oneGiB, ram / 4) : oneGiB;
}

std::string checkSceneBudget(const std::string& name, int resolution, bool allowLarge) {
    const SceneEstimate e = estimateScene(name, resolution);
    if (!e.known) return {};
    const std::string what = "about " + count(e.particles) + " particles, " + count(e.constraints) +
                             " constraints and " + megabytes(e.bytes) + " (estimate)";
    if (e.bytes > sceneMemoryLimit() && !allowLarge)
        return "resolution " + std::to_string(resolution) + " needs " + what + ", more than the " +
               megabytes(sceneMemoryLimit()) + " limit; pass --allow-large to build it anyway";
    if (e.bytes > kAnnounceBytes)
        std::fprintf(stderr, "pbd-sandbox: building '%s' at resolution %d: %s\n", name.c_str(),
                     resolution, what.c_str());
    return {};
}

}  // namespace sim
