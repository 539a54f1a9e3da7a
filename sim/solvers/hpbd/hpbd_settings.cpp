#include "sim/solvers/hpbd/hpbd_settings.h"

#include <cmath>
#include <sstream>

namespace sim {

namespace {

template <class T>
std::string bad(const char* field, T value, const char* rule) {
    std::ostringstream out;
    out << "setting 'hpbd." << field << "' = " << value << " is invalid: " << rule;
    return out.str();
}

}  // namespace

std::string HpbdSettings::validate() const {
    if (levels < 0 || levels > 16) return bad("levels", levels, "must be in [0, 16]");
    if (parents < 1 || parents > 8) return bad("parents", parents, "k must be in [1, 8]");
    if (passesPerLevel < 1 || passesPerLevel > 100)
        return bad("passes_per_level", passesPerLevel, "must be in [1, 100]");
    if (minLevelParticles < 1) return bad("min_level_particles", minLevelParticles, "must be >= 1");
    if (!(weightEpsilon > 0) || !std::isfinite(weightEpsilon))
        return bad("weight_epsilon", weightEpsilon, "must be finite and > 0");
    if (showLevel < 0 || showLevel > 16) return bad("show_level", showLevel, "must be in [0, 16]");
    return {};
}

}  // namespace sim
