#pragma once
// The MGPBD settings flags of the benches: every MGPBD parameter of the table
// (sim/core/params.h), product and experiment, as --mgpbd-<name> VALUE — the same flags,
// checks and application as pbd-sandbox's (app/settings_cli.h).
#include "app/settings_cli.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"

namespace bench {

struct MgpbdOverrides {
    app::SettingsOverrides flags;
    void add(CLI::App& sub) { flags.addFlags(sub, "mgpbd", sim::ParamLevel::Bench); }
    // Returns an error message, or empty.
    std::string apply(sim::MgpbdSettings& s) const { return flags.apply(s); }
};

}  // namespace bench
