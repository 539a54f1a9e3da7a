// HPBD's parameters (params.h).
#include "sim/core/params.h"
#include "sim/solvers/hpbd/hpbd_settings.h"

namespace sim {

std::span<const ParamDesc> hpbdParams() {
    using T = ParamType;
    using L = ParamLevel;
    static const char* const kProjection[] = {"stiffness", "compliance"};
    static const ParamDesc table[] = {
        {"hpbd-levels", "hpbd", T::Int, L::Basic, 0, 16, false, "",
         "coarse levels above the mesh (0 = plain PBD/XPBD), §6", nullptr, 0,
         PBD_FIELD(block<HpbdSettings>().levels)},
        {"hpbd-parents", "hpbd", T::Int, L::Basic, 1, 8, false, "",
         "k of §6.2: least number of parents per fine particle", nullptr, 0,
         PBD_FIELD(block<HpbdSettings>().parents)},
        {"hpbd-passes", "hpbd", T::Int, L::Basic, 1, 100, false, "",
         "Gauss-Seidel passes on each coarse level (§7 step 3)", nullptr, 0,
         PBD_FIELD(block<HpbdSettings>().passesPerLevel)},
        {"hpbd-rest-pose-lengths", "hpbd", T::Bool, L::Advanced, 0, 1, false, "",
         "coarse rest length = rest-pose distance instead of the geodesic sum (Fig. 2b)", nullptr,
         0, PBD_FIELD(block<HpbdSettings>().restPoseLengths)},
        {"hpbd-projection", "hpbd", T::Choice, L::Advanced, 0, 1, false, "",
         "PBD stiffness (k') or XPBD compliance on every level", kProjection, 2,
         PBD_FIELD(block<HpbdSettings>().projection)},
        {"hpbd-show-level", "hpbd", T::Int, L::Basic, 0, 16, false, "",
         "draw this level's particles and constraints (0 = off)", nullptr, 0,
         PBD_FIELD(block<HpbdSettings>().showLevel)},
        {"hpbd-min-level-particles", "hpbd", T::Int, L::Advanced, 1, 1000000, true, "",
         "stop adding levels once a level would be smaller than this", nullptr, 0,
         PBD_FIELD(block<HpbdSettings>().minLevelParticles)},
        {"hpbd-weight-epsilon", "hpbd", T::Real, L::Advanced, 1e-9, 1, true, "m",
         "epsilon of eq. 6", nullptr, 0, PBD_FIELD(block<HpbdSettings>().weightEpsilon)},
    };
    return table;
}

}  // namespace sim
