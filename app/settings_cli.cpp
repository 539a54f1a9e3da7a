#include "app/settings_cli.h"

namespace app {

void SettingsOverrides::addFlags(CLI::App& cli, const std::string& group, sim::ParamLevel deepest) {
    auto add = [&](std::span<const sim::ParamDesc> rows) {
        for (const sim::ParamDesc& p : rows) {
            if (!group.empty() && group != p.group) continue;
            if (static_cast<int>(p.level) > static_cast<int>(deepest)) continue;
            std::string& value = values_.emplace_back(&p, std::string()).second;
            std::string help = p.help;
            if (*p.unit) help += std::string(" [") + p.unit + "]";
            cli.add_option("--" + std::string(p.name), value, help)
                ->type_name(p.type == sim::ParamType::Bool ? "BOOL" : "VALUE");
        }
    };
    add(sim::allParams());
    if (deepest == sim::ParamLevel::Bench) add(sim::benchParams());  // after: they refine a preset
}

std::string SettingsOverrides::apply(sim::Settings& settings) const {
    sim::Settings next = settings;
    for (const auto& [p, value] : values_) {
        if (value.empty()) continue;
        if (std::string e = sim::setParam(next, *p, value); !e.empty()) return e;
    }
    if (std::string e = next.validate(); !e.empty()) return e;
    settings = next;
    return {};
}

bool SettingsOverrides::given(const std::string& name) const {
    for (const auto& [p, value] : values_)
        if (name == p->name) return !value.empty();
    return false;
}

void SettingsOverrides::set(const std::string& name, const std::string& value) {
    for (auto& [p, v] : values_)
        if (name == p->name) {
            v = value;
            return;
        }
    if (const sim::ParamDesc* p = sim::findParam(name)) values_.emplace_back(p, value);
}

void addSceneFlags(CLI::App& cli, sim::SceneParams& params, std::string& arapForm) {
    cli.add_option("--tet-quality", params.tetgen.quality,
                   "tetgen radius-edge bound for soft-body meshes (0 = off, else in [1, 10])");
    cli.add_option("--tet-max-volume", params.tetgen.maxVolume,
                   "tetgen max tet volume [m^3] (0 = none)");
    cli.add_option("--tetgen-timeout", params.tetgen.timeoutSeconds,
                   "seconds before a tetgen run is killed (default 120)");
    cli.add_flag("--allow-large", params.allowLarge,
                 "build a scene even if its memory estimate is over the limit");
    cli.add_option("--arap-form", arapForm,
                   "ARAP rows per soft-body tet: strain (six) or norm (one); default: the scene's");
}

std::string checkSceneParams(sim::SceneParams& params, const std::string& arapForm) {
    if (std::string e = params.tetgen.validate(); !e.empty()) return e;
    if (!arapForm.empty()) {
        sim::ArapForm form;
        if (!sim::parseArapForm(arapForm, form))
            return "--arap-form '" + arapForm + "' is invalid: must be strain or norm";
        params.arapForm = form;
    }
    return {};
}

}  // namespace app
