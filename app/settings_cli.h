#pragma once
// The command-line face of the parameter table (sim/core/params.h), shared by pbd-sandbox
// and pbd-bench so that both spell, check and apply a setting the same way: one
// `--<name> VALUE` option per parameter, applied in the order given, and the scene
// parameters (tetgen bounds, ARAP form) that a scene is built from.
#include <CLI/CLI.hpp>
#include <deque>
#include <string>
#include <utility>

#include "sim/core/params.h"
#include "sim/scenes/scene_table.h"

namespace app {

class SettingsOverrides {
  public:
    // Adds --<name> for every parameter of `group` ("" = all groups) down to `deepest`; the
    // product's settings, then with ParamLevel::Bench pbd-bench's knobs.
    void addFlags(CLI::App& cli, const std::string& group, sim::ParamLevel deepest);
    // Sets every given parameter; on error names the flag, the value and the valid range and
    // leaves `settings` unchanged.
    std::string apply(sim::Settings& settings) const;
    // The same for one solver's settings block alone (pbd-bench experiments).
    template <class Block>
    std::string apply(Block& block) const {
        sim::Settings s;
        s.block<Block>() = block;
        if (std::string e = apply(s); !e.empty()) return e;
        block = s.block<Block>();
        return {};
    }
    bool given(const std::string& name) const;
    // Adds one value as if given on the command line (tests, the window's defaults).
    void set(const std::string& name, const std::string& value);

  private:
    // Per parameter, the value given (empty = not given), in table order; a deque, since the
    // CLI keeps references to the strings.
    std::deque<std::pair<const sim::ParamDesc*, std::string>> values_;
};

// --tet-quality, --tet-max-volume and --arap-form into `params`; check them with
// checkSceneParams after parsing.
void addSceneFlags(CLI::App& cli, sim::SceneParams& params, std::string& arapForm);
std::string checkSceneParams(sim::SceneParams& params, const std::string& arapForm);

}  // namespace app
