#pragma once
// Compare mode from a running window: key V and the Solver panel's "compare" row split the
// running scene into panes from its current state, one per solver, and V goes back to one
// pane. The first pane keeps the running world and solver; each new pane loads the same scene
// and the first pane's state file (sim/io/state_file.h), so every pane continues from the same
// frame. `--compare` opens the window split (window_loop.cpp); both share the panes' plumbing
// of sandbox.h (send, takeSnapshot, paneRect).
#include <vector>

#include "app/gui/sandbox.h"

namespace app::gui {

// The solvers on screen after the call: the first pane's solver and the others of `solvers`
// in their order (2 to 4 in all), or one pane when `solvers` names fewer than two. Recorded as
// a "compare" event (input_script_file.h), so a session replays its splits.
void setComparePanes(Sandbox& s, const std::vector<sim::SolverKind>& solvers);
// V: split into the running solver and those ticked in the Solver panel; with panes, one pane.
void toggleCompare(Sandbox& s);
// The solvers V splits into: the running one first, then the ticked ones (by default MGPBD,
// or PBD when MGPBD runs).
std::vector<sim::SolverKind> splitSolvers(const Sandbox& s);
// Whether the Solver panel's compare row has `kind` ticked.
bool splitTicked(const Sandbox& s, sim::SolverKind kind);
void setSplitTicked(Sandbox& s, sim::SolverKind kind, bool ticked);

}  // namespace app::gui
