#include "sim/core/params.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <vector>

namespace sim {

namespace {

std::string number(double v) {
    std::ostringstream out;
    out.precision(10);
    out << v;
    return out.str();
}

std::string rangeText(const ParamDesc& p) {
    if (p.type == ParamType::Bool) return "true or false";
    if (p.type == ParamType::Choice) {
        std::string names;
        for (int k = 0; k < p.choiceCount; ++k)
            names += (k ? " | " : "") + std::string(p.choices[k]);
        return names;
    }
    std::ostringstream out;  // (not "[" + std::string: GCC 12 warns falsely on that)
    out.precision(10);
    out << '[' << p.min << ", " << p.max << ']';
    if (*p.unit) out << ' ' << p.unit;
    return out.str();
}

// A whole-string number; false for trailing text, overflow (1e400) and NaN.
bool parseNumber(std::string_view text, double& out) {
    const std::string s(text);
    if (s.empty()) return false;
    char* end = nullptr;
    errno = 0;
    out = std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size() && errno != ERANGE && std::isfinite(out);
}

bool inRange(const ParamDesc& p, double v) {
    if (!(v >= p.min && v <= p.max)) return false;
    return p.type != ParamType::Int || v == std::floor(v);
}

std::string invalid(const ParamDesc& p, std::string_view text) {
    return "setting '" + std::string(p.name) + "' = " + std::string(text) +
           " is invalid: must be " + (p.type == ParamType::Int ? "an integer in " : "") +
           rangeText(p);
}

}  // namespace

// Every solver's rows, declared from the solver list.
// clang-format off
#define PBD_SOLVER(kind, name, title, make, params) std::span<const ParamDesc> params();
#include "sim/core/solver_list.def"
#undef PBD_SOLVER
#define PBD_SOLVER(kind, name, title, make, params) params,
constexpr std::span<const ParamDesc> (*kSolverParams[])() = {
#include "sim/core/solver_list.def"
};
#undef PBD_SOLVER
// clang-format on

std::span<const ParamDesc> noSolverParams() {
    return {};
}

namespace {

// The world's rows, then each solver's in the list's order: the Bench ones (bench true) or
// every other.
std::vector<ParamDesc> rowsOf(bool bench) {
    std::vector<ParamDesc> out;
    auto add = [&](std::span<const ParamDesc> rows) {
        for (const ParamDesc& p : rows)
            if ((p.level == ParamLevel::Bench) == bench) out.push_back(p);
    };
    add(worldParams());
    for (auto rows : kSolverParams) add(rows());
    return out;
}

}  // namespace

std::span<const ParamDesc> allParams() {
    static const std::vector<ParamDesc> table = rowsOf(false);
    return table;
}

std::span<const ParamDesc> benchParams() {
    static const std::vector<ParamDesc> table = rowsOf(true);
    return table;
}

const ParamDesc* findBenchParam(std::string_view name) {
    for (const ParamDesc& p : benchParams())
        if (name == p.name) return &p;
    return nullptr;
}

const ParamDesc* findFileParam(std::string_view name) {
    const ParamDesc* p = findParam(name);
    return p ? p : findBenchParam(name);
}

bool hasParamGroup(std::string_view group) {
    for (const ParamDesc& p : allParams())
        if (group == p.group) return true;
    return false;
}

const ParamDesc* findParam(std::string_view name) {
    for (const ParamDesc& p : allParams())
        if (name == p.name) return &p;
    return nullptr;
}

std::string paramText(const Settings& s, const ParamDesc& p) {
    switch (p.type) {
        case ParamType::Bool:
            return p.get(s) != 0 ? "true" : "false";
        case ParamType::Choice: {
            const int k = static_cast<int>(p.get(s));
            return k >= 0 && k < p.choiceCount ? p.choices[k] : number(k);
        }
        case ParamType::Vec3: {
            const Vec3 v = p.getVec(s);
            return number(v.x()) + "," + number(v.y()) + "," + number(v.z());
        }
        case ParamType::Int:
        case ParamType::Real:
            return number(p.get(s));
    }
    return {};
}

std::string setParam(Settings& s, const ParamDesc& p, std::string_view text) {
    double v = 0;
    switch (p.type) {
        case ParamType::Bool:
            if (text == "true" || text == "1" || text == "on")
                v = 1;
            else if (text == "false" || text == "0" || text == "off")
                v = 0;
            else
                return invalid(p, text);
            break;
        case ParamType::Choice: {
            v = -1;
            for (int k = 0; k < p.choiceCount; ++k)
                if (text == p.choices[k]) v = k;
            if (v < 0) return invalid(p, text);
            break;
        }
        case ParamType::Vec3: {
            Vec3 out;
            std::string_view rest = text;
            for (int k = 0; k < 3; ++k) {
                const size_t comma = rest.find(',');
                if ((k < 2) != (comma != std::string_view::npos)) return invalid(p, text);
                if (!parseNumber(rest.substr(0, comma), out[k]) || !inRange(p, out[k]))
                    return invalid(p, text);
                rest = k < 2 ? rest.substr(comma + 1) : std::string_view();
            }
            p.setVec(s, out);
            return {};
        }
        case ParamType::Int:
        case ParamType::Real:
            if (!parseNumber(text, v) || !inRange(p, v)) return invalid(p, text);
            break;
    }
    p.set(s, v);
    return {};
}

std::string setParam(Settings& s, std::string_view name, std::string_view text) {
    const ParamDesc* p = findParam(name);
    if (!p) return unknownParamMessage(name);
    return setParam(s, *p, text);
}

std::string unknownParamMessage(std::string_view name) {
    return "unknown setting '" + std::string(name) + "' (see pbd-sandbox --list-params)";
}

namespace {

std::string validateRows(const Settings& s, std::span<const ParamDesc> rows) {
    for (const ParamDesc& p : rows) {
        bool ok = true;
        if (p.type == ParamType::Vec3) {
            const Vec3 v = p.getVec(s);
            for (int k = 0; k < 3; ++k) ok = ok && inRange(p, v[k]);
        } else if (p.type == ParamType::Choice) {
            const double k = p.get(s);
            ok = k >= 0 && k < p.choiceCount;
        } else if (p.type != ParamType::Bool) {
            ok = inRange(p, p.get(s));
        }
        if (!ok) return invalid(p, paramText(s, p));
    }
    return {};
}

}  // namespace

std::string validateParams(const Settings& s) {
    if (std::string e = validateRows(s, allParams()); !e.empty()) return e;
    return validateRows(s, benchParams());
}

std::string paramsMarkdown() {
    std::ostringstream out;
    out << "| name | group | type | range | default | shown | what "
           "|\n|---|---|---|---|---|---|---|\n";
    static const char* kTypes[] = {"int", "real", "bool", "choice", "vec3"};
    static const char* kLevels[] = {"panel", "panel, advanced", "pbd-bench only"};
    const Settings defaults;
    auto cell = [](const std::string& text) {  // a '|' inside a cell would end it
        std::string escaped;
        for (char c : text) {
            if (c == '|') escaped += '\\';
            escaped += c;
        }
        return escaped;
    };
    std::vector<ParamDesc> rows(allParams().begin(), allParams().end());
    rows.insert(rows.end(), benchParams().begin(), benchParams().end());
    for (const ParamDesc& p : rows)
        out << "| `" << p.name << "` | " << p.group << " | " << kTypes[static_cast<int>(p.type)]
            << " | " << cell(rangeText(p)) << (p.logScale ? " (log)" : "") << " | "
            << paramText(defaults, p) << " | " << kLevels[static_cast<int>(p.level)] << " | "
            << p.help << " |\n";
    return out.str();
}

}  // namespace sim
