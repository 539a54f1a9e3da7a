#include "sim/scenes/scene_file.h"

#include <cstdio>
#include <filesystem>

#include "sim/core/params.h"
#include "sim/io/json_io.h"
#include "sim/scenes/imported_scene.h"
#include "sim/world/world.h"

namespace sim {

using jsonio::json;
using jsonio::Node;
namespace fs = std::filesystem;

namespace {

constexpr size_t kMaxSceneBytes = 64 << 20;
constexpr long kMaxIndex = 1L << 30;

std::string full(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

// A setting's JSON value (number, bool, string, [x, y, z]) as the text setParam reads.
std::string settingText(const Node& n, const ParamDesc& p) {
    const json& j = n.value();
    if (j.is_string()) return j.get<std::string>();
    switch (p.type) {
        case ParamType::Bool:
            return n.boolean() ? "true" : "false";
        case ParamType::Vec3: {
            const Vec3 v = n.vec3(-1e300, 1e300);
            return full(v.x()) + "," + full(v.y()) + "," + full(v.z());
        }
        case ParamType::Choice:
            return n.text();
        case ParamType::Int:
        case ParamType::Real:
            return full(n.number(-1e300, 1e300));
    }
    return {};
}

json settingJson(const ParamDesc& p, const std::string& text) {
    switch (p.type) {
        case ParamType::Bool:
            return text == "true";
        case ParamType::Choice:
            return text;
        case ParamType::Vec3: {
            Vec3 v;
            if (std::sscanf(text.c_str(), "%lf,%lf,%lf", &v.x(), &v.y(), &v.z()) != 3) return text;
            return jsonio::toJson(v);
        }
        case ParamType::Int:
        case ParamType::Real: {
            char* end = nullptr;
            const double v = std::strtod(text.c_str(), &end);
            if (end == text.c_str() || *end) return text;
            if (p.type == ParamType::Int) return static_cast<long>(v);
            return v;
        }
    }
    return text;
}

void readTetgen(const Node& n, TetgenOptions& t) {
    if (auto q = n.find("tet_quality")) t.quality = q->number(0, 10);
    if (auto v = n.find("tet_max_volume")) t.maxVolume = v->number(0, 1e6);
    if (std::string e = t.validate(); !e.empty()) n.fail(e);
}

void readBaseScene(const Node& n, SceneDescription& d) {
    d.scene = n.at("name").text();
    if (!findScene(d.scene))
        n.at("name").fail("unknown scene '" + d.scene + "'; valid scenes: " + sceneNames());
    if (auto r = n.find("resolution")) d.params.resolution = static_cast<int>(r->integer(0, 4096));
    readTetgen(n, d.params.tetgen);
    if (auto a = n.find("arap_form"); a && !a->value().is_null()) {
        ArapForm form;
        if (!parseArapForm(a->text(), form))
            a->fail("'" + a->text() + "' is not an ARAP form: strain or norm");
        d.params.arapForm = form;
    }
}

ImportSpec readImport(const Node& n, const std::string& folder) {
    ImportSpec spec;
    spec.path = n.at("path").text();
    if (fs::path(spec.path).is_relative() && !folder.empty())
        spec.path = (fs::path(folder) / spec.path).string();
    ImportOptions& o = spec.options;
    const std::string kind = n.at("kind").text();
    const auto k = bodyKindFromName(kind);
    if (!k) n.at("kind").fail("'" + kind + "' is not a body kind: cloth or softbody");
    o.kind = *k;
    if (auto v = n.find("tets")) o.targetTets = static_cast<int>(v->integer(100, 2'000'000));
    if (auto v = n.find("triangles")) o.maxTriangles = static_cast<int>(v->integer(0, 20'000'000));
    if (auto v = n.find("pin_top")) o.pinTop = v->boolean();
    if (auto v = n.find("pins")) o.pins = v->ints(-1, 0, kMaxIndex);
    if (auto v = n.find("size")) o.size = v->number(0.01, 100);
    if (auto v = n.find("lift")) o.lift = v->number(-100, 100);
    if (auto v = n.find("place")) o.place = v->vec3(-1e4, 1e4);
    readTetgen(n, o.tetgen);
    if (std::string e = o.validate(); !e.empty()) n.fail(e);
    return spec;
}

void readSettings(const Node& n, SceneDescription& d) {
    if (!n.value().is_object()) n.fail("expected an object of settings by name");
    Settings check;
    for (const auto& [name, value] : n.value().items()) {
        const Node item = n.at(name.c_str());
        const ParamDesc* p = findFileParam(name);
        if (!p) item.fail("unknown setting (pbd-sandbox --list-params lists them)");
        const std::string text = settingText(item, *p);
        if (std::string e = setParam(check, *p, text); !e.empty()) item.fail(e);
        d.settings.emplace_back(name, text);
    }
}

SceneDescription readDescription(const Node& root, const std::string& path) {
    SceneDescription d;
    d.source = path;
    const bool scene = root.has("scene"), imports = root.has("imports");
    if (scene == imports)
        root.fail("needs exactly one of \"scene\" (a built-in scene) or \"imports\" (meshes)");
    if (scene) readBaseScene(root.at("scene"), d);
    if (imports) {
        const Node list = root.at("imports");
        if (list.size() == 0) list.fail("lists no mesh");
        const std::string folder = fs::path(path).parent_path().string();
        for (size_t k = 0; k < list.size(); ++k) d.imports.push_back(readImport(list[k], folder));
    }
    if (auto s = root.find("settings")) readSettings(*s, d);
    if (auto p = root.find("pins")) {
        PinEdits& pins = d.pins.emplace();
        if (auto a = p->find("pinned")) pins.pinned = a->ints(-1, 0, kMaxIndex);
        if (auto a = p->find("unpinned")) pins.unpinned = a->ints(-1, 0, kMaxIndex);
    }
    if (auto c = root.find("colliders")) {
        auto& list = d.colliders.emplace();
        for (size_t k = 0; k < c->size(); ++k)
            list.push_back(jsonio::colliderFromJson((*c)[k], nullptr, true));
    }
    if (auto c = root.find("camera")) {
        if (!c->value().is_object()) c->fail("expected an object (the window's camera)");
        d.camera = c->value().dump();
    }
    return d;
}

}  // namespace

std::string readSceneFile(const std::string& path, SceneDescription& out) {
    try {
        const json j = jsonio::readFile(path, kMaxSceneBytes);
        const Node root(j, path, "");
        if (!j.is_object() || !j.contains("format") || j["format"] != "pbd-sandbox-scene")
            root.fail("not a pbd-sandbox scene file (no \"format\": \"pbd-sandbox-scene\")");
        const long version = root.at("version").integer(0, 1L << 30);
        if (version != kSceneFileVersion)
            root.at("version").fail("version " + std::to_string(version) +
                                    " is not supported (this build reads version " +
                                    std::to_string(kSceneFileVersion) + ")");
        out = readDescription(root, path);
    } catch (const jsonio::JsonError& e) {
        return e.what();
    } catch (const json::exception& e) {
        return path + ": " + e.what();
    }
    return {};
}

std::string writeSceneFile(const std::string& path, const SceneDescription& d) {
    json j;
    j["format"] = "pbd-sandbox-scene";
    j["version"] = kSceneFileVersion;
    if (!d.scene.empty()) {
        json s = {{"name", d.scene},
                  {"resolution", d.params.resolution},
                  {"tet_quality", d.params.tetgen.quality},
                  {"tet_max_volume", d.params.tetgen.maxVolume}};
        s["arap_form"] = d.params.arapForm
                             ? json(*d.params.arapForm == ArapForm::Norm ? "norm" : "strain")
                             : json();
        j["scene"] = s;
    } else {
        json list = json::array();
        for (const ImportSpec& spec : d.imports) {
            const ImportOptions& o = spec.options;
            std::error_code ec;
            const fs::path absolute = fs::absolute(spec.path, ec);
            list.push_back({{"path", ec ? spec.path : absolute.lexically_normal().string()},
                            {"kind", bodyKindName(o.kind)},
                            {"tets", o.targetTets},
                            {"triangles", o.maxTriangles},
                            {"pin_top", o.pinTop},
                            {"pins", o.pins},
                            {"size", o.size},
                            {"lift", o.lift},
                            {"place", jsonio::toJson(o.place)},
                            {"tet_quality", o.tetgen.quality},
                            {"tet_max_volume", o.tetgen.maxVolume}});
        }
        j["imports"] = list;
    }
    json settings = json::object();
    for (const auto& [name, text] : d.settings)
        if (const ParamDesc* p = findParam(name)) settings[name] = settingJson(*p, text);
    j["settings"] = settings;
    if (d.pins) j["pins"] = {{"pinned", d.pins->pinned}, {"unpinned", d.pins->unpinned}};
    if (d.colliders) {
        json list = json::array();
        for (const Collider& c : *d.colliders) list.push_back(jsonio::colliderToJson(c));
        j["colliders"] = list;
    }
    if (!d.camera.empty()) {
        try {
            j["camera"] = json::parse(d.camera);
        } catch (const json::exception&) {
            return path + ": the camera is not valid JSON";
        }
    }
    return jsonio::writeFile(path, j, true);
}

namespace {

std::string buildBase(World& fresh, const SceneDescription& d, SceneBuildInfo& info,
                      std::span<const PreparedImport> prepared) {
    if (d.imports.empty()) {
        if (d.scene.empty()) return d.source + ": names no scene and no mesh";
        return loadScene(fresh, d.scene, d.params);
    }
    std::vector<PreparedImport> own;
    if (prepared.empty()) {
        for (size_t k = 0; k < d.imports.size(); ++k) {
            own.push_back(prepareImport(d.imports[k].path, d.imports[k].options));
            if (!own.back().error.empty())
                return d.source + ": imports[" + std::to_string(k) + "]: " + own.back().error;
        }
        prepared = own;
    } else if (prepared.size() != d.imports.size()) {
        return "buildScene: " + std::to_string(prepared.size()) + " prepared bodies for " +
               std::to_string(d.imports.size()) + " imports";
    }
    for (const PreparedImport& p : prepared) info.imports.push_back(p.report);
    return buildImportedScene(fresh, prepared);
}

std::string applySettings(World& fresh, const SceneDescription& d) {
    Settings next = fresh.settings;
    for (const auto& [name, text] : d.settings) {
        const ParamDesc* p = findFileParam(name);
        if (!p) return d.source + ": settings." + name + ": unknown setting";
        Settings trial = next;
        if (std::string e = setParam(trial, *p, text); !e.empty())
            return d.source + ": settings." + name + ": " + e;
        // Printed alike (10 digits): keep the scene's exact value (materials, 1/60 s steps).
        if (paramText(trial, *p) != paramText(next, *p)) next = trial;
    }
    if (std::string e = next.validate(); !e.empty()) return d.source + ": settings: " + e;
    fresh.settings = next;
    fresh.setSolver(next.solver);
    return {};
}

std::string applyPins(World& fresh, const SceneDescription& d, int built) {
    if (!d.pins) return {};
    for (const auto* list : {&d.pins->pinned, &d.pins->unpinned})
        for (size_t k = 0; k < list->size(); ++k)
            if ((*list)[k] >= built)
                return d.source + ": pins." + (list == &d.pins->pinned ? "pinned" : "unpinned") +
                       "[" + std::to_string(k) + "]: particle " + std::to_string((*list)[k]) +
                       " is out of range: the scene has " + std::to_string(built) + " particles";
    for (int i : d.pins->unpinned) fresh.pin(i, false);
    for (int i : d.pins->pinned) fresh.pin(i, true);
    return {};
}

const char* shapeName(ColliderShape s) {
    static const char* names[] = {"plane", "sphere", "box", "capsule", "mesh"};
    return names[static_cast<int>(s)];
}

std::string applyColliders(World& fresh, const SceneDescription& d) {
    if (!d.colliders) return {};
    std::vector<Collider> list = *d.colliders;
    const size_t own =
        d.imports.empty() ? fresh.colliders.size() : 0;  // the scene's, addressed by its scripts
    if (list.size() < own)
        return d.source + ": colliders: the scene has " + std::to_string(own) +
               " colliders and the file " + std::to_string(list.size()) +
               "; a file may move, resize or add colliders, not remove the scene's";
    for (size_t k = 0; k < list.size(); ++k) {
        Collider& c = list[k];
        const std::string where = d.source + ": colliders[" + std::to_string(k) + "]: ";
        if (k < own && c.shape != fresh.colliders[k].shape)
            return where + "the scene's collider " + std::to_string(k) + " is a " +
                   shapeName(fresh.colliders[k].shape) + ", not a " + shapeName(c.shape) +
                   " (the scene's colliders cannot be reshaped)";
        if (c.shape == ColliderShape::Mesh) {
            if (k >= own) return where + jsonio::kMeshColliderRule;
            c.sdf = fresh.colliders[k].sdf;
        }
        applyMotion(c, 0);
    }
    fresh.colliders = std::move(list);
    return {};
}

}  // namespace

std::string buildScene(World& world, const SceneDescription& d, SceneBuildInfo* infoOut,
                       std::span<const PreparedImport> prepared) {
    World fresh;
    SceneBuildInfo info;
    if (std::string e = buildBase(fresh, d, info, prepared); !e.empty()) return e;
    info.builtParticles = fresh.particles.size();
    for (int i = 0; i < fresh.particles.size(); ++i)
        if (fresh.particles.pinned[i]) info.defaultPins.push_back(i);
    if (std::string e = applySettings(fresh, d); !e.empty()) return e;
    if (std::string e = applyPins(fresh, d, info.builtParticles); !e.empty()) return e;
    if (std::string e = applyColliders(fresh, d); !e.empty()) return e;
    world = std::move(fresh);
    if (infoOut) *infoOut = std::move(info);
    return {};
}

SceneDescription describeScene(const World& world, const SceneDescription& source,
                               const SceneBuildInfo& info) {
    SceneDescription d;
    d.scene = source.scene;
    d.params = source.params;
    d.imports = source.imports;
    d.camera = source.camera;
    d.source = source.source;
    for (const ParamDesc& p : allParams())
        d.settings.emplace_back(p.name, paramText(world.settings, p));
    const Particles& P = world.particles;
    PinEdits pins;
    std::vector<char> wasDefault(info.builtParticles, 0);
    for (int i : info.defaultPins) wasDefault[i] = 1;
    const int n = std::min(info.builtParticles, P.size());
    for (int i = 0; i < n; ++i) {
        const bool pinned = world.grab() && world.grab()->particle == i ? world.grab()->wasPinned
                                                                        : P.pinned[i] != 0;
        if (pinned)
            pins.pinned.push_back(i);
        else if (wasDefault[i])
            pins.unpinned.push_back(i);
    }
    d.pins = std::move(pins);
    d.colliders = world.colliders;
    for (Collider& c : *d.colliders)
        if (c.motion.type != ColliderMotion::Type::Static) applyMotion(c, 0);  // its start pose
    return d;
}

}  // namespace sim
