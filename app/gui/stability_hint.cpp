#include "app/gui/stability_hint.h"

#include <cstdio>

namespace app::gui {

std::string stabilityWarning(const sim::Settings& s) {
    const double h = s.substepDt();
    if (!(h > kInaccurateSubstep)) return {};
    char text[256];
    std::snprintf(
        text, sizeof text,
        "substep %.3g s (dt %.3g s / %d substeps) is %s: lower dt or raise substeps "
        "until dt/substeps <= %.4f s",
        h, s.frameDt, s.substeps,
        h >= kUnstableSubstep ? "likely to blow up (non-finite)" : "long: cloth overstretches",
        kInaccurateSubstep);
    return text;
}

}  // namespace app::gui
