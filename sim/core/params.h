#pragma once
// Every setting described once (Box2D's b2WorldDef + PhysX's PxSceneDesc::isValid, as a
// table): name, where it lives in Settings, type, range, unit and help. From the table come
// Settings::validate(), the Solver panel's widgets, the command-line flags of pbd-sandbox
// and pbd-bench, scene files and scripted panel events (set by name), and the docs table
// (docs/parameters.md, `pbd-sandbox --list-params`).
//
// A descriptor reads and writes its field through two plain functions, so a setting that is
// not one field (a material slider that sets PBD k and XPBD alpha together, ARAP's shear
// modulus) is described the same way as a plain int.
#include <span>
#include <string>
#include <string_view>

#include "sim/core/settings.h"

namespace sim {

enum class ParamType { Int, Real, Bool, Choice, Vec3 };

// Where a parameter shows: in the Solver panel (Basic), under its collapsed "advanced"
// header (Advanced); or nowhere in the product (Bench): a knob the benches turn to reproduce
// the paper's and our measurements, declared beside the field it sets but listed only by
// benchParams(), so it is no setting of the sandbox's (no flag, widget, file key or script
// name) and only pbd-bench's command line sets it.
enum class ParamLevel { Basic, Advanced, Bench };

struct ParamDesc {
    const char* name;   // flag (--name), scene-file key, panel label: kebab-case
    const char* group;  // "world" or a solver's name ("hpbd", "mgpbd")
    ParamType type;
    ParamLevel level;
    double min, max;   // valid range, inclusive (Int, Real, each Vec3 component)
    bool logScale;     // slider spans decades
    const char* unit;  // "" when dimensionless
    const char* help;
    const char* const* choices = nullptr;  // Choice: names, the value is the index
    int choiceCount = 0;
    double (*get)(const Settings&) = nullptr;  // all but Vec3
    void (*set)(Settings&, double) = nullptr;
    Vec3 (*getVec)(const Settings&) = nullptr;  // Vec3
    void (*setVec)(Settings&, const Vec3&) = nullptr;
};

// The product's settings: world parameters first, then each solver's; no Bench row.
std::span<const ParamDesc> allParams();
const ParamDesc* findParam(std::string_view name);
// pbd-bench's own knobs (ParamLevel::Bench), in the same order; what its --mgpbd-* flags set.
std::span<const ParamDesc> benchParams();
const ParamDesc* findBenchParam(std::string_view name);
// A key a settings file (state, scene) may hold: a setting, or a bench knob, which files
// written before the knobs left the sandbox's settings carry at the values their run used and
// which a reader applies, so that such a file loads as it ran. Files are written without them.
const ParamDesc* findFileParam(std::string_view name);
// Whether any parameter belongs to the group ("hpbd"): a solver with rows of its own.
bool hasParamGroup(std::string_view group);

// The value as text (a choice by name, a vector as "x,y,z"), as setParam reads it.
std::string paramText(const Settings& s, const ParamDesc& p);
// Parses `text` and sets the parameter; returns an error naming the parameter, the value
// and the valid range or choices (settings unchanged on error), or empty.
std::string setParam(Settings& s, const ParamDesc& p, std::string_view text);
std::string setParam(Settings& s, std::string_view name, std::string_view text);
// The message for a name that is no setting, as every reader of settings words it.
std::string unknownParamMessage(std::string_view name);
// The first parameter, product or bench, whose value is outside its range, as a message;
// empty when all are in.
std::string validateParams(const Settings& s);
// Both tables as Markdown (docs/parameters.md).
std::string paramsMarkdown();

// The world's rows (world_params.cpp). Each solver's rows are defined in its folder and named
// by the solver list (solver_list.def); a solver with none names noSolverParams.
std::span<const ParamDesc> worldParams();
std::span<const ParamDesc> noSolverParams();

// Helpers for the table definitions: read and write a field of any arithmetic or enum type
// as a double.
template <class T>
double asDouble(T v) {
    if constexpr (std::is_enum_v<T>)
        return static_cast<double>(static_cast<int>(v));
    else
        return static_cast<double>(v);
}
template <class T>
void fromDouble(T& field, double v) {
    if constexpr (std::is_enum_v<T>)
        field = static_cast<T>(static_cast<int>(v));
    else if constexpr (std::is_same_v<T, bool>)
        field = v != 0;
    else if constexpr (std::is_integral_v<T>)
        field = static_cast<T>(v < 0 ? v - 0.5 : v + 0.5);
    else
        field = static_cast<T>(v);
}

}  // namespace sim

// PBD_FIELD(path): the get/set pair of the plain field settings.path.
#define PBD_FIELD(path)                                               \
    [](const ::sim::Settings& s) { return ::sim::asDouble(s.path); }, \
        [](::sim::Settings& s, double v) { ::sim::fromDouble(s.path, v); }
