#pragma once
// The ImGui panels: Scene, Solver, Stats and Help, sized for the window's content scale,
// and the overlays (overlays.cpp): the recording indicator, the heat-map legend and the
// banner of a failed step. Settings are edited on a copy, validated, and only then sent to
// the simulation thread, so a change applies between two steps and a bad value never
// reaches the simulation.
#include "app/gui/sandbox.h"

namespace app::gui {

void drawPanels(Sandbox& s);
void drawOverlays(Sandbox& s);

// Compare mode's pane labels are the ImGui windows named with this prefix: the recording
// draws them (and the heat map's legend) into the video, which shows no panels.
inline constexpr const char* kPaneLabelPrefix = "##pane";

}  // namespace app::gui
