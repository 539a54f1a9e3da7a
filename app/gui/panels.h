#pragma once
// The ImGui panels: Scene, Solver, Stats, Help, and the recording indicator. Edits are made
// on a copy of the settings, validated, and only then given to the world, so a slider
// change applies at the next step and a bad value never reaches the simulation.
#include "app/gui/sandbox.h"

namespace app::gui {

void drawPanels(Sandbox& s);

}  // namespace app::gui
