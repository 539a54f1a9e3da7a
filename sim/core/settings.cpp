#include "sim/core/settings.h"

#include <cmath>
#include <sstream>

namespace sim {

Material materialFromSlider(Real s, ComplianceRange range) {
    if (!(s >= 0)) s = 0;
    if (s > 1) s = 1;
    Material material;
    material.stiffness = s;
    material.compliance =
        s >= 1.0 ? 0.0 : std::pow(range.softest, 1.0 - s) * std::pow(range.stiffest, s);
    return material;
}

namespace {

bool finite(const Vec3& v) { return v.allFinite(); }

template <class T>
std::string bad(const char* field, T value, const char* rule) {
    std::ostringstream out;
    out << "setting '" << field << "' = " << value << " is invalid: " << rule;
    return out.str();
}

std::string checkMaterial(const char* field, const Material& mat) {
    if (!(mat.stiffness >= 0 && mat.stiffness <= 1))
        return bad(field, mat.stiffness, "stiffness must be in [0, 1]");
    if (!(mat.compliance >= 0) || !std::isfinite(mat.compliance))
        return bad(field, mat.compliance, "compliance must be finite and >= 0");
    return {};
}

}  // namespace

std::string Settings::validate() const {
    if (!(frameDt > 0) || !std::isfinite(frameDt) || frameDt > 1.0)
        return bad("dt", frameDt, "must be in (0, 1] seconds");
    if (substeps < 1 || substeps > 1000) return bad("substeps", substeps, "must be in [1, 1000]");
    if (iterations < 0 || iterations > 100000)
        return bad("iterations", iterations, "must be in [0, 100000]");
    if (!finite(gravity)) return bad("gravity", gravity.transpose(), "must be finite");
    if (!finite(wind)) return bad("wind", wind.transpose(), "must be finite");
    if (!(windDrag >= 0) || !std::isfinite(windDrag))
        return bad("wind_drag", windDrag, "must be finite and >= 0");
    if (auto e = checkMaterial("stretch", stretch); !e.empty()) return e;
    if (auto e = checkMaterial("bend", bend); !e.empty()) return e;
    if (auto e = checkMaterial("attachment", attachment); !e.empty()) return e;
    if (auto e = checkMaterial("volume", volume); !e.empty()) return e;
    if (auto e = checkMaterial("arap", arap); !e.empty()) return e;
    if (!(damping >= 0 && damping <= 1)) return bad("damping", damping, "must be in [0, 1]");
    if (!(collisionThickness >= 0) || !std::isfinite(collisionThickness))
        return bad("thickness", collisionThickness, "must be finite and >= 0");
    if (!(friction >= 0) || !std::isfinite(friction))
        return bad("friction", friction, "must be finite and >= 0");
    if (!(restitution >= 0 && restitution <= 1))
        return bad("restitution", restitution, "must be in [0, 1]");
    if (auto e = hpbd.validate(); !e.empty()) return e;
    if (auto e = mgpbd.validate(); !e.empty()) return e;
    if (!(staticFriction >= 0) || !std::isfinite(staticFriction))
        return bad("static_friction", staticFriction, "must be finite and >= 0");
    if (!(selfThickness > 0) || !std::isfinite(selfThickness))
        return bad("self_thickness", selfThickness, "must be finite and > 0");
    if (!(tearStrain >= 0) || !std::isfinite(tearStrain))
        return bad("tear_strain", tearStrain, "must be finite and >= 0 (0 = no tearing)");
    if (maxTearsPerSubstep < 0) return bad("max_tears", maxTearsPerSubstep, "must be >= 0");
    return {};
}

const char* solverName(SolverKind kind) {
    switch (kind) {
        case SolverKind::PBD: return "pbd";
        case SolverKind::XPBD: return "xpbd";
        case SolverKind::HPBD: return "hpbd";
        case SolverKind::MGPBD: return "mgpbd";
    }
    return "?";
}

std::optional<SolverKind> solverFromName(const std::string& name) {
    for (SolverKind k : {SolverKind::PBD, SolverKind::XPBD, SolverKind::HPBD, SolverKind::MGPBD})
        if (name == solverName(k)) return k;
    return std::nullopt;
}

}  // namespace sim
