#include "sim/core/settings.h"

#include <cmath>
#include <sstream>

#include "sim/core/params.h"

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
    if (std::string e = validateParams(*this); !e.empty()) return e;
    for (auto [name, mat] : {std::pair{"stretch", &stretch},
                             {"bend", &bend},
                             {"attachment", &attachment},
                             {"volume", &volume},
                             {"arap", &arap}})
        if (std::string e = checkMaterial(name, *mat); !e.empty()) return e;
    return {};
}

namespace {

// clang-format off
#define PBD_SOLVER(kind, name, title, make, params) title,
constexpr const char* kSolverTitles[] = {
#include "sim/core/solver_list.def"
};
#undef PBD_SOLVER
// clang-format on

}  // namespace

const char* solverName(SolverKind kind) {
    const int i = static_cast<int>(kind);
    return i >= 0 && i < kSolverCount ? kSolverNames[i] : "?";
}

const char* solverTitle(SolverKind kind) {
    const int i = static_cast<int>(kind);
    return i >= 0 && i < kSolverCount ? kSolverTitles[i] : "?";
}

std::optional<SolverKind> solverFromName(const std::string& name) {
    for (int i = 0; i < kSolverCount; ++i)
        if (name == kSolverNames[i]) return static_cast<SolverKind>(i);
    return std::nullopt;
}

}  // namespace sim
